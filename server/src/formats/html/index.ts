/**
 * The HTML filter: web page -> segments (analyzeHtml) and segments' translations -> the
 * translated page (renderTranslatedHtml), markup kept. Parsing is parse5's implementation of
 * the WHATWG algorithm, so real-world (broken) HTML is read as a browser reads it.
 */
import { createHash } from 'node:crypto';
import {
  createElement,
  findElement,
  getAttr,
  parseDocument,
  removeAttr,
  removeNode,
  serializeDocument,
  setAttr,
  textContent,
  walkElements,
  type Element,
} from './dom';
import { countWords, languageFromLetters, scriptLetters } from '../../text/toolkit';
import { stripPlaceholders } from './placeholders';
import { applyUnit, extractUnits } from './segments';
import { collectLinks, rewriteDocumentUrls, type LinkRewriter, type SubresourceRewriter } from './urls';

export type { LinkRewriter, SubresourceKind, SubresourceRewriter } from './urls';
export { rewriteCssUrls } from './urls';
export { repairPlaceholders, stripPlaceholders } from './placeholders';

export type PageLang = 'en' | 'ar';

export interface HtmlAnalysis {
  /** `<title>`, else the first `<h1>`, whitespace collapsed. */
  title: string;
  /** The language the page is written in (content first, `<html lang>` when the text is too short to tell). */
  lang: PageLang;
  segments: string[];
  words: number;
  /** Absolute http(s) links (a, area), fragments dropped. */
  links: string[];
  /** Hash of the translatable text: equal hashes mean equal segments. */
  textHash: string;
}

/** Words of a page's segments, placeholders left out (the toolkit's counter). */
export function countSegmentWords(segments: string[]): number {
  let words = 0;
  for (const segment of segments) words += countWords(stripPlaceholders(segment));
  return words;
}

export function hashSegments(segments: string[]): string {
  return createHash('sha256').update(segments.join('\u241e')).digest('hex');
}

