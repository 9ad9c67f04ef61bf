/**
 * URLs of a translated copy: the copy is served from Lisan (preview) or a ZIP, not from the
 * site, so every relative URL is made absolute (images, styles and scripts keep loading from
 * the original site) and links to the site's own translated pages are rewritten to the
 * translated copies.
 */
import { parseFragment, serialize } from 'parse5';
import { getAttr, isText, removeNode, setAttr, walkElements, type Document, type Element } from './dom';

/** Answers the href to use for a link to one of the site's pages, or null to keep the absolute URL. */
export type LinkRewriter = (absolute: URL) => string | null;

/**
 * What a page loads from a URL: a stylesheet (`<link rel="stylesheet">`, `@import`), a font
 * (a `url()` inside `@font-face`, `<link rel="preload" as="font">`), or an image or icon.
 */
export type SubresourceKind = 'stylesheet' | 'font' | 'other';

/** Answers the URL to load one of the page's images, stylesheets or fonts from instead, or null to keep the absolute URL. */
export type SubresourceRewriter = (absolute: URL, kind: SubresourceKind) => string | null;

/** The attributes lazy-loading scripts (lazysizes, WordPress plugins, jQuery lazyload) read an image's address from. */
const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-original'];
const LAZY_SRCSETS = ['data-srcset', 'data-lazy-srcset'];

const URL_ATTRIBUTES: Record<string, string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  // data-src and data-srcset (and the like) are what lazy-loading scripts copy into src and srcset: made absolute too,
  // or a copy served elsewhere (the ZIP on another host) would load them from there.
  img: ['src', 'srcset', 'longdesc', ...LAZY_SOURCES, ...LAZY_SRCSETS],
  source: ['src', 'srcset', ...LAZY_SOURCES, ...LAZY_SRCSETS],
  script: ['src'],
  iframe: ['src'],
  frame: ['src'],
  embed: ['src'],
  track: ['src'],
  audio: ['src'],
  video: ['src', 'poster'],
  input: ['src', 'formaction'],
  button: ['formaction'],
  form: ['action'],
  object: ['data'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite'],
  ins: ['cite'],
  body: ['background'],
  table: ['background'],
  td: ['background'],
  th: ['background'],
  image: ['href', 'xlink:href'],
  use: ['href', 'xlink:href'],
};

const NON_HTTP = /^\s*(javascript|mailto|tel|data|blob|about|sms|ftp|file|geo|whatsapp|skype):/i;

function absolute(value: string, base: URL): string | null {
  const trimmed = value.trim();
  if (!trimmed || trimmed.startsWith('#') || NON_HTTP.test(trimmed)) return null;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return null;
  }
}

/** srcset candidates ("url descriptor, url descriptor"), URLs made absolute (HTML's parsing rules, simplified) and passed through `subresource`. */
function rewriteSrcset(value: string, base: URL, subresource?: SubresourceRewriter): string {
  const candidates: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i]!)) i++;
    if (i >= value.length) break;
    const start = i;
    while (i < value.length && !/\s/.test(value[i]!)) i++;
    let url = value.slice(start, i);
    let descriptors = '';
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      const from = i;
      while (i < value.length && value[i] !== ',') i++;
      descriptors = value.slice(from, i).trim();
    }
    candidates.push([resolveSubresource(url, base, subresource, 'other') ?? url, descriptors].filter(Boolean).join(' '));
  }
  return candidates.join(', ');
}

/** An image's, stylesheet's or font's URL made absolute, then passed through `subresource` (which may answer null: kept absolute). */
function resolveSubresource(value: string, base: URL, subresource: SubresourceRewriter | undefined, kind: SubresourceKind): string | null {
  const resolved = absolute(value, base);
  if (!resolved || !subresource) return resolved;
  return subresource(new URL(resolved), kind) ?? resolved;
}

