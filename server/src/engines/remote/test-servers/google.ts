/**
 * Google Cloud Translation v2: POST /language/translate/v2?key=..., JSON body, answers
 * {"data": {"translations": [...]}}; errors {"error": {code, message, errors[], status}}.
 * Like the real service, HTML answers escape apostrophes as &#39;.
 */
import { createVerify, type KeyObject } from 'node:crypto';
import { fakeTranslate, translateMarkup } from './fake-mt';
import type { Handler } from './stand-in';

const VOID = /^<(img|br|hr|input|meta|link|wbr)\b/i;

export function googleError(code: number, status: string, message: string, reason: string) {
  return { error: { code, message, errors: [{ message, domain: 'global', reason }], status } };
}

export function googleHandler(options: { apiKey: string }): Handler {
  return ({ method, path, query, body }) => {
    if (method !== 'POST' || path !== '/language/translate/v2') {
      return { status: 404, body: googleError(404, 'NOT_FOUND', 'Method not found.', 'notFound') };
    }
    if (query.get('key') !== options.apiKey) {
      return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'badRequest') };
    }
    const { q, source, target, format = 'html' } = body ?? {};
    if (!target) return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', 'Missing required field target', 'required') };
    if (q === undefined) return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', 'Missing required field q', 'required') };
    const texts: string[] = Array.isArray(q) ? q : [q];
    if (texts.length > 128) return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', 'Too many text segments', 'invalid') };
    const translations = texts.map((text) => {
      const translatedText =
        format === 'html'
          ? (translateMarkup(
              text,
              (t) => fakeTranslate(t, source ?? 'en', target).replace(/'/g, '&#39;'),
              (tag) => /translate\s*=\s*["']no["']|class\s*=\s*["'][^"']*notranslate/i.test(tag),
              (tag) => VOID.test(tag),
            ) ?? text)
          : fakeTranslate(text, source ?? 'en', target);
      return { translatedText, ...(source ? {} : { detectedSourceLanguage: 'en' }) };
    });
    return { status: 200, body: { data: { translations } } };
  };
}

/**
 * Google's OAuth token endpoint (JWT bearer grant, form body) and Cloud Translation v3
 * translateText, in one stand-in. The assertion's RS256 signature is checked with the service
 * account's public key; tokens it issues are the only ones translateText accepts.
 */
export function googleV3Handler(options: { publicKey: KeyObject; clientEmail: string; project: string; location: string }): Handler & {
  issued: string[];
  revoke(): void;
} {
  const issued: string[] = [];
  const handler = (({ method, path, headers, body }) => {
    if (method === 'POST' && path === '/token') {
      const form = new URLSearchParams(typeof body === 'string' ? body : '');
      if (headers['content-type'] !== 'application/x-www-form-urlencoded') return { status: 400, body: { error: 'invalid_request' } };
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { status: 400, body: { error: 'unsupported_grant_type' } };
      const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
      const valid =
        header && claims && signature && createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(options.publicKey, Buffer.from(signature, 'base64url'));
      if (!valid) return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
      const c = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
      if (c.iss !== options.clientEmail || !String(c.scope).includes('cloud-translation') || !String(c.aud).endsWith('/token')) {
        return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT claims.' } };
      }
      const token = `ya29.standin-${issued.length + 1}`;
      issued.push(token);
      return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
    }
    const route = `/v3/projects/${options.project}/locations/${options.location}:translateText`;
    if (method !== 'POST' || decodeURIComponent(path) !== route) {
      return { status: 404, body: { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } } };
    }
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (!token || !issued.includes(token)) {
      return {
        status: 401,
        body: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } },
      };
    }
    const { contents, mimeType = 'text/html', sourceLanguageCode: source, targetLanguageCode: target } = body ?? {};
    if (!Array.isArray(contents) || !target) {
      return { status: 400, body: { error: { code: 400, message: 'Invalid request', status: 'INVALID_ARGUMENT' } } };
    }
    const translations = contents.map((text: string) => ({
      translatedText:
        mimeType === 'text/html'
          ? (translateMarkup(
              text,
              (t) => fakeTranslate(t, source ?? 'en', target),
              (tag) => /translate\s*=\s*["']no["']/i.test(tag),
              (tag) => VOID.test(tag),
            ) ?? text)
          : fakeTranslate(text, source ?? 'en', target),
    }));
    return { status: 200, body: { translations } };
  }) as Handler & { issued: string[]; revoke(): void };
  handler.issued = issued;
  handler.revoke = () => void issued.splice(0, issued.length);
  return handler;
}