/** Arabic or English by script, the declared language deciding when there are few letters. */
export function detectLanguage(segments: string[], declared?: string | null): PageLang {
  const letters = { arabic: 0, latin: 0, names: 0 };
  for (const segment of segments) {
    const counted = scriptLetters(stripPlaceholders(segment));
    letters.arabic += counted.arabic;
    letters.latin += counted.latin;
    letters.names += counted.names;
  }
  const declaredLang = declared?.trim().toLowerCase();
  if (letters.arabic + letters.latin < 20 && declaredLang) {
    if (declaredLang.startsWith('ar')) return 'ar';
    if (declaredLang.startsWith('en')) return 'en';
  }
  return languageFromLetters(letters)?.lang ?? 'en';
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function analyzeHtml(html: string, pageUrl: string): HtmlAnalysis {
  const document = parseDocument(html);
  const segments = extractUnits(document).map((unit) => unit.segment);
  const titleElement = findElement(document, (e) => e.tagName === 'title');
  const h1 = titleElement ? undefined : findElement(document, (e) => e.tagName === 'h1');
  const titleSource = titleElement ?? h1;
  const title = titleSource ? collapse(textContent(titleSource)).slice(0, 500) : '';
  const htmlElement = findElement(document, (e) => e.tagName === 'html');
  return {
    title,
    lang: detectLanguage(segments, htmlElement ? getAttr(htmlElement, 'lang') : null),
    segments,
    words: countSegmentWords(segments),
    links: collectLinks(document, new URL(pageUrl)),
    textHash: hashSegments(segments),
  };
}

/** Only the segments (same order as analyzeHtml). */
export function extractSegments(html: string): string[] {
  return extractUnits(parseDocument(html)).map((unit) => unit.segment);
}

export interface RenderOptions {
  pageUrl: string;
  /** One translation per segment of the page, in order. */
  translations: string[];
  targetLang: PageLang;
  rewriteLink?: LinkRewriter;
  /** Shown with no script running (the sandboxed preview): lazily loaded images get their address (urls.ts). */
  scriptless?: boolean;
  /** The page's images, stylesheets and fonts, absolute: the URL to load instead, or null to keep it (urls.ts). */
  rewriteSubresource?: SubresourceRewriter;
}

export class SegmentMismatch extends Error {}

/**
 * The translated page: translations merged into the markup, `lang`/`dir` set on `<html>`
 * (rtl for Arabic), UTF-8 declared, URLs absolute and own links rewritten.
 */
export function renderTranslatedHtml(html: string, options: RenderOptions): { html: string; repaired: number } {
  const document = parseDocument(html);
  const units = extractUnits(document);
  if (units.length !== options.translations.length) {
    throw new SegmentMismatch(`The page has ${units.length} segments but ${options.translations.length} translations were given`);
  }
  let repaired = 0;
  units.forEach((unit, index) => {
    repaired += applyUnit(unit, options.translations[index]!);
  });

  const dir = options.targetLang === 'ar' ? 'rtl' : 'ltr';
  const htmlElement = findElement(document, (e) => e.tagName === 'html');
  if (htmlElement) {
    setAttr(htmlElement, 'lang', options.targetLang);
    setAttr(htmlElement, 'dir', dir);
    removeAttr(htmlElement, 'xml:lang');
  }
  const body = findElement(document, (e) => e.tagName === 'body');
  if (body && getAttr(body, 'dir') !== undefined) setAttr(body, 'dir', dir);

  // The copy is UTF-8 whatever the original declared.
  const head = findElement(document, (e) => e.tagName === 'head');
  const oldCharsets: Element[] = [];
  for (const element of walkElements(document)) {
    if (element.tagName !== 'meta') continue;
    const httpEquiv = (getAttr(element, 'http-equiv') ?? '').toLowerCase();
    if (getAttr(element, 'charset') !== undefined || httpEquiv === 'content-type') oldCharsets.push(element);
    const property = (getAttr(element, 'property') ?? '').toLowerCase();
    if (property === 'og:locale') setAttr(element, 'content', options.targetLang === 'ar' ? 'ar_AR' : 'en_US');
  }
  for (const element of oldCharsets) removeNode(element);
  if (head) {
    const meta = createElement('meta', [{ name: 'charset', value: 'utf-8' }], head);
    head.childNodes.unshift(meta);
  }

  rewriteDocumentUrls(document, new URL(options.pageUrl), options.rewriteLink, { scriptless: options.scriptless, rewriteSubresource: options.rewriteSubresource });
  return { html: serializeDocument(document), repaired };
}

/**
 * Bytes of a page -> text: BOM, then the Content-Type charset, then `<meta charset>` in the
 * first 1024 bytes, then UTF-8 (windows-1256 and other legacy encodings through TextDecoder).
 */
export function decodeHtmlBytes(body: Buffer, headerCharset?: string): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder('utf-8').decode(body.subarray(3));
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder('utf-16be').decode(body.subarray(2));
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder('utf-16le').decode(body.subarray(2));
  const head = body.subarray(0, 1024).toString('latin1');
  const declared =
    headerCharset ??
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // A meta tag claiming UTF-16 in an ASCII-compatible document is a known mistake: browsers use UTF-8.
  if (decoder.encoding.startsWith('utf-16')) decoder = new TextDecoder('utf-8');
  return decoder.decode(body);
}

/** The segments with a short note on where each comes from (for reviewers: "alt attribute of <img>"). */
export function describeSegments(html: string): Array<{ segment: string; note: string }> {
  return extractUnits(parseDocument(html)).map((unit) => ({
    segment: unit.segment,
    note: unit.kind === 'attr' ? `${unit.name} attribute of <${unit.element.tagName}>` : `text in <${'tagName' in unit.parent ? unit.parent.tagName : 'document'}>`,
  }));
}