/** The string opening at `start` (its quote): where it ends (past its closing quote, escapes skipped) and whether it is closed. */
function cssString(css: string, start: number): { end: number; closed: boolean } {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === quote) return { end: i + 1, closed: true };
  }
  return { end: css.length, closed: false };
}

/** The URL of `url(` whose inside begins at `start`, quoted or not, and where the `)` ends it; null when it is no well-formed url(). */
function cssUrlToken(css: string, start: number): { value: string; quote: string; end: number } | null {
  let i = start;
  while (/\s/.test(css[i] ?? '')) i++;
  const quote = css[i];
  if (quote === '"' || quote === "'") {
    const string = cssString(css, i);
    if (!string.closed) return null;
    let close = string.end;
    while (/\s/.test(css[close] ?? '')) close++;
    return css[close] === ')' ? { value: css.slice(i + 1, string.end - 1), quote, end: close + 1 } : null;
  }
  let close = i;
  for (; close < css.length && css[close] !== ')'; close++) {
    if (css[close] === '\\') close++;
    else if (css[close] === '"' || css[close] === "'" || css[close] === '(') return null;
  }
  const value = css.slice(i, close).trimEnd();
  return close < css.length && !/\s/.test(value) ? { value, quote: '', end: close + 1 } : null;
}

