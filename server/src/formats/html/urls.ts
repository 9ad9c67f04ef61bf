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
function rewriteSrcset(value: string, base: URL, subresource?: LinkRewriter): string {
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
    candidates.push([resolveSubresource(url, base, subresource) ?? url, descriptors].filter(Boolean).join(' '));
  }
  return candidates.join(', ');
}

/** An image's, stylesheet's or font's URL made absolute, then passed through `subresource` (which may answer null: kept absolute). */
function resolveSubresource(value: string, base: URL, subresource?: LinkRewriter): string | null {
  const resolved = absolute(value, base);
  if (!resolved || !subresource) return resolved;
  return subresource(new URL(resolved)) ?? resolved;
}

const IMAGE_SET = /(?:-webkit-)?image-set\(/gi;

/**
 * The bare strings of `image-set("a.png" 1x, "b.png" 2x)` (and `-webkit-image-set`), which are
 * URLs as much as `url()` ones are, made absolute. Strings inside `url()` are left to its own
 * rewriting and those inside `type()` are media types, not URLs.
 */
function rewriteImageSets(css: string, resolve: (url: string) => string | null): string {
  let out = '';
  let last = 0;
  for (const match of css.matchAll(IMAGE_SET)) {
    const start = match.index + match[0].length;
    if (start <= last) continue;
    // The matching ")": nested url() and type() and quoted strings skipped.
    let depth = 1;
    let quote = '';
    let end = start;
    for (; end < css.length; end++) {
      const c = css[end]!;
      if (quote) {
        if (c === '\\') end++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) break;
    }
    const body = css.slice(start, end).replace(/((?:url|type)\(\s*)?(['"])([^'"]*)\2/gi, (whole, inFunction: string | undefined, q: string, url: string) => {
      if (inFunction) return whole;
      const resolved = resolve(url);
      return resolved ? `${q}${resolved}${q}` : whole;
    });
    out += css.slice(last, start) + body;
    last = end;
  }
  return out + css.slice(last);
}

/**
 * url(...), @import "..." and image-set()'s bare strings in CSS text, made absolute, and passed
 * through `subresource` when given (every URL in CSS is something the page loads).
 */
export function rewriteCssUrls(css: string, base: URL, subresource?: LinkRewriter): string {
  const resolve = (url: string) => resolveSubresource(url, base, subresource);
  return rewriteImageSets(css, resolve)
    .replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/gi, (whole, quote: string, url: string) => {
      const resolved = resolve(url);
      return resolved ? `url(${quote}${resolved}${quote})` : whole;
    })
    .replace(/@import\s+(['"])([^'"]+)\1/gi, (whole, quote: string, url: string) => {
      const resolved = resolve(url);
      return resolved ? `@import ${quote}${resolved}${quote}` : whole;
    });
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
  rewriteSubresource?: LinkRewriter;
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

/** Whether the element's attribute names an image, stylesheet or font the page loads. */
function isSubresource(element: Element, name: string): boolean {
  switch (element.tagName) {
    case 'img':
      return name !== 'longdesc';
    case 'source':
      // A <picture>'s images; a <video>'s or <audio>'s sources are media.
      return element.parentNode !== null && 'tagName' in element.parentNode && element.parentNode.tagName === 'picture';
    case 'link': {
      const rel = (getAttr(element, 'rel') ?? '').toLowerCase().split(/\s+/);
      return name === 'href' && rel.some((token) => token === 'stylesheet' || token.endsWith('icon'));
    }
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
      attr.value = (subresource && subresource(new URL(resolved))) ?? resolved;
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
