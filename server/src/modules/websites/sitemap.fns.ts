/**
 * sitemap.xml (sitemaps.org): a `<urlset>` of pages or a `<sitemapindex>` of further
 * sitemaps; a plain-text sitemap (one URL a line) is accepted too. Parsed with saxes, a
 * strict, non-validating parser that never loads external entities.
 */
import { SaxesParser } from 'saxes';

export interface Sitemap {
  kind: 'urlset' | 'index';
  urls: string[];
}

const MAX_ENTRIES = 50_000; // the protocol's own limit per file

function localName(name: string): string {
  return name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
}

export function parseSitemap(text: string): Sitemap {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed.startsWith('<')) {
    const urls = trimmed
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => /^https?:\/\//i.test(line))
      .slice(0, MAX_ENTRIES);
    return { kind: 'urlset', urls };
  }
  const parser = new SaxesParser({ xmlns: false, position: false });
  let kind: Sitemap['kind'] = 'urlset';
  const urls: string[] = [];
  const stack: string[] = [];
  let text_ = '';
  parser.on('doctype', () => {
    throw new Error('A sitemap must not have a DOCTYPE');
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (stack.length === 0 && name === 'sitemapindex') kind = 'index';
    stack.push(name);
    if (name === 'loc') text_ = '';
  });
  parser.on('text', (value) => {
    if (stack[stack.length - 1] === 'loc') text_ += value;
  });
  parser.on('cdata', (value) => {
    if (stack[stack.length - 1] === 'loc') text_ += value;
  });
  parser.on('closetag', () => {
    const name = stack.pop();
    const parent = stack[stack.length - 1];
    if (name === 'loc' && (parent === 'url' || parent === 'sitemap') && urls.length < MAX_ENTRIES) {
      const loc = text_.trim();
      if (/^https?:\/\//i.test(loc)) urls.push(loc);
    }
  });
  parser.write(trimmed).close();
  return { kind, urls };
}
