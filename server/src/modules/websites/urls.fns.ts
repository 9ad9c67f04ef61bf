/** URL rules of website crawling: normal form, "same site", and where a page's translated copy lives. */
import { createHash } from 'node:crypto';
import path from 'node:path';

/** A user's input as a URL: https:// assumed when no scheme is given. Null when it cannot be one. */
export function parseSiteUrl(input: string): URL | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** An address without its fragment and empty query (the URL parser already lower-cases the host and drops a default port). */
export function cleanUrl(input: string | URL): string {
  const url = new URL(typeof input === 'string' ? input : input.href);
  url.hash = '';
  // "/a?" and "/a" are one page: an empty query is dropped.
  if (!url.search) url.search = '';
  return url.href;
}

/** The file names servers answer a folder with: "/a/index.html" is the page "/a/". */
const INDEX_FILE = /\/(?:index\.(?:html?|php)|default\.(?:html?|aspx))$/i;

/** "/a/index.html" -> "/a/" (index.htm, index.php, default.htm(l), default.aspx too, any case); other paths as they are. */
export function folderOfIndex(pathname: string): string {
  return pathname.replace(INDEX_FILE, '/');
}

/**
 * The form pages are stored and told apart under: cleanUrl's, and a folder's index page is the
 * folder ("/docs/index.html?x=1" -> "/docs/?x=1"), so the two addresses are one page.
 */
export function normalizePageUrl(input: string | URL): string {
  const url = new URL(cleanUrl(input));
  url.pathname = folderOfIndex(url.pathname);
  return url.href;
}

/** "example.com" for http(s)://[www.]example.com[:default port]; the port is part of it otherwise. */
export function siteKey(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  return url.port ? `${host}:${url.port}` : host;
}

export function isSameSite(url: URL, keys: ReadonlySet<string>): boolean {
  return (url.protocol === 'http:' || url.protocol === 'https:') && keys.has(siteKey(url));
}

const UNSAFE = /[<>:"\\|?*\u0000-\u001f\u007f]/g;
const PAGE_EXTENSION = /\.(html?|xhtml)$/i;

/**
 * Where the translated copy of a page lives inside the ZIP and under the preview prefix:
 * "/" -> "index.html", "/about" -> "about.html", "/blog/" -> "blog/index.html",
 * "/a.php?id=2" -> "a.php.q-<hash>.html". Decoded, with characters no file system likes replaced.
 */
export function localPathFor(input: string | URL): string {
  const url = new URL(typeof input === 'string' ? input : input.href);
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    pathname = url.pathname;
  }
  const parts = pathname
    .split('/')
    .map((part) => part.replace(UNSAFE, '_').trim())
    .filter((part) => part && part !== '.' && part !== '..');
  const directory = pathname.endsWith('/') || parts.length === 0;
  let file = directory ? 'index.html' : parts.pop()!;
  if (!PAGE_EXTENSION.test(file)) file = `${file}.html`;
  if (url.search) {
    const hash = createHash('sha1').update(url.search).digest('hex').slice(0, 8);
    file = file.replace(PAGE_EXTENSION, (ext) => `.q-${hash}${ext}`);
  }
  return [...parts, file].join('/');
}

/** Adds a suffix before the extension, for the rare page whose local path is taken. */
export function withSuffix(localPath: string, suffix: string): string {
  return localPath.replace(/(\.[a-z]+)$/i, `-${suffix}$1`);
}

/** The href from one local copy to another (both relative to the site root). */
export function relativeHref(from: string, to: string): string {
  const relative = path.posix.relative(path.posix.dirname(from), to);
  return encodeURI(relative || path.posix.basename(to)).replace(/[?#]/g, encodeURIComponent);
}

/** Characters a download's name keeps from a site's title: letters (Arabic too) with their marks, digits, and plain punctuation. */
const NOT_IN_FILE_NAME = /[^\p{L}\p{M}\p{N} ._()&',+-]+/gu;
const FILE_NAME_MAX_CHARACTERS = 80;

/**
 * A download's name: the site's title made safe for a file name (no slashes, quotes, control or
 * direction marks; Arabic letters kept; at most 80 characters), the host when the title leaves
 * nothing, and the language as the documents' downloads name it: "Acme Widgets (ar).zip".
 */
export function siteDownloadName(site: { title: string; url: string }, lang: string | null, extension: string): string {
  const cleaned = site.title.normalize('NFC').replace(NOT_IN_FILE_NAME, ' ').replace(/\s+/g, ' ');
  const trimmed = (text: string) => text.replace(/^[\s.-]+|[\s.-]+$/g, '');
  const base = trimmed([...trimmed(cleaned)].slice(0, FILE_NAME_MAX_CHARACTERS).join('')) || new URL(site.url).hostname;
  return `${base} (${lang ?? 'translated'}).${extension}`;
}

/**
 * A translated page's download, named as the site's downloads are (siteDownloadName): after the
 * page's own title, else the site's, with the language: "About us (ar).html". A page without a
 * <title> is listed under its path (the crawler's stand-in), which is no title to name a file after.
 */
export function pageDownloadName(site: { title: string; url: string }, page: { title: string; url: string; target_lang: string | null }): string {
  const ownTitle = page.title === new URL(page.url).pathname ? '' : page.title;
  return siteDownloadName({ title: ownTitle.trim() || site.title, url: site.url }, page.target_lang, 'html');
}
