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

/** srcset candidates ("url descriptor, url descriptor"), URLs made absolute (HTML's parsing rules, simplified). */
function rewriteSrcset(value: string, base: URL): string {
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
    candidates.push([absolute(url, base) ?? url, descriptors].filter(Boolean).join(' '));
  }
  return candidates.join(', ');
}

/** url(...) and @import "..." in CSS text, made absolute. */
export function rewriteCssUrls(css: string, base: URL): string {
  return css
    .replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/gi, (whole, quote: string, url: string) => {
      const resolved = absolute(url, base);
      return resolved ? `url(${quote}${resolved}${quote})` : whole;
    })
    .replace(/@import\s+(['"])([^'"]+)\1/gi, (whole, quote: string, url: string) => {
      const resolved = absolute(url, base);
      return resolved ? `@import ${quote}${resolved}${quote}` : whole;
    });
}

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

/**
 * Makes every URL of the document absolute against its base, removes `<base>`, and passes
 * links (a, area) through `rewriteLink`. `<noscript>` content (kept as text while parsing, as a
 * browser with scripts on does) is rewritten too: a browser without scripts, the sandboxed
 * preview, shows it. `scriptless`: the copy is shown with no script running (the preview), so an
 * image a lazy-loading script would have loaded (data-src, data-srcset) is given as its src and srcset.
 */
export function rewriteDocumentUrls(document: Document, pageUrl: URL, rewriteLink?: LinkRewriter, options: { scriptless?: boolean } = {}) {
  const base = documentBase(document, pageUrl);
  const bases: Element[] = [];
  for (const element of walkElements(document)) {
    if (element.tagName === 'base') bases.push(element);
    else rewriteElementUrls(element, base, rewriteLink, options.scriptless === true);
  }
  for (const element of bases) removeNode(element);
}

function rewriteElementUrls(element: Element, base: URL, rewriteLink: LinkRewriter | undefined, scriptless: boolean) {
  for (const name of URL_ATTRIBUTES[element.tagName] ?? []) {
    const attr = element.attrs.find((a) => (a.namespace ? `${a.prefix}:${a.name}` : a.name) === name || (name === 'xlink:href' && a.name === 'href' && a.prefix === 'xlink'));
    if (!attr) continue;
    if (name.endsWith('srcset')) {
      attr.value = rewriteSrcset(attr.value, base);
      continue;
    }
    const resolved = absolute(attr.value, base);
    if (!resolved) continue;
    if (rewriteLink && name === 'href' && (element.tagName === 'a' || element.tagName === 'area')) {
      const target = new URL(resolved);
      const rewritten = rewriteLink(target);
      attr.value = rewritten ?? resolved;
    } else {
      attr.value = resolved;
    }
  }
  if (scriptless && (element.tagName === 'img' || element.tagName === 'source')) {
    const lazySource = LAZY_SOURCES.map((name) => getAttr(element, name)).find((value) => value?.trim());
    const lazySrcset = LAZY_SRCSETS.map((name) => getAttr(element, name)).find((value) => value?.trim());
    if (lazySource) setAttr(element, 'src', lazySource);
    if (lazySrcset) setAttr(element, 'srcset', lazySrcset);
  }
  const style = getAttr(element, 'style');
  if (style && /url\(|@import/i.test(style)) setAttr(element, 'style', rewriteCssUrls(style, base));
  if (element.tagName === 'style') {
    for (const child of element.childNodes) if (isText(child)) child.value = rewriteCssUrls(child.value, base);
  }
  if (element.tagName === 'noscript') {
    for (const child of element.childNodes) {
      if (!isText(child) || !/[<]/.test(child.value)) continue;
      const fragment = parseFragment(child.value, { scriptingEnabled: false });
      for (const inner of walkElements(fragment)) if (inner.tagName !== 'base') rewriteElementUrls(inner, base, rewriteLink, scriptless);
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
