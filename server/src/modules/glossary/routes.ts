import type { FastifyReply, FastifyRequest } from 'fastify';
import { statusMessage } from '../../../../contract/common';
import { domainTermPage, domainTermRequest, domainTermSaved, importAnswer, importTermsRequest, ownerGlossary, ownerTermRequest, ownerTermSaved } from '../../../../contract/glossary';
import { requireActor } from '../../http/access';
import { answers, file, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import { resolveLocale } from '../../http/locale';
import type { Invalid } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import { exportTermsSchema, glossaryListSchema, idParamSchema } from './schemas';
import type { GlossaryService } from './service';

/** An import's skipped lines with their messages in the request's language (as the error envelope words them). */
function importSummary(locale: Locale, result: Awaited<ReturnType<GlossaryService['importOwnerTerms']>>) {
  const words = (fields: Invalid['fields']) =>
    Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list.map((item) => (typeof item === 'string' ? t(locale, item) : t(locale, item.key, item.params)))]));
  return {
    status: 200,
    message: [
      t(locale, 'glossary.imported', { added: result.added, updated: result.updated, skipped: result.skipped.length }),
      ...(result.reversed ? [t(locale, 'glossary.import_reversed', { count: result.reversed })] : []),
    ].join(' '),
    data: { added: result.added, updated: result.updated, unchanged: result.unchanged, reversed: result.reversed, skipped: result.skipped.map((entry) => ({ line: entry.line, errors: words(entry.errors) })) },
  };
}

/** The export's download: CSV, or TSV with `format=tsv`. */
const termFile = file('text/csv', 'The glossary as CSV, or as TSV (text/tab-separated-values) when format=tsv.');

function sendTermFile(request: FastifyRequest, reply: FastifyReply, name: string, content: (format: 'csv' | 'tsv') => Promise<string>) {
  const { format } = parseInput(exportTermsSchema, request.query);
  return content(format).then((text) =>
    reply
      .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'text/tab-separated-values; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.${format}"`)
      .header('cache-control', 'private, no-store')
      .send(text),
  );
}

/**
 * Admin CRUD of the per-domain glossaries, and the signed-in user's own glossary
 * (the team glossary of an individual account; teams reuse it with their own key).
 */
