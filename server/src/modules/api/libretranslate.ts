import type { FastifyReply, FastifyRequest } from 'fastify';
import { libreDetections, libreFileResult, libreFrontendSettings, libreLanguages, libreTranslateResult } from '../../../../contract/libretranslate';
import { answers, file, noContent, type App } from '../../http/responses';
import { detectLanguage } from '../../text/toolkit';
import type { Lang } from '../../engines/types';
import { readForm } from '../../http/multipart';
import type { ApiKeysService } from './keys';
import { enumParam, readParams, stringParam, textsParam } from './params';
import { ApiBadRequest, apiSurface, KEY_ROUTE, type ApiFailure } from './surface';
import type { ApiTexts } from './texts';
import { DocumentNotReady, type ApiDocuments } from './documents';
import { contentDisposition } from '../documents/documents.fns';

/**
 * The LibreTranslate surface (docs/api.md): its paths, parameters, answers and
 * `{"error": "..."}` bodies, so LibreTranslate clients work with Lisan's address.
 */

const STATUS: Record<ApiFailure['kind'], number> = { key: 403, plan: 403, quota: 403, too_large: 413, rate: 429, invalid: 400, not_found: 404, unavailable: 503, server: 500 };

export const LIBRE_MAX_TEXTS = 50;
const LANGUAGES = [
  { code: 'ar', name: 'Arabic', targets: ['en'] },
  { code: 'en', name: 'English', targets: ['ar'] },
];
/** `api_key` is LibreTranslate's; `apiKey` is what the npm `libretranslate` client sends. */
const KEY_FIELDS = ['api_key', 'apiKey'] as const;
const TRANSLATE_PARAMS = new Set(['q', 'source', 'target', 'format', 'alternatives', 'secret', ...KEY_FIELDS]);
const DETECT_PARAMS = new Set(['q', 'secret', ...KEY_FIELDS]);
const FILE_PARAMS = new Set(['source', 'target', 'secret', ...KEY_FIELDS]);

export const sendLibreError = (reply: FastifyReply, failure: ApiFailure) => reply.code(STATUS[failure.kind]).send({ error: failure.message });

/** LibreTranslate's detection answer: the language and a confidence from 0 to 100. */
function detection(text: string, fallback: Lang) {
  const found = detectLanguage(text);
  return { confidence: found ? Math.round(found.confidence * 100) : 0, language: found?.lang ?? fallback };
}

export interface LibreDeps {
  keys: ApiKeysService;
  texts: ApiTexts;
  documents: ApiDocuments;
  /** The configured APP_URL: the origin of `translatedFileUrl` (never the request's Host header). */
  appUrl: string;
}

/** How long POST /translate_file waits for the document (LibreTranslate answers in the same request). */
const FILE_WAIT_MS = 5 * 60_000;

