/** LibreTranslate's /translate, as in LibreTranslate's app.py: JSON in, JSON out, {"error"} on failure. */
import { fakeTranslate, translateMarkup } from './fake-mt';
import type { Handler } from './stand-in';

const VOID = /^<(img|br|hr|input|meta|link|wbr)\b/i;

export function libreTranslateHandler(options: { apiKey?: string } = {}): Handler {
  return ({ method, path, body }) => {
    if (method !== 'POST' || path !== '/translate') return { status: 404, body: { error: 'Not Found' } };
    if (options.apiKey && body?.api_key !== options.apiKey) {
      return { status: 403, body: { error: 'Invalid API key' } };
    }
    const { q, source, target, format = 'text' } = body ?? {};
    if (q === undefined) return { status: 400, body: { error: "Invalid request: missing q parameter" } };
    if (!source) return { status: 400, body: { error: "Invalid request: missing source parameter" } };
    if (!target) return { status: 400, body: { error: "Invalid request: missing target parameter" } };
    for (const lang of [source, target]) {
      if (!['en', 'ar', 'auto'].includes(lang)) return { status: 400, body: { error: `${lang} is not supported` } };
    }
    const one = (text: string) => {
      if (format !== 'html') return fakeTranslate(text, source, target);
      return (
        translateMarkup(
          text,
          (t) => fakeTranslate(t, source, target),
          (tag) => /translate\s*=\s*["']no["']/i.test(tag),
          (tag) => VOID.test(tag),
        ) ?? text
      );
    };
    return { status: 200, body: { translatedText: Array.isArray(q) ? q.map(one) : one(q) } };
  };
}