export function glossaryRoutes(app: App, deps: { glossary: GlossaryService }) {
  app.get('/api/admin/glossaries', { config: { access: 'admin' }, schema: answers(domainTermPage) }, async (request) =>
    deps.glossary.listDomainTerms(parseInput(glossaryListSchema, request.query)),
  );

  app.post('/api/admin/glossaries', { config: { access: 'admin' }, schema: answers({ 201: domainTermSaved }) }, async (request, reply) => {
    const term = await deps.glossary.createDomainTerm(parseInput(domainTermRequest, request.body), requireActor(request).user.id);
    return reply.code(201).send({ status: 201, message: t(resolveLocale(request), 'glossary.created'), data: term });
  });

  app.post('/api/admin/glossaries/update/:id', { config: { access: 'admin' }, schema: answers(domainTermSaved) }, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const term = await deps.glossary.updateDomainTerm(id, parseInput(domainTermRequest, request.body));
    return { status: 200, message: t(resolveLocale(request), 'glossary.updated'), data: term };
  });

  app.post('/api/admin/glossaries/delete/:id', { config: { access: 'admin' }, schema: answers(statusMessage) }, async (request) => {
    await deps.glossary.deleteDomainTerm(parseInput(idParamSchema, request.params).id);
    return { status: 200, message: t(resolveLocale(request), 'glossary.deleted') };
  });

  app.get('/api/user/glossary', { config: { access: 'verified' }, schema: answers(ownerGlossary) }, async (request) => {
    const { user } = requireActor(request);
    return deps.glossary.ownerGlossary(deps.glossary.personalKey(user), { teamKey: await deps.glossary.teamKeyOf(user), canEdit: true });
  });

  app.get('/api/user/glossary/export', { config: { access: 'verified' }, schema: answers(termFile) }, async (request, reply) =>
    sendTermFile(request, reply, 'lisan-glossary', (format) => deps.glossary.exportOwnerTerms(deps.glossary.personalKey(requireActor(request).user), format)),
  );

  app.post('/api/user/glossary/import', { config: { access: 'verified' }, schema: answers(importAnswer) }, async (request) => {
    const { user } = requireActor(request);
    const input = parseInput(importTermsRequest, request.body);
    return importSummary(resolveLocale(request), await deps.glossary.importOwnerTerms({ ownerKey: deps.glossary.personalKey(user), userId: user.id, teamId: null }, input));
  });

  app.post('/api/user/glossary/update/:id', { config: { access: 'verified' }, schema: answers(ownerTermSaved) }, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const term = await deps.glossary.updateOwnerTerm(deps.glossary.personalKey(requireActor(request).user), id, parseInput(ownerTermRequest, request.body));
    return { status: 200, message: t(resolveLocale(request), 'glossary.updated'), data: term };
  });

  app.post('/api/user/glossary', { config: { access: 'verified' }, schema: answers({ 201: ownerTermSaved }) }, async (request, reply) => {
    const { user } = requireActor(request);
    const term = await deps.glossary.addOwnerTerm({ ownerKey: deps.glossary.personalKey(user), userId: user.id, teamId: null }, parseInput(ownerTermRequest, request.body));
    return reply.code(201).send({ status: 201, message: t(resolveLocale(request), 'glossary.created'), data: term });
  });

  app.post('/api/user/glossary/delete/:id', { config: { access: 'verified' }, schema: answers(statusMessage) }, async (request) => {
    await deps.glossary.deleteOwnerTerm(deps.glossary.personalKey(requireActor(request).user), parseInput(idParamSchema, request.params).id);
    return { status: 200, message: t(resolveLocale(request), 'glossary.deleted') };
  });

  // The team glossary: every member reads it; the owner and managers edit it.
  app.get('/api/team/glossary', { config: { access: 'verified' }, schema: answers(ownerGlossary) }, async (request) => {
    const team = await deps.glossary.teamGlossary(requireActor(request).user, { write: false });
    return deps.glossary.ownerGlossary(team.ownerKey, { canEdit: team.canEdit });
  });

  app.get('/api/team/glossary/export', { config: { access: 'verified' }, schema: answers(termFile) }, async (request, reply) => {
    const team = await deps.glossary.teamGlossary(requireActor(request).user, { write: false });
    return sendTermFile(request, reply, 'lisan-team-glossary', (format) => deps.glossary.exportOwnerTerms(team.ownerKey, format));
  });

  app.post('/api/team/glossary/import', { config: { access: 'verified' }, schema: answers(importAnswer) }, async (request) => {
    const team = await deps.glossary.teamGlossary(requireActor(request).user, { write: true });
    return importSummary(resolveLocale(request), await deps.glossary.importOwnerTerms(team, parseInput(importTermsRequest, request.body)));
  });

  app.post('/api/team/glossary/update/:id', { config: { access: 'verified' }, schema: answers(ownerTermSaved) }, async (request) => {
    const team = await deps.glossary.teamGlossary(requireActor(request).user, { write: true });
    const { id } = parseInput(idParamSchema, request.params);
    const term = await deps.glossary.updateOwnerTerm(team.ownerKey, id, parseInput(ownerTermRequest, request.body));
    return { status: 200, message: t(resolveLocale(request), 'glossary.updated'), data: term };
  });

  app.post('/api/team/glossary', { config: { access: 'verified' }, schema: answers({ 201: ownerTermSaved }) }, async (request, reply) => {
    const team = await deps.glossary.teamGlossary(requireActor(request).user, { write: true });
    const term = await deps.glossary.addOwnerTerm(team, parseInput(ownerTermRequest, request.body));
    return reply.code(201).send({ status: 201, message: t(resolveLocale(request), 'glossary.created'), data: term });
  });

  app.post('/api/team/glossary/delete/:id', { config: { access: 'verified' }, schema: answers(statusMessage) }, async (request) => {
    const team = await deps.glossary.teamGlossary(requireActor(request).user, { write: true });
    await deps.glossary.deleteOwnerTerm(team.ownerKey, parseInput(idParamSchema, request.params).id);
    return { status: 200, message: t(resolveLocale(request), 'glossary.deleted') };
  });
}
