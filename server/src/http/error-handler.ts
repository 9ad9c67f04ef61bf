import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConcurrentChange, isDatabaseUnavailable } from '../db/client';
import { t, type Locale } from '../i18n/messages';
import { StorageFull } from '../storage/local';
import { AppError, Conflict, InsufficientStorage, Invalid, LimitExceeded, ServiceUnavailable, TooManyRequests } from './errors';
import { resolveLocale } from './locale';

type FastifyLikeError = FastifyError & { validation?: unknown };

const API_PREFIXES = ['/api/', '/mt/', '/email/'];
/** Web app screens under an API prefix: the result page of an e-mail verification link. */
const WEB_PAGES_UNDER_API_PREFIXES = new Set(['/email/verify', '/email/verify/']);
/** Whether a URL (with or without its query string) is the API's rather than the web app's. */
export const isApiPath = (url: string) => {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  return !WEB_PAGES_UNDER_API_PREFIXES.has(path) && (API_PREFIXES.some((prefix) => path.startsWith(prefix)) || path === '/api');
};

/** A body limit as a reader says it: "1 MB", and in Arabic «1 ميغابايت» (the unit the other Arabic messages use). */
function humanBytes(bytes: number, locale: Locale) {
  return bytes >= 1_048_576 ? t(locale, 'error.size_megabytes', { size: Math.round(bytes / 104_857.6) / 10 }) : t(locale, 'error.size_kilobytes', { size: Math.round(bytes / 1024) });
}

/**
 * Failures of the infrastructure that mean something to the client, as the errors that say it:
 * a lost database connection is a 503 to try again (the pool reconnects by itself), a full
 * disk or bucket a 507, a write the database refused because another request changed the same
 * rows at once a 409. Both error handlers (this one, and the key surfaces') read errors
 * through it.
 */
export function infrastructureError(error: unknown): AppError | null {
  if (isDatabaseUnavailable(error)) return new ServiceUnavailable();
  if (error instanceof StorageFull) return new InsufficientStorage();
  // A race the route did not foresee (two requests creating or removing the same thing at once):
  // the database kept the data consistent and refused the later one; say so rather than a 500.
  if (isConcurrentChange(error)) return new Conflict();
  return null;
}

/**
 * One mapping from errors to the contract's envelope: `{message}` plus `errors` (422),
 * `type` and `status` (402), `Retry-After` (429). Never a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance, options: { bodyLimitBytes: number }) {
  app.setErrorHandler(async (thrown: FastifyLikeError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = resolveLocale(request);
    const infrastructure = infrastructureError(thrown);
    if (infrastructure) request.log.warn({ err: thrown, status: infrastructure.status }, infrastructure.message);
    const error = infrastructure ?? thrown;

    if (error instanceof AppError) {
      const message = t(locale, error.message, error.params);
      if (error instanceof Invalid) {
        const errors = Object.fromEntries(
          Object.entries(error.fields).map(([field, list]) => [
            field,
            list.map((item) => (typeof item === 'string' ? t(locale, item) : t(locale, item.key, item.params))),
          ]),
        );
        return reply.code(422).send({ message: Object.values(errors)[0]?.[0] ?? message, errors });
      }
      if (error instanceof LimitExceeded) {
        const localized = Object.fromEntries(Object.entries(error.localized).map(([name, value]) => [name, value[locale]]));
        return reply.code(402).send({
          status: 402,
          type: error.type,
          message: Object.keys(localized).length ? t(locale, error.message, { ...error.params, ...localized }) : message,
          ...(error.remaining === undefined ? {} : { remaining: error.remaining }),
        });
      }
      if (error instanceof TooManyRequests || error instanceof ServiceUnavailable) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send({ message });
    }

    const code = error.code ?? '';
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.code(400).send({ message: t(locale, 'error.malformed_json') });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) {
      // A route may set its own body limit (analytics batches); name the one that applied.
      const limit = request.routeOptions?.bodyLimit ?? options.bodyLimitBytes;
      return reply.code(413).send({ message: t(locale, 'error.payload_too_large', { limit: humanBytes(limit, locale) }) });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ message: t(locale, 'error.unsupported_media_type', { type: String(request.headers['content-type'] ?? '') }) });
    }
    if (error.validation) {
      return reply.code(422).send({ message: t(locale, 'error.given_data_invalid'), errors: { input: [error.message] } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code, status: error.statusCode }, error.message);
      const message = error.statusCode === 404 ? t(locale, 'error.not_found') : error.statusCode === 405 ? t(locale, 'error.method_not_allowed') : error.message;
      return reply.code(error.statusCode).send({ message });
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: t(locale, 'error.generic') });
  });
}

/** Unknown routes under the API prefixes answer with the envelope; the rest is the web app's. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const locale = resolveLocale(request);
  const url = request.url.split('?')[0]!;
  return reply.code(404).send({ message: t(locale, 'error.route_not_found', { method: request.method, url }) });
}
