/** DeepL's POST /v2/translate (JSON body), DeepL-Auth-Key header, {"message"} errors. */
import { fakeTranslate, translateMarkup } from './fake-mt';
import type { Handler } from './stand-in';

const SOURCES = new Set(['EN', 'AR', 'DE', 'FR']);
const TARGETS = new Set(['EN-US', 'EN-GB', 'AR', 'DE', 'FR']);

export function deeplHandler(options: { apiKey: string }): Handler {
  return ({ method, path, headers, body }) => {
    if (method !== 'POST' || path !== '/v2/translate') return { status: 404, body: { message: 'Not found' } };
    if (headers.authorization !== `DeepL-Auth-Key ${options.apiKey}`) {
      return { status: 403, body: { message: 'Authorization failure, check auth_key' } };
    }
    const { text, source_lang: source, target_lang: target, tag_handling: tags, ignore_tags: ignore = [] } = body ?? {};
    if (!Array.isArray(text) || !text.length) return { status: 400, body: { message: "Parameter 'text' not specified." } };
    if (text.length > 50) return { status: 413, body: { message: 'Request Entity Too Large' } };
    if (!TARGETS.has(target)) return { status: 400, body: { message: "Value for 'target_lang' not supported." } };
    if (source && !SOURCES.has(source)) return { status: 400, body: { message: "Value for 'source_lang' not supported." } };
    const ignored = new Set<string>(Array.isArray(ignore) ? ignore : String(ignore).split(','));
    const translations = [];
    for (const t of text as string[]) {
      let out = fakeTranslate(t, source ?? 'EN', target);
      if (tags === 'xml') {
        const translated = translateMarkup(
          t,
          (s) => fakeTranslate(s, source ?? 'EN', target),
          (tag) => ignored.has(/^<\s*([^\s/>]+)/.exec(tag)?.[1] ?? ''),
          () => false,
        );
        if (translated === null) return { status: 400, body: { message: 'Tag handling parsing failed, please check input.' } };
        out = translated;
      }
      translations.push({ detected_source_language: source ?? 'EN', text: out });
    }
    return { status: 200, body: { translations } };
  };
}
