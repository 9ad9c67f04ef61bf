import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../http/access';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import { resolveLocale } from '../../http/locale';
import { glossaryListSchema, glossaryTermSchema, idParamSchema, ownerTermSchema } from './schemas';
import type { GlossaryService } from './service';

/**
 * Admin CRUD of the per-domain glossaries, and the signed-in user's own glossary
 * (the team glossary of an individual account; teams reuse it with their own key).
 */
export function glossaryRoutes(app: FastifyInstance, deps: { glossary: GlossaryService }) {
  app.get('/api/admin/glossaries', { config: { access: 'admin' } }, async (request) =>
    deps.glossary.listDomainTerms(parseInput(glossaryListSchema, request.query)),
  );

  app.post('/api/admin/glossaries', { config: { access: 'admin' } }, async (request, reply) => {
    const term = await deps.glossary.createDomainTerm(parseInput(glossaryTermSchema, request.body), requireActor(request).user.id);
    return reply.code(201).send({ status: 201, message: t(resolveLocale(request), 'glossary.created'), data: term });
  });

  app.post('/api/admin/glossaries/update/:id', { config: { access: 'admin' } }, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const term = await deps.glossary.updateDomainTerm(id, parseInput(glossaryTermSchema, request.body));
    return { status: 200, message: t(resolveLocale(request), 'glossary.updated'), data: term };
  });

  app.post('/api/admin/glossaries/delete/:id', { config: { access: 'admin' } }, async (request) => {
    await deps.glossary.deleteDomainTerm(parseInput(idParamSchema, request.params).id);
    return { status: 200, message: t(resolveLocale(request), 'glossary.deleted') };
  });

  app.get('/api/user/glossary', { config: { access: 'verified' } }, async (request) => ({
    data: await deps.glossary.listOwnerTerms(deps.glossary.personalKey(requireActor(request).user)),
  }));

  app.post('/api/user/glossary', { config: { access: 'verified' } }, async (request, reply) => {
    const { user } = requireActor(request);
    const term = await deps.glossary.addOwnerTerm({ ownerKey: deps.glossary.personalKey(user), userId: user.id, teamId: null }, parseInput(ownerTermSchema, request.body));
    return reply.code(201).send({ status: 201, message: t(resolveLocale(request), 'glossary.created'), data: term });
  });

  app.post('/api/user/glossary/delete/:id', { config: { access: 'verified' } }, async (request) => {
    await deps.glossary.deleteOwnerTerm(deps.glossary.personalKey(requireActor(request).user), parseInput(idParamSchema, request.params).id);
    return { status: 200, message: t(resolveLocale(request), 'glossary.deleted') };
  });

  // The team glossary: every member reads it; the owner and managers edit it.
  app.get('/api/team/glossary', { config: { access: 'verified' } }, async (request) => {
    const team = await deps.glossary.teamGlossary(requireActor(request).user, { write: false });
    return { data: await deps.glossary.listOwnerTerms(team.ownerKey) };
  });

  app.post('/api/team/glossary', { config: { access: 'verified' } }, async (request, reply) => {
    const team = await deps.glossary.teamGlossary(requireActor(request).user, { write: true });
    const term = await deps.glossary.addOwnerTerm(team, parseInput(ownerTermSchema, request.body));
    return reply.code(201).send({ status: 201, message: t(resolveLocale(request), 'glossary.created'), data: term });
  });

  app.post('/api/team/glossary/delete/:id', { config: { access: 'verified' } }, async (request) => {
    const team = await deps.glossary.teamGlossary(requireActor(request).user, { write: true });
    await deps.glossary.deleteOwnerTerm(team.ownerKey, parseInput(idParamSchema, request.params).id);
    return { status: 200, message: t(resolveLocale(request), 'glossary.deleted') };
  });
}