/** Registers LibreTranslate's routes at the root (call inside app.register, for their own error shape). */
export function libreTranslateRoutes(app: App, deps: LibreDeps) {
  const { authenticate } = apiSurface(app, { keys: deps.keys, keyFields: KEY_FIELDS, send: sendLibreError });
  const answerPreflights = allowCrossOrigin(app);

  /** Its web client posts multipart forms; other clients JSON or URL-encoded forms. */
  const form = async (request: FastifyRequest) => (await readForm(request, { files: {} })).fields;

  /** Translates `q` (a text or a list) from `source` (`auto` detects) into `target`. */
  app.post('/translate', { ...KEY_ROUTE, schema: answers(libreTranslateResult) }, async (request) => {
    const fields = await form(request);
    const caller = await authenticate(request, fields);
    const params = readParams(request, TRANSLATE_PARAMS, fields);
    const { texts, single } = textsParam(params, 'q', LIBRE_MAX_TEXTS);
    const source = enumParam(params, 'source', ['auto', 'en', 'ar'] as const) ?? 'auto';
    const target = enumParam(params, 'target', ['en', 'ar'] as const, { required: true })!;
    const format = enumParam(params, 'format', ['text', 'html'] as const) ?? 'text';
    const alternatives = stringParam(params, 'alternatives');
    if (alternatives !== undefined && !/^\d{1,3}$/.test(alternatives)) throw new ApiBadRequest('api.invalid_parameter', { name: 'alternatives' });
    const results = await deps.texts.translateMany(caller, request.ip, texts, { source, target, format });
    const detected = results.map((result, index) => ({ ...detection(texts[index]!, result.source), language: result.source }));
    const translatedText = results.map((result) => result.text);
    // Lisan gives one translation per text: the alternatives asked for are an empty list.
    const extra = Number(alternatives ?? 0) > 0 ? { alternatives: single ? [] : results.map(() => []) } : {};
    return {
      translatedText: single ? translatedText[0] : translatedText,
      ...(source === 'auto' ? { detectedLanguage: single ? detected[0] : detected } : {}),
      ...extra,
    };
  });

  /** The language of `q`: `[{ "confidence", "language" }]`. */
  app.post('/detect', { ...KEY_ROUTE, schema: answers(libreDetections) }, async (request) => {
    const fields = await form(request);
    const caller = await authenticate(request, fields);
    const params = readParams(request, DETECT_PARAMS, fields);
    const q = stringParam(params, 'q', { required: true })!;
    await deps.keys.recordUsage(caller, {});
    return [detection(q, 'en')];
  });

  /**
   * Translates a document (multipart `file`, `source`, `target`, `api_key`) with the web app's
   * document pipeline and answers once it is done, with a download address that needs no key.
   */
  app.post('/translate_file', { ...KEY_ROUTE, schema: answers(libreFileResult) }, async (request) => {
    const started = await deps.documents.upload(
      request,
      (fields) => authenticate(request, fields),
      (fields) => {
        const params = readParams(request, FILE_PARAMS, fields);
        return { source: enumParam(params, 'source', ['auto', 'en', 'ar'] as const) ?? 'auto', target: enumParam(params, 'target', ['en', 'ar'] as const, { required: true })! };
      },
    );
    const job = await deps.documents.waitUntilFinished(request, started.caller, started.id, { timeoutMs: FILE_WAIT_MS, intervalMs: 500 });
    if (job.state === 'failed' || job.state === 'canceled') throw new ApiBadRequest(job.error?.message ?? 'documents.error_engine');
    if (job.state !== 'done') throw new DocumentNotReady();
    return { translatedFileUrl: `${deps.appUrl}${deps.documents.downloadPath(started.caller, started.id)}` };
  });

  /** The translated file of /translate_file: the address itself is the permission (as on LibreTranslate). */
  app.get('/download_file/:userId/:projectId/:signature', { ...KEY_ROUTE, schema: answers(file('application/octet-stream', 'The translated document, in its own format (Content-Type says which).')) }, async (request, reply) => {
    const { userId, projectId, signature } = request.params as { userId: string; projectId: string; signature: string };
    if (!/^\d{1,15}$/.test(userId) || !/^[0-9a-f-]{36}$/i.test(projectId)) return reply.code(404).send({ error: 'Not found' });
    const file = await deps.documents.download(request, Number(userId), projectId, signature);
    reply.header('content-type', file.mime).header('content-disposition', contentDisposition(file.fileName)).header('cache-control', 'private, no-store');
    return reply.send(file.stream);
  });

  /**
   * The languages and, for each, the languages it translates into (no key needed, as on
   * LibreTranslate). POST too: older LibreTranslate releases registered it for GET and POST
   * (today's app.py has GET only), and clients written then still post to it.
   */
  app.get('/languages', { ...KEY_ROUTE, schema: answers(libreLanguages) }, async () => LANGUAGES);
  app.post('/languages', { ...KEY_ROUTE, schema: answers(libreLanguages) }, async () => LANGUAGES);

  /** What LibreTranslate's web client reads first. */
  app.get('/frontend/settings', { ...KEY_ROUTE, schema: answers(libreFrontendSettings) }, async () => ({
    charLimit: -1,
    frontendTimeout: 500,
    apiKeys: true,
    keyRequired: true,
    suggestions: false,
    filesTranslation: true,
    supportedFilesFormat: ['.docx', '.pptx', '.xlsx', '.xlf', '.xliff', '.pdf'],
    language: { source: { code: 'auto', name: 'Auto Detect' }, target: { code: 'ar', name: 'Arabic' } },
  }));

  answerPreflights();
}

/**
 * CORS as LibreTranslate answers it, so pages on any site can call the surface: every answer
 * of the scope carries `Access-Control-Allow-Origin: *`, and each route's path answers the
 * preflight (OPTIONS) with the methods and the headers asked for. Its key travels in the body
 * or the Authorization header, never in a cookie, so no credentials are allowed. The preflight
 * route is public and exempt from CSRF (OPTIONS is a safe method anyway); it reads no body and
 * no session, and sets no cookie. DeepL's API offers no CORS, so /v2 has none.
 */
function allowCrossOrigin(app: App) {
  const paths = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('OPTIONS')) paths.add(route.url);
  });
  app.addHook('onRequest', async (_request, reply) => {
    // Retry-After (429, 503) is not a header a cross-origin script may read unless named.
    reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'Retry-After');
  });
  /** Registers the preflight of every path of the scope (call once its routes are registered). */
  return () => {
    for (const path of [...paths]) {
      app.options(path, { ...KEY_ROUTE, schema: answers({ 204: noContent }) }, async (request, reply) => {
        const asked = request.headers['access-control-request-headers'];
        return reply
          .code(204)
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', typeof asked === 'string' && asked.trim() ? asked : 'Authorization, Content-Type')
          .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
          .send();
      });
    }
  };
}

/** How long a browser may keep a preflight's answer (Chromium keeps at most 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;
