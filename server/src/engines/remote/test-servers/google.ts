/**
 * Google Cloud Translation v2: POST /language/translate/v2?key=..., JSON body, answers
 * {"data": {"translations": [...]}}; errors {"error": {code, message, errors[], status}}.
 * Like the real service, HTML answers escape apostrophes as &#39;.
 */
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
