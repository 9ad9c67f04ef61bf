import fs from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { documentQueued, documentStatusAnswer, translateDocumentFields, wordCount } from '../../../../contract/documents';
import { Invalid } from '../../http/errors';
import { resolveLocale } from '../../http/locale';
import type { RateLimiter } from '../../http/rate-limit';
import { answers, file as fileAnswer, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { contentDisposition } from './documents.fns';
import { downloadQuerySchema, guestTokenSchema, projectParamsSchema } from './schemas';
import type { DocumentsService, Requester } from './service';
import { receiveUpload } from './upload';

/** A page the browser opens itself (a link followed), not a request of the web app's code. */
const isBrowserNavigation = (request: FastifyRequest) => request.headers['sec-fetch-mode'] === 'navigate' || (request.headers['sec-fetch-mode'] === undefined && (request.headers.accept ?? '').includes('text/html'));

/** Documents (API.md "Documents"). Guests may use them too, within the guest settings, by their browser token. */
export function documentsRoutes(app: App, deps: { documents: DocumentsService; rateLimiter: RateLimiter; documentTempDir: string }) {
  const { documents } = deps;
  const requesterOf = (request: FastifyRequest, token?: string): Requester =>
    request.actor ? { kind: 'user', user: request.actor.user, locale: resolveLocale(request) } : { kind: 'guest', token, ip: request.ip, locale: resolveLocale(request) };

  const upload = async (request: FastifyRequest) => {
    const { file, fields } = await receiveUpload(request, { maxBytes: await documents.uploadLimitBytes(requesterOf(request)), tempDir: deps.documentTempDir });
    if (!file) throw Invalid.field('file', 'documents.file_required');
    return { file, fields };
  };

  app.post('/api/count-words', { config: { access: 'public' }, schema: answers(wordCount) }, async (request) => {
    await deps.rateLimiter.consume(`doc-count:${request.ip}`, 60, 60);
    const { file, fields } = await upload(request);
    return { status: 200, ...(await documents.countWords(requesterOf(request, fields.token), file)) };
  });

  app.post('/api/doc/translate', { config: { access: 'public' }, schema: answers({ 202: documentQueued }) }, async (request, reply) => {
    await deps.rateLimiter.consume(`doc-translate:${request.ip}`, 20, 60);
    const { file, fields } = await upload(request);
    let input;
    try {
      input = parseInput(translateDocumentFields, fields);
    } catch (error) {
      await fs.rm(file.path, { force: true });
      throw error;
    }
    const result = await documents.startTranslation(requesterOf(request, input.token), file, input);
    return reply.code(202).send(result);
  });

  /** A document's state and, once done, its file id: to its owner, their team's owner or managers; 404 to anyone else, as for an unknown id. */
  app.get('/api/doc/translated/:projectId', { config: { access: 'public' }, schema: answers(documentStatusAnswer) }, async (request) => {
    const { projectId } = parseInput(projectParamsSchema, request.params);
    const { token } = parseInput(guestTokenSchema, request.query);
    return { status: 200, data: await documents.status(requesterOf(request, token), projectId) };
  });

  /**
   * Cancels a document being translated (as DeepL's and Google's document translators offer): whoever may follow it,
   * the guest's token in the body; 404 to anyone else, as for an unknown id.
   */
  app.post('/api/documents/:projectId/cancel', { config: { access: 'public' }, schema: answers(documentStatusAnswer) }, async (request) => {
    const { projectId } = parseInput(projectParamsSchema, request.params);
    const { token } = parseInput(guestTokenSchema, request.body ?? {});
    return { status: 200, data: await documents.cancel(requesterOf(request, token), projectId) };
  });

  const download = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id, token } = parseInput(downloadQuerySchema, request.query);
    // The "document ready" e-mail's link opened in a browser that is not signed in (another
    // device, an expired session): the sign-in page, which comes back here once signed in.
    if (!request.actor && !token && isBrowserNavigation(request)) return reply.redirect(`/login?next=${encodeURIComponent(request.url)}`, 303);
    const file = await documents.download(requesterOf(request, token), id);
    reply.header('content-type', file.mime).header('content-disposition', contentDisposition(file.fileName)).header('cache-control', 'private, no-store');
    if (file.size !== null) reply.header('content-length', String(file.size));
    return reply.send(file.stream);
  };
  // The translated document, in its format's content type (DOCX, XLSX, PPTX, XLIFF or PDF).
  const downloaded = answers(fileAnswer('application/octet-stream', 'The translated document, with its format’s content type.'));
  /** The translated document, to whom may follow it (as its status); 404 to anyone else, as for an unknown id. */
  app.get('/api/translated-file-url/', { config: { access: 'public' }, schema: downloaded }, download);
  /** The same, without the trailing slash. */
  app.get('/api/translated-file-url', { config: { access: 'public' }, schema: downloaded }, download);
}
