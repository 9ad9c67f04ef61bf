import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../http/access';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import { resolveLocale } from '../../http/locale';
import { ownerKeysFor } from '../translate/owner';
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
    data: await deps.glossary.listOwnerTerms(ownerKeysFor(requireActor(request).user)[0]!),
  }));

  app.post('/api/user/glossary', { config: { access: 'verified' } }, async (request, reply) => {
    const { user } = requireActor(request);
    const term = await deps.glossary.addOwnerTerm({ ownerKey: ownerKeysFor(user)[0]!, userId: user.id, teamId: null }, parseInput(ownerTermSchema, request.body));
    return reply.code(201).send({ status: 201, message: t(resolveLocale(request), 'glossary.created'), data: term });
  });

  app.post('/api/user/glossary/delete/:id', { config: { access: 'verified' } }, async (request) => {
    await deps.glossary.deleteOwnerTerm(ownerKeysFor(requireActor(request).user)[0]!, parseInput(idParamSchema, request.params).id);
    return { status: 200, message: t(resolveLocale(request), 'glossary.deleted') };
  });
}
