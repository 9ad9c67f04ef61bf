import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { infrastructureError } from '../../http/error-handler';
import { AppError, Invalid, LimitExceeded, ServiceUnavailable, TooManyRequests } from '../../http/errors';
import { resolveLocale } from '../../http/locale';
import { t, type Locale } from '../../i18n/messages';
import type { ApiCaller, ApiKeysService } from './keys';

/**
 * What the DeepL- and LibreTranslate-compatible routes share: the key (header or body
 * field), form bodies, and one reading of any error as a status and a message, which each
 * surface then writes in its own shape (DeepL `{"message"}`, LibreTranslate `{"error"}`).
 */

/** The kinds of failure both surfaces tell apart (each maps them to its own statuses). */
export type ApiFailureKind = 'key' | 'plan' | 'quota' | 'too_large' | 'rate' | 'invalid' | 'not_found' | 'unavailable' | 'server';

export interface ApiFailure {
  kind: ApiFailureKind;
  message: string;
  retryAfterSeconds?: number;
}

/** 400 with the API's own wording (an unknown parameter, a value of the wrong type). */
export class ApiBadRequest extends AppError {
  constructor(message: string, params: Record<string, string | number> = {}) {
    super(400, message, params);
  }
}

/** The quota limit types (API.md) that mean "used up", as opposed to "this request is too big". */
const QUOTA_TYPES = new Set(['request_quota', 'doc_request_quota', 'api_characters', 'trial_expired']);
const TOO_LARGE_TYPES = new Set(['char_limit', 'doc_size', 'doc_words']);

/**
 * Reads any error of a key request as a failure kind and a message in the caller's language;
 * `contentType`: the request's, named when no parser reads it.
 */
export function failureOf(thrown: unknown, locale: Locale, contentType = ''): ApiFailure {
  const error = infrastructureError(thrown) ?? thrown;
  if (error instanceof AppError) {
    const message = error instanceof Invalid ? invalidMessage(error, locale) : t(locale, error.message, error.params);
    if (error instanceof TooManyRequests) return { kind: 'rate', message, retryAfterSeconds: error.retryAfterSeconds };
    if (error instanceof LimitExceeded) {
      if (QUOTA_TYPES.has(error.type)) return { kind: 'quota', message };
      if (TOO_LARGE_TYPES.has(error.type)) return { kind: 'too_large', message };
      return { kind: 'plan', message };
    }
    switch (error.status) {
      case 400:
      case 409:
      case 422:
        return { kind: 'invalid', message };
      case 401:
        return { kind: 'key', message: t(locale, 'api.key_invalid') };
      case 403:
        return { kind: error.message === 'api.key_invalid' ? 'key' : 'plan', message };
      case 404:
        return { kind: 'not_found', message };
      case 413:
        return { kind: 'too_large', message };
      case 503:
        return { kind: 'unavailable', message, ...(error instanceof ServiceUnavailable ? { retryAfterSeconds: error.retryAfterSeconds } : {}) };
      case 507:
        return { kind: 'unavailable', message };
      default:
        return { kind: 'server', message };
    }
  }
  const fastifyError = error as FastifyError;
  const code = fastifyError.code ?? '';
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.statusCode === 413) return { kind: 'too_large', message: 'Request Entity Too Large' };
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return { kind: 'invalid', message: t(locale, 'error.malformed_json') };
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { kind: 'invalid', message: t(locale, 'error.unsupported_media_type', { type: contentType }) };
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) return { kind: 'invalid', message: fastifyError.message };
  return { kind: 'server', message: t(locale, 'error.generic') };
}

function invalidMessage(error: Invalid, locale: Locale) {
  const [first] = Object.values(error.fields);
  const item = first?.[0];
  if (!item) return t(locale, error.message);
  return typeof item === 'string' ? t(locale, item) : t(locale, item.key, item.params);
}

/** The key of a request: `Authorization: DeepL-Auth-Key <key>` or `Bearer <key>`, else a body field. */
export function keyOf(request: FastifyRequest, bodyFields: readonly string[], fields?: Record<string, unknown>): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^(?:DeepL-Auth-Key|Bearer)\s+(\S+)\s*$/i.exec(header) : null;
  if (match) return match[1];
  const body = fields ?? (request.body as Record<string, unknown> | undefined);
  for (const field of bodyFields) {
    const value = body && typeof body === 'object' ? body[field] : undefined;
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

/** Form bodies (`application/x-www-form-urlencoded`): a name given more than once becomes a list. */
export function parseFormBody(text: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const previous = result[name];
    result[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return result;
}

/**
 * Sets up a scope (a Fastify plugin) for one surface: form bodies, its error shape, its
 * 404, and `authenticate` for the routes that need a key.
 */
export function apiSurface(
  scope: FastifyInstance,
  options: { keys: ApiKeysService; keyFields: readonly string[]; send(reply: FastifyReply, failure: ApiFailure): FastifyReply },
) {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, parseFormBody(body as string)));
  scope.setErrorHandler(async (error, request, reply) => {
    const failure = failureOf(error, resolveLocale(request), String(request.headers['content-type'] ?? ''));
    if (failure.kind === 'server') request.log.error({ err: error }, 'unhandled error in a key request');
    if (failure.retryAfterSeconds) reply.header('retry-after', String(failure.retryAfterSeconds));
    return options.send(reply, failure);
  });
  return {
    /** The caller of a key request (403 without a valid key, 429 when throttled); `fields`: a multipart form's. */
    async authenticate(request: FastifyRequest, fields?: Record<string, unknown>): Promise<ApiCaller> {
      return options.keys.authenticate(keyOf(request, options.keyFields, fields), request.ip);
    },
  };
}

/**
 * Route options of every key route: no session, no CSRF token (a key is not sent by a browser
 * on its own), the API's security headers wherever the route's path is.
 */
export const KEY_ROUTE = { config: { access: 'public' as const, csrf: false, apiAnswers: true } };
