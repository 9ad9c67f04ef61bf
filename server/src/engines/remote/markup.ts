/**
 * Our segments (text + placeholders `<x1>…</x1>`, `<x2/>`) in the markup each remote API keeps
 * intact, glossary terms included:
 *
 * - HTML (LibreTranslate `format: html`, Google `format: html`): pairs -> `<span data-x="N">`,
 *   standalone -> `<img data-x="N">`, text escaped; glossary terms -> the target term inside
 *   `<span translate="no" class="notranslate">` so the engine leaves it as it is.
 * - XML (DeepL `tag_handling: xml`): our placeholders are XML already; text escaped; glossary
 *   terms -> `<g>target</g>` sent with `ignore_tags: g`.
 *
 * Placeholders that do not nest are sent as standalone tags marked open/close, so the API
 * never sees malformed markup; the way back restores them as they were.
 */
import type { GlossaryTerm, Lang } from '../types';
import { escapeHtml, htmlToPlaceholders, placeholdersNest, unescapeHtml } from '../bergamot/markup';

export type Token =
  | { kind: 'text'; text: string }
  | { kind: 'open' | 'close' | 'self'; id: string }
  | { kind: 'term'; text: string };

const PLACEHOLDER = /<(\/?)x(\d+)(\/?)>/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whole-word, case-insensitive matcher for the glossary's source terms, longest first. */
function termMatcher(glossary: GlossaryTerm[]): { re: RegExp; targets: Map<string, string> } | null {
  const terms = glossary.filter((t) => t.source.trim() && t.target.trim());
  if (!terms.length) return null;
  const targets = new Map<string, string>();
  for (const term of terms) {
    const key = term.source.trim().toLocaleLowerCase();
    if (!targets.has(key)) targets.set(key, term.target.trim());
  }
  const sources = [...targets.keys()].sort((a, b) => b.length - a.length);
  const alternatives = sources.map((s) => escapeRegExp(s).replace(/\s+/g, '\\s+')).join('|');
  return { re: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'giu'), targets };
}

/** Splits a segment into text, placeholders and (when a glossary is given) glossary terms. */
export function tokenize(segment: string, glossary: GlossaryTerm[] = []): Token[] {
  const tokens: Token[] = [];
  const matcher = termMatcher(glossary);
  const pushText = (text: string) => {
    if (!text) return;
    if (!matcher) {
      tokens.push({ kind: 'text', text });
      return;
    }
    let last = 0;
    for (const match of text.matchAll(matcher.re)) {
      if (match.index! > last) tokens.push({ kind: 'text', text: text.slice(last, match.index) });
      const target = matcher.targets.get(match[0].replace(/\s+/g, ' ').toLocaleLowerCase());
      tokens.push(target ? { kind: 'term', text: target } : { kind: 'text', text: match[0] });
      last = match.index! + match[0].length;
    }
    if (last < text.length) tokens.push({ kind: 'text', text: text.slice(last) });
  };
  let last = 0;
  for (const match of segment.matchAll(PLACEHOLDER)) {
    pushText(segment.slice(last, match.index));
    const [, closing, id, self] = match;
    tokens.push({ kind: self ? 'self' : closing ? 'close' : 'open', id: id! });
    last = match.index! + match[0].length;
  }
  pushText(segment.slice(last));
  return tokens;
}

export function encodeHtml(segment: string, glossary?: GlossaryTerm[]): string {
  const nested = placeholdersNest(segment);
  return tokenize(segment, glossary)
    .map((token) => {
      switch (token.kind) {
        case 'text':
          return escapeHtml(token.text);
        case 'term':
          return `<span translate="no" class="notranslate">${escapeHtml(token.text)}</span>`;
        case 'self':
          return `<img data-x="${token.id}">`;
        case 'open':
          return nested ? `<span data-x="${token.id}">` : `<img data-x="${token.id}" data-k="o">`;
        case 'close':
          return nested ? '</span>' : `<img data-x="${token.id}" data-k="c">`;
      }
    })
    .join('');
}

/** HTML answer -> our placeholders (glossary spans dropped, their text kept). */
export const decodeHtml = htmlToPlaceholders;

export function encodeXml(segment: string, glossary?: GlossaryTerm[]): string {
  const nested = placeholdersNest(segment);
  return tokenize(segment, glossary)
    .map((token) => {
      switch (token.kind) {
        case 'text':
          return escapeHtml(token.text);
        case 'term':
          return `<g>${escapeHtml(token.text)}</g>`;
        case 'self':
          return `<x${token.id}/>`;
        case 'open':
          return nested ? `<x${token.id}>` : `<xo${token.id}/>`;
        case 'close':
          return nested ? `</x${token.id}>` : `<xc${token.id}/>`;
      }
    })
    .join('');
}

/** The XML tag names a segment is sent with (for DeepL's non_splitting_tags). */
export function xmlTagNames(encoded: string): string[] {
  return [...new Set([...encoded.matchAll(/<\/?(x[oc]?\d+)\b/g)].map((m) => m[1]!))];
}

/**
 * XML answer -> our placeholders. `original` is the segment that was sent: a placeholder that
 * was standalone there comes back standalone even if the API wrote `<x2></x2>`.
 */
export function decodeXml(xml: string, original: string): string {
  const standalone = new Set([...original.matchAll(/<x(\d+)\/>/g)].map((m) => m[1]!));
  let out = '';
  let last = 0;
  for (const match of xml.matchAll(/<[^>]*>/g)) {
    out += unescapeHtml(xml.slice(last, match.index));
    last = match.index! + match[0].length;
    const tag = /^<(\/?)\s*(xo|xc|x)(\d+)\s*(\/?)>$/.exec(match[0]);
    if (!tag) continue; // <g>, </g> and anything unknown: dropped
    const [, closing, kind, id, self] = tag;
    if (kind === 'xo') out += `<x${id}>`;
    else if (kind === 'xc') out += `</x${id}>`;
    else if (self || standalone.has(id!)) {
      if (!closing) out += `<x${id}/>`;
    } else out += closing ? `</x${id}>` : `<x${id}>`;
  }
  return out + unescapeHtml(xml.slice(last));
}

/** Language codes as each API spells them. */
export const deeplSourceLang: Record<Lang, string> = { en: 'EN', ar: 'AR' };
export const deeplTargetLang: Record<Lang, string> = { en: 'EN-US', ar: 'AR' };
