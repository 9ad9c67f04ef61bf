import { escapeHtml, unescapeHtml } from '../../engines/bergamot/markup';
import { countCharacters, detectLanguage } from '../../text/toolkit';
import type { Lang } from '../../engines/types';
import type { TranslateService } from '../translate/service';
import type { ConsumeRequest } from '../entitlements/ledger';
import type { ApiCaller, ApiKeysService } from './keys';

export type TextFormat = 'text' | 'xml' | 'html';

export interface ApiTextResult {
  text: string;
  /** The source language: the one given, else the detected one. */
  source: Lang;
  /** Characters sent for translation (the markup not counted). */
  characters: number;
}

/** Elements whose content is never translated in HTML (besides `translate="no"` and `notranslate`). */
const HTML_OPAQUE = new Set(['script', 'style', 'code', 'pre', 'textarea', 'noscript']);
const TAG = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[^>]*>/g;
const VOID_HTML = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

interface Run {
  /** Index of the run among the pieces of the input. */
  piece: number;
  leading: string;
  text: string;
  trailing: string;
}

/**
 * Splits markup into tags and text runs; the runs to translate are those outside ignored
 * elements (`ignore_tags`, and in HTML script/style/code and `translate="no"`).
 */
function splitMarkup(input: string, format: 'xml' | 'html', ignoreTags: Set<string>) {
  const pieces: string[] = [];
  const runs: Run[] = [];
  const ignored: string[] = [];
  let last = 0;
  const addText = (raw: string) => {
    if (!raw) return;
    pieces.push(raw);
    if (ignored.length) return;
    const text = unescapeHtml(raw);
    if (!/\p{L}/u.test(text)) return;
    const leading = /^\s*/.exec(text)![0];
    const trailing = /\s*$/.exec(text)![0];
    runs.push({ piece: pieces.length - 1, leading, text: text.trim().replace(/\s+/g, ' '), trailing });
  };
  for (const match of input.matchAll(TAG)) {
    addText(input.slice(last, match.index));
    const tag = match[0];
    pieces.push(tag);
    last = match.index + tag.length;
    const parsed = /^<(\/?)([A-Za-z][\w:.-]*)([^>]*?)(\/?)>$/.exec(tag);
    if (!parsed) continue;
    const [, closing, rawName, attributes, selfClosing] = parsed;
    const name = format === 'html' ? rawName!.toLowerCase() : rawName!;
    if (closing) {
      if (ignored.at(-1) === name) ignored.pop();
      continue;
    }
    if (selfClosing || (format === 'html' && VOID_HTML.has(name))) continue;
    const opaque =
      ignoreTags.has(name) || (format === 'html' && (HTML_OPAQUE.has(name) || /\btranslate\s*=\s*["']?no\b/i.test(attributes!) || /\bclass\s*=\s*["'][^"']*\bnotranslate\b/i.test(attributes!)));
    if (opaque || ignored.length) ignored.push(name);
  }
  addText(input.slice(last));
  return { pieces, runs };
}

/** A text's answer from the translate service: its sentences with their separators, and the source language. */
type Plain = Awaited<ReturnType<TranslateService['translateTexts']>>[number];

const joinPlain = (result: Plain) => result.leading + result.segments.map((s) => s.target + s.separator).join('');

/**
 * Texts of the developer API through the translate service, the one the web app's
 * translator uses: plan limits and quotas, memory, glossaries, the engine router and a
 * history entry marked as API. Every text of a request goes in one call (one quota
 * consumption, one pipeline pass); each text counts as one text request.
 */
export function createApiTexts(deps: { translate: TranslateService; keys: ApiKeysService }) {
  /** Plain strings through the translate service in one call. */
  function translatePlain(caller: ApiCaller, ip: string, texts: string[], source: Lang | 'auto', target: Lang, alsoTake?: ConsumeRequest[]) {
    return deps.translate.translateTexts({ texts, source_lang: source, target_lang: target }, { user: caller.user, ip, channel: 'api', alsoTake });
  }

  /**
   * What one text sends for translation (the text, or its markup's runs a line each: a line
   * break always ends a sentence, so the sentences come back grouped by run) and how its
   * answer is put back together.
   */
  function prepare(caller: ApiCaller, ip: string, text: string, source: Lang | 'auto', target: Lang, format: TextFormat, ignoreTags: Set<string>) {
    const guess = (plain: string) => (source !== 'auto' ? source : (detectLanguage(plain)?.lang ?? target));
    if (format === 'text') {
      const characters = countCharacters(text.trim());
      return {
        plain: text,
        characters,
        finish: async (result: Plain): Promise<ApiTextResult> => (characters ? { text: joinPlain(result), source: result.source, characters } : { text, source: guess(text), characters: 0 }),
      };
    }
    const { pieces, runs } = splitMarkup(text, format, ignoreTags);
    const joined = runs.map((run) => run.text).join('\n');
    const characters = runs.length ? countCharacters(joined) : 0;
    return {
      plain: joined,
      characters,
      finish: async (result: Plain): Promise<ApiTextResult> => {
        if (!runs.length) return { text, source: guess(unescapeHtml(text.replace(TAG, ' '))), characters: 0 };
        const translated: string[] = [];
        let current = '';
        for (const segment of result.segments) {
          if (segment.separator.includes('\n')) {
            translated.push(current + segment.target);
            current = '';
          } else current += segment.target + segment.separator;
        }
        if (current) translated.push(current);
        // The sentences did not come back a run each: each run alone, in one more call.
        const byRun = translated.length === runs.length ? translated : (await translatePlain(caller, ip, runs.map((run) => run.text), result.source, target)).map(joinPlain);
        runs.forEach((run, index) => {
          pieces[run.piece] = escapeHtml(run.leading + byRun[index]!.trim() + run.trailing);
        });
        return { text: pieces.join(''), source: result.source, characters };
      },
    };
  }

  return {
    /**
     * Every text of a request, in order; the key's usage counts the request and its characters.
     * The usage is taken with the texts' own units, in the statement that saves them (the
     * translate service's `alsoTake`), and given back if the request fails after that; a
     * failure before it took nothing.
     */
    async translateMany(caller: ApiCaller, ip: string, texts: string[], options: { source: Lang | 'auto'; target: Lang; format: TextFormat; ignoreTags?: Iterable<string> }) {
      const ignoreTags = new Set(options.ignoreTags ?? []);
      const prepared = texts.map((text) => prepare(caller, ip, text, options.source, options.target, options.format, ignoreTags));
      const usage = await deps.keys.usageUnits(caller, { characters: prepared.reduce((sum, p) => sum + p.characters, 0) });
      const answers = await translatePlain(caller, ip, prepared.map((p) => p.plain), options.source, options.target, usage);
      try {
        return await Promise.all(prepared.map((p, index) => p.finish(answers[index]!)));
      } catch (error) {
        await deps.keys.releaseUsage(usage);
        throw error;
      }
    },
  };
}

export type ApiTexts = ReturnType<typeof createApiTexts>;