/** A URL written back into CSS: within the quotes it came in (they escaped), or unquoted (what would end it escaped). */
function cssUrlText(url: string, quote: string): string {
  return url.replace(quote ? new RegExp(`[\\\\${quote}]`, 'g') : /[\\()'"]/g, (char) => `\\${char}`);
}

const IMAGE_SET_FUNCTION = /^(?:-webkit-)?image-set$/i;
const FONT_FACE = /^@font-face(?![\w-])/i;
const CSS_NAME = /[\w-]+/y;

/**
 * The URLs of CSS text, made absolute and passed through `subresource` when given (every URL
 * in CSS is something the page loads): `url()`, quoted or not, `@import "…"` and
 * `@import url(…)` (stylesheets), and the bare strings of `image-set("a.png" 1x)` and
 * `-webkit-image-set`. Read as CSS is: comments and other strings (`content: "a.png"`,
 * `type("image/avif")`, a `url(#id)` inside a quoted data: URI) are left as they are, and so
 * are data: URIs. A `url()` inside an `@font-face` block (its `src`) is passed as a font. An
 * unclosed function (a cut-off style attribute) is rewritten to its end.
 */
export function rewriteCssUrls(css: string, base: URL, subresource?: SubresourceRewriter): string {
  const resolve = (url: string, kind: SubresourceKind) => resolveSubresource(url, base, subresource, kind);
  let out = '';
  /** The functions the text is inside, innermost last ('' for a bare parenthesis). */
  const functions: string[] = [];
  /** After `@import`, before its URL: the URL is a stylesheet's. */
  let importing = false;
  /** After `@font-face`, before its `{`. */
  let fontFaceNext = false;
  /** The blocks (`{…}`) the text is inside, innermost last: whether each is an `@font-face`. */
  const blocks: boolean[] = [];
  /** What a `url()` (or `image-set()` string) at this point loads. */
  const urlKind = (): SubresourceKind => (importing ? 'stylesheet' : blocks.at(-1) ? 'font' : 'other');
  let i = 0;
  while (i < css.length) {
    const char = css[i]!;
    if (char === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      const end = close < 0 ? css.length : close + 2;
      out += css.slice(i, end);
      i = end;
      continue;
    }
    if (char === '"' || char === "'") {
      const { end, closed } = cssString(css, i);
      const isUrl = importing || IMAGE_SET_FUNCTION.test(functions.at(-1) ?? '');
      const resolved = isUrl ? resolve(css.slice(i + 1, closed ? end - 1 : end), urlKind()) : null;
      out += resolved ? `${char}${cssUrlText(resolved, char)}${closed ? char : ''}` : css.slice(i, end);
      importing = false;
      i = end;
      continue;
    }
    if (char === '\\') {
      out += css.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (char === '@' && /^@import(?![\w-])/i.test(css.slice(i, i + 8))) {
      importing = true;
      out += css.slice(i, i + 7);
      i += 7;
      continue;
    }
    if (char === '@' && FONT_FACE.test(css.slice(i, i + 11))) {
      fontFaceNext = true;
      out += css.slice(i, i + 10);
      i += 10;
      continue;
    }
    if (/[A-Za-z_-]/.test(char) && !/[\w-]/.test(css[i - 1] ?? '')) {
      CSS_NAME.lastIndex = i;
      const name = CSS_NAME.exec(css)![0];
      const open = i + name.length;
      if (css[open] === '(' && name.toLowerCase() === 'url') {
        const token = cssUrlToken(css, open + 1);
        if (token) {
          const resolved = resolve(token.value, urlKind());
          out += resolved ? `url(${token.quote}${cssUrlText(resolved, token.quote)}${token.quote})` : css.slice(i, token.end);
          importing = false;
          i = token.end;
          continue;
        }
      }
      if (css[open] === '(') {
        functions.push(name);
        out += `${name}(`;
        i = open + 1;
        continue;
      }
      out += name;
      i = open;
      continue;
    }
    if (char === '(') functions.push('');
    else if (char === ')') functions.pop();
    else if (char === ';' || char === '{' || char === '}') {
      importing = false;
      if (char === '{') blocks.push(fontFaceNext);
      else if (char === '}') blocks.pop();
      fontFaceNext = false;
    }
    out += char;
    i++;
  }
  return out;
}

/** CSS that names a URL (what rewriteCssUrls rewrites). */
const CSS_WITH_URLS = /url\(|@import|image-set\(/i;

/** The document's base URL (`<base href>` resolved against the page URL), or the page URL. */
export function documentBase(document: Document, pageUrl: URL): URL {
  for (const element of walkElements(document)) {
    if (element.tagName === 'base') {
      const href = getAttr(element, 'href');
      if (href) {
        try {
          return new URL(href.trim(), pageUrl);
        } catch {
          return pageUrl;
        }
      }
    }
  }
  return pageUrl;
}

/** What the copy's URLs go through beside being made absolute. */
export interface UrlRewriteOptions {
  /**
   * The copy is shown with no script running (the preview), so an image a lazy-loading script
   * would have loaded (data-src, data-srcset) is given as its src and srcset.
   */
  scriptless?: boolean;
  /**
   * The page's images, stylesheets and fonts (not its links, frames, scripts or media), absolute:
   * answers the URL to load instead, or null to keep it (the preview fetches http: ones through Lisan).
   */
  rewriteSubresource?: SubresourceRewriter;
}

/**
 * Makes every URL of the document absolute against its base, removes `<base>`, and passes
 * links (a, area) through `rewriteLink` and images, stylesheets and fonts through
 * `rewriteSubresource`. `<noscript>` content (kept as text while parsing, as a browser with
 * scripts on does) is rewritten too: a browser without scripts, the sandboxed preview, shows it.
 */
export function rewriteDocumentUrls(document: Document, pageUrl: URL, rewriteLink?: LinkRewriter, options: UrlRewriteOptions = {}) {
  const base = documentBase(document, pageUrl);
  const bases: Element[] = [];
  for (const element of walkElements(document)) {
    if (element.tagName === 'base') bases.push(element);
    else rewriteElementUrls(element, base, rewriteLink, options);
  }
  for (const element of bases) removeNode(element);
}

/** A <link>'s rel tokens. */
const linkRels = (element: Element) => (getAttr(element, 'rel') ?? '').toLowerCase().split(/\s+/);

/** `<link rel="preload" as="font">`: a font the page's stylesheets name, asked for early. */
const isFontPreload = (element: Element) => linkRels(element).includes('preload') && (getAttr(element, 'as') ?? '').trim().toLowerCase() === 'font';

/** Whether the element's attribute names an image, stylesheet or font the page loads. */
function isSubresource(element: Element, name: string): boolean {
  switch (element.tagName) {
    case 'img':
      return name !== 'longdesc';
    case 'source':
      // A <picture>'s images; a <video>'s or <audio>'s sources are media.
      return element.parentNode !== null && 'tagName' in element.parentNode && element.parentNode.tagName === 'picture';
    case 'link':
      return name === 'href' && (linkRels(element).some((token) => token === 'stylesheet' || token.endsWith('icon')) || isFontPreload(element));
    case 'input':
      return name === 'src' && (getAttr(element, 'type') ?? '').toLowerCase() === 'image';
    case 'video':
      return name === 'poster';
    case 'body':
    case 'table':
    case 'td':
    case 'th':
      return name === 'background';
    case 'image':
      return true;
    default:
      return false;
  }
}

function rewriteElementUrls(element: Element, base: URL, rewriteLink: LinkRewriter | undefined, options: UrlRewriteOptions) {
  const { rewriteSubresource } = options;
  for (const name of URL_ATTRIBUTES[element.tagName] ?? []) {
    const attr = element.attrs.find((a) => (a.namespace ? `${a.prefix}:${a.name}` : a.name) === name || (name === 'xlink:href' && a.name === 'href' && a.prefix === 'xlink'));
    if (!attr) continue;
    const subresource = rewriteSubresource && isSubresource(element, name) ? rewriteSubresource : undefined;
    if (name.endsWith('srcset')) {
      attr.value = rewriteSrcset(attr.value, base, subresource);
      continue;
    }
    const resolved = absolute(attr.value, base);
    if (!resolved) continue;
    if (rewriteLink && name === 'href' && (element.tagName === 'a' || element.tagName === 'area')) {
      const target = new URL(resolved);
      const rewritten = rewriteLink(target);
      attr.value = rewritten ?? resolved;
    } else {
      const kind: SubresourceKind = element.tagName !== 'link' ? 'other' : linkRels(element).includes('stylesheet') ? 'stylesheet' : isFontPreload(element) ? 'font' : 'other';
      attr.value = (subresource && subresource(new URL(resolved), kind)) ?? resolved;
    }
  }
  if (options.scriptless && (element.tagName === 'img' || element.tagName === 'source')) {
    const lazySource = LAZY_SOURCES.map((name) => getAttr(element, name)).find((value) => value?.trim());
    const lazySrcset = LAZY_SRCSETS.map((name) => getAttr(element, name)).find((value) => value?.trim());
    if (lazySource) setAttr(element, 'src', lazySource);
    if (lazySrcset) setAttr(element, 'srcset', lazySrcset);
  }
  const style = getAttr(element, 'style');
  if (style && CSS_WITH_URLS.test(style)) setAttr(element, 'style', rewriteCssUrls(style, base, rewriteSubresource));
  if (element.tagName === 'style') {
    for (const child of element.childNodes) if (isText(child)) child.value = rewriteCssUrls(child.value, base, rewriteSubresource);
  }
  if (element.tagName === 'noscript') {
    for (const child of element.childNodes) {
      if (!isText(child) || !/[<]/.test(child.value)) continue;
      const fragment = parseFragment(child.value, { scriptingEnabled: false });
      for (const inner of walkElements(fragment)) if (inner.tagName !== 'base') rewriteElementUrls(inner, base, rewriteLink, options);
      child.value = serialize(fragment);
    }
  }
}

/** Absolute http(s) URLs of the page's links (a and area), fragments dropped, in document order. */
export function collectLinks(document: Document, pageUrl: URL): string[] {
  const base = documentBase(document, pageUrl);
  const links: string[] = [];
  for (const element of walkElements(document)) {
    if (element.tagName !== 'a' && element.tagName !== 'area') continue;
    const href = getAttr(element, 'href');
    if (!href) continue;
    const resolved = absolute(href, base);
    if (!resolved) continue;
    const url = new URL(resolved);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    url.hash = '';
    links.push(url.href);
  }
  return links;
}
