import { describe, expect, it } from 'vitest';
import { crawlDelayFor, isAllowedByRobots, parseRobots } from './robots.fns';
import { parseSitemap } from './sitemap.fns';
import { cleanUrl, folderOfIndex, isSameSite, localPathFor, normalizePageUrl, parseSiteUrl, pageDownloadName, relativeHref, siteDownloadName, siteKey, withSuffix } from './urls.fns';
import { GLOSS_NOTICE } from '../../engines/dictionary/engine';
import { parseXliff, segmentToXliff, XLIFF_FOOTER, XLIFF_HEADER, XliffError, xliffFile } from './xliff.fns';

const allowed = (robots: string, path: string, token = 'LisanBot') => isAllowedByRobots(parseRobots(robots), token, new URL(`https://example.com${path}`));

describe('robots.txt', () => {
  const rules = `# comment
User-agent: *
Disallow: /private/
Allow: /private/open
Disallow: /*.pdf$
Disallow: /search?
Crawl-delay: 2

User-agent: LisanBot
User-agent: OtherBot
Disallow: /only-for-others
Allow: /

Sitemap: https://example.com/sitemap.xml
`;

  it('uses the most specific rule, allow winning a tie; * and $ patterns', () => {
    const star = rules.replace(/User-agent: LisanBot[\s\S]*?Allow: \/\n/, '');
    expect(allowed(star, '/')).toBe(true);
    expect(allowed(star, '/private/x')).toBe(false);
    expect(allowed(star, '/private/open/page')).toBe(true);
    expect(allowed(star, '/docs/a.pdf')).toBe(false);
    expect(allowed(star, '/docs/a.pdf?x=1')).toBe(true);
    expect(allowed(star, '/search?q=1')).toBe(false);
    expect(allowed(star, '/search')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /page\nAllow: /page', '/page')).toBe(true);
    expect(allowed('User-agent: *\nDisallow:', '/anything')).toBe(true);
  });

  it('prefers the group naming our product token over *, and reads sitemaps and crawl-delay', () => {
    expect(allowed(rules, '/private/x')).toBe(true);
    expect(allowed(rules, '/only-for-others')).toBe(false);
    expect(allowed(rules, '/private/x', 'SomeoneElse')).toBe(false);
    expect(allowed('User-agent: lisanbot\nDisallow: /', '/', 'LisanBot')).toBe(false);
    const parsed = parseRobots(rules);
    expect(parsed.sitemaps).toEqual(['https://example.com/sitemap.xml']);
    expect(crawlDelayFor(parsed, 'SomeoneElse')).toBe(2);
    expect(crawlDelayFor(parsed, 'LisanBot')).toBeUndefined();
  });

  it('never blocks /robots.txt and matches percent-encoded paths', () => {
    expect(allowed('User-agent: *\nDisallow: /', '/robots.txt')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /مدونة', '/%D9%85%D8%AF%D9%88%D9%86%D8%A9/post')).toBe(false);
  });
});

describe('sitemaps', () => {
  it('reads a urlset, a sitemap index (namespaced or not) and a plain-text sitemap', () => {
    expect(parseSitemap(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> https://a.com/1 </loc><lastmod>2024-01-01</lastmod></url><url><loc><![CDATA[https://a.com/2?x=1&y=2]]></loc></url><url><loc>ftp://a.com/no</loc></url></urlset>`)).toEqual({
      kind: 'urlset',
      urls: ['https://a.com/1', 'https://a.com/2?x=1&y=2'],
    });
    expect(parseSitemap('<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://a.com/s1.xml</sm:loc></sm:sitemap></sm:sitemapindex>')).toEqual({ kind: 'index', urls: ['https://a.com/s1.xml'] });
    expect(parseSitemap('https://a.com/1\nnot a url\nhttps://a.com/2\n')).toEqual({ kind: 'urlset', urls: ['https://a.com/1', 'https://a.com/2'] });
  });

  it('refuses DOCTYPEs and broken XML', () => {
    expect(() => parseSitemap('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><urlset><url><loc>&e;</loc></url></urlset>')).toThrow();
    expect(() => parseSitemap('<urlset><url><loc>https://a.com/</url>')).toThrow();
  });
});

describe('URLs of a site', () => {
  it('parses what users type', () => {
    expect(parseSiteUrl('example.com')?.href).toBe('https://example.com/');
    expect(parseSiteUrl('  http://Example.COM/a b ')).toBeNull();
    expect(parseSiteUrl('http://Example.COM:80/a#x')?.href).toBe('http://example.com/a#x');
    expect(parseSiteUrl('')).toBeNull();
  });

  it('normalises page URLs and tells same-site URLs (www and scheme aside, port included)', () => {
    expect(normalizePageUrl('https://EXAMPLE.com:443/a?#frag')).toBe('https://example.com/a');
    expect(cleanUrl('https://EXAMPLE.com:443/index.html?#frag')).toBe('https://example.com/index.html');
    const keys = new Set([siteKey(new URL('https://www.example.com/'))]);
    expect(isSameSite(new URL('http://example.com/x'), keys)).toBe(true);
    expect(isSameSite(new URL('https://blog.example.com/x'), keys)).toBe(false);
    expect(isSameSite(new URL('https://example.com:8443/x'), keys)).toBe(false);
    expect(isSameSite(new URL('ftp://example.com/x'), keys)).toBe(false);
  });

  it('takes a folder\'s index page for the folder (the query kept), whatever its case', () => {
    expect(normalizePageUrl('http://site/index.html')).toBe('http://site/');
    expect(normalizePageUrl('http://site/docs/index.html#top')).toBe('http://site/docs/');
    expect(normalizePageUrl('http://site/docs/INDEX.HTM?b=2&a=1')).toBe('http://site/docs/?b=2&a=1');
    for (const name of ['index.php', 'default.htm', 'Default.html', 'default.ASPX']) expect(normalizePageUrl(`http://site/a/${name}`)).toBe('http://site/a/');
    // Only the last segment, only these names.
    expect(normalizePageUrl('http://site/index.html/x')).toBe('http://site/index.html/x');
    expect(normalizePageUrl('http://site/myindex.html')).toBe('http://site/myindex.html');
    expect(normalizePageUrl('http://site/index.json')).toBe('http://site/index.json');
    expect(normalizePageUrl('http://site/a?next=/index.html')).toBe('http://site/a?next=/index.html');
    expect(folderOfIndex('/docs/default.aspx')).toBe('/docs/');
    // The root still exports as index.html.
    expect(localPathFor(normalizePageUrl('http://site/index.php'))).toBe('index.html');
  });

  it('gives every page a local path for the ZIP and the preview, and relative links between them', () => {
    expect(localPathFor('https://a.com/')).toBe('index.html');
    expect(localPathFor('https://a.com/about')).toBe('about.html');
    expect(localPathFor('https://a.com/blog/')).toBe('blog/index.html');
    expect(localPathFor('https://a.com/blog/post.htm')).toBe('blog/post.htm');
    expect(localPathFor('https://a.com/shop/item.php?id=2')).toMatch(/^shop\/item\.php\.q-[0-9a-f]{8}\.html$/);
    expect(localPathFor('https://a.com/%D9%85%D8%AF%D9%88%D9%86%D8%A9/')).toBe('مدونة/index.html');
    expect(localPathFor('https://a.com/a/../../b:c/')).toBe('b_c/index.html');
    expect(withSuffix('about.html', '2')).toBe('about-2.html');
    expect(relativeHref('blog/post.html', 'index.html')).toBe('../index.html');
    expect(relativeHref('index.html', 'blog/index.html')).toBe('blog/index.html');
    expect(relativeHref('about.html', 'about.html')).toBe('about.html');
    expect(relativeHref('index.html', 'مدونة/index.html')).toBe('%D9%85%D8%AF%D9%88%D9%86%D8%A9/index.html');
  });

  it('names a download after the site: its title made safe for a file name (Arabic kept), else its host, and the language', () => {
    expect(siteDownloadName({ title: 'Acme Widgets', url: 'https://acme.example/' }, 'ar', 'zip')).toBe('Acme Widgets (ar).zip');
    expect(siteDownloadName({ title: 'مرحبا بالعالم', url: 'https://a.com/' }, 'en', 'xlf')).toBe('مرحبا بالعالم (en).xlf');
    // Slashes, quotes, colons, bidi marks and line breaks go; dots and dashes do not start or end it.
    expect(siteDownloadName({ title: '..News / "Home": \u2067Today\u2069\n|  -', url: 'https://a.com/' }, 'ar', 'zip')).toBe('News Home Today (ar).zip');
    expect(siteDownloadName({ title: '«»/\\', url: 'https://www.example.com:8080/x' }, 'ar', 'zip')).toBe('www.example.com (ar).zip');
    expect(siteDownloadName({ title: '', url: 'http://127.0.0.1:3000/' }, null, 'zip')).toBe('127.0.0.1 (translated).zip');
    expect([...siteDownloadName({ title: 'ب'.repeat(200), url: 'https://a.com/' }, 'ar', 'zip')].length).toBe(80 + ' (ar).zip'.length);
  });

  it("names a page's download after its own title, else the site's (a page without a title is listed under its path), else the host", () => {
    const site = { title: 'Acme Widgets', url: 'https://acme.example/' };
    expect(pageDownloadName(site, { title: 'About us', url: 'https://acme.example/about', target_lang: 'ar' })).toBe('About us (ar).html');
    expect(pageDownloadName(site, { title: 'من نحن', url: 'https://acme.example/ar/about', target_lang: 'en' })).toBe('من نحن (en).html');
    expect(pageDownloadName(site, { title: '/blog/post', url: 'https://acme.example/blog/post', target_lang: 'ar' })).toBe('Acme Widgets (ar).html');
    expect(pageDownloadName(site, { title: '  ', url: 'https://acme.example/x', target_lang: 'ar' })).toBe('Acme Widgets (ar).html');
    expect(pageDownloadName({ title: '/', url: 'http://127.0.0.1:3000/' }, { title: '/', url: 'http://127.0.0.1:3000/', target_lang: null })).toBe('127.0.0.1 (translated).html');
  });
});

describe('XLIFF 1.2', () => {
  it('writes placeholders as <g>/<x> and reads them back, text escaped', () => {
    expect(segmentToXliff('a < b & <x1>c</x1><x2/> "q"')).toBe('a &lt; b &amp; <g id="1">c</g><x id="2"/> &quot;q&quot;');
    const doc =
      XLIFF_HEADER +
      xliffFile({ original: 'https://a.com/?a=1&b=2', sourceLang: 'en', targetLang: 'ar', title: 'T & t', units: [{ id: 'p1-s0', source: 'a < b <x1>c</x1><x2/>', target: 'أ <x1>ج</x1><x2/>', note: 'text in <p>' }] }) +
      XLIFF_FOOTER;
    expect(parseXliff(doc)).toEqual([{ original: 'https://a.com/?a=1&b=2', sourceLang: 'en', targetLang: 'ar', units: [{ id: 'p1-s0', source: 'a < b <x1>c</x1><x2/>', target: 'أ <x1>ج</x1><x2/>' }] }]);
  });

  it('says in the file header when the pages are a dictionary gloss, and still reads back', () => {
    const file = xliffFile({ original: 'u', sourceLang: 'en', targetLang: 'ar', notice: GLOSS_NOTICE, units: [{ id: 'p1-s0', source: 'Book', target: 'الكتاب' }] });
    expect(file).toContain(`<note from="lisan" priority="1">${GLOSS_NOTICE}</note></header>`);
    expect(xliffFile({ original: 'u', sourceLang: 'en', targetLang: 'ar', units: [] })).not.toContain('from="lisan"');
    expect(parseXliff(XLIFF_HEADER + file + XLIFF_FOOTER)[0]!.units).toEqual([{ id: 'p1-s0', source: 'Book', target: 'الكتاب' }]);
  });

  it('understands <bx>/<ex> pairs and drops <mrk> markers and notes', () => {
    const doc = `<?xml version="1.0"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="u" source-language="en" target-language="ar-SA" datatype="html"><body>
<trans-unit id="p1-s0"><source>a <g id="1">b</g></source><target state="final"><mrk mtype="seg" mid="1">أ <bx id="5" rid="1"/>ب<ex id="6" rid="1"/></mrk></target><note>n</note></trans-unit>
<trans-unit id="p1-s1"><source>no target</source></trans-unit></body></file></xliff>`;
    expect(parseXliff(doc)[0]!.units).toEqual([{ id: 'p1-s0', source: 'a <x1>b</x1>', target: 'أ <x1>ب</x1>' }]);
  });

  it('refuses DOCTYPEs, other documents and broken XML', () => {
    expect(() => parseXliff('<!DOCTYPE xliff [<!ENTITY a "b">]><xliff version="1.2"/>')).toThrow(XliffError);
    expect(() => parseXliff('<html><body/></html>')).toThrow(XliffError);
    expect(() => parseXliff('<xliff><file>')).toThrow(XliffError);
  });
});
