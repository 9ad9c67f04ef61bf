import { parse, serialize } from 'parse5';
import { describe, expect, it } from 'vitest';
import { translateTestSegment } from '../../../test/website-engine';
import { analyzeHtml, decodeHtmlBytes, describeSegments, detectLanguage, extractSegments, renderTranslatedHtml, repairPlaceholders, rewriteCssUrls, SegmentMismatch, type SubresourceKind } from './index';

const PAGE = 'https://example.com/docs/page.html';

const page = (body: string, head = '<title>Title here</title>') => `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

/** The element names of a document in order: what must survive translation. */
function skeleton(html: string): string[] {
  const names: string[] = [];
  const walk = (node: { childNodes?: unknown[]; nodeName: string }) => {
    if (!node.nodeName.startsWith('#')) names.push(node.nodeName);
    for (const child of (node.childNodes ?? []) as Array<{ childNodes?: unknown[]; nodeName: string }>) walk(child);
  };
  walk(parse(html) as unknown as { nodeName: string; childNodes: unknown[] });
  return names;
}

describe('segment extraction', () => {
  it('makes one segment per block with inline tags as paired placeholders and kept elements as standalone ones', () => {
    const segments = extractSegments(page('<p>Click <a href="/x">here</a> to read <b>more <i>text</i></b>.<br>Then run <code>npm i</code> and <img src="a.png"> smile.</p>'));
    expect(segments).toEqual(['Title here', 'Click <x1>here</x1> to read <x2>more <x3>text</x3></x2>.<x4/>Then run <x5/> and <x6/> smile.']);
  });

  it('enters a block that is one inline element, so engines see the text, not a wrapper', () => {
    expect(extractSegments(page('<h2><strong><em>Only emphasis</em></strong></h2><li><a href="/">Home</a></li>'))).toEqual(['Title here', 'Only emphasis', 'Home']);
  });

  it('treats a link that wraps blocks as a block', () => {
    expect(extractSegments(page('<a href="/card"><div><h3>Card title</h3><p>Card text</p></div></a>'))).toEqual(['Title here', 'Card title', 'Card text']);
  });

  it('extracts translatable attributes and the meta description, before the text they sit in', () => {
    const html = page(
      '<p>See <a href="/" title="Home page">home</a></p><img src="x.png" alt="A red car"><input placeholder="Your name"><input type="submit" value="Send"><button aria-label="Close dialog">×</button><input type="hidden" value="secret-token">',
      '<title>Shop</title><meta name="description" content="Cheap red cars"><meta property="og:title" content="Red cars"><meta name="keywords" content="cars">',
    );
    expect(describeSegments(html)).toEqual([
      { segment: 'Shop', note: 'text in <title>' },
      { segment: 'Cheap red cars', note: 'content attribute of <meta>' },
      { segment: 'Red cars', note: 'content attribute of <meta>' },
      { segment: 'Home page', note: 'title attribute of <a>' },
      { segment: 'See <x1>home</x1>', note: 'text in <p>' },
      { segment: 'A red car', note: 'alt attribute of <img>' },
      { segment: 'Your name', note: 'placeholder attribute of <input>' },
      { segment: 'Send', note: 'value attribute of <input>' },
      { segment: 'Close dialog', note: 'aria-label attribute of <button>' },
    ]);
  });

  it('leaves script, style, code, pre, textarea, svg, translate="no" and .notranslate alone (attributes included)', () => {
    const segments = extractSegments(
      page(`<script>var t = "Hello";</script><style>p::after{content:"Hi"}</style><pre>Keep   this</pre><code title="x">const a</code>
<textarea>Default</textarea><svg><text>Chart label</text></svg><div translate="no"><p title="No">Brand</p></div><p class="big notranslate">Name</p>
<p>Say <span translate="no">Lisan</span> twice</p><template><p>Later</p></template><noscript><p>Enable JS</p></noscript>`),
    );
    expect(segments).toEqual(['Title here', 'x', 'Say <x1/> twice']);
  });

  it('skips runs without letters, collapses whitespace and keeps non-breaking spaces', () => {
    expect(extractSegments(page('<p>  2024 </p><p>€ 10</p><p>Hello\n\n   big\u00a0world </p>'))).toEqual(['Title here', 'Hello big\u00a0world']);
  });

  it('analyses a page: title (else first h1), language, words, own links without fragments, text hash', () => {
    const html = page('<h1>Main heading</h1><p>Read <a href="../about#team">about us</a>, <a href="mailto:x@y.z">mail</a>, <a href="#top">top</a>, <a href="https://other.org/">other</a>.</p>', '');
    const analysis = analyzeHtml(html, PAGE);
    expect(analysis.title).toBe('Main heading');
    expect(analysis.lang).toBe('en');
    expect(analysis.words).toBe(8);
    expect(analysis.links).toEqual(['https://example.com/about', 'https://other.org/']);
    expect(analysis.textHash).toMatch(/^[0-9a-f]{64}$/);
    expect(analyzeHtml(html.replace('<h1>', '<h1 class="x">'), PAGE).textHash).toBe(analysis.textHash);
    expect(analyzeHtml(html.replace('Main', 'Other'), PAGE).textHash).not.toBe(analysis.textHash);
    expect(analyzeHtml(page('<p>x</p>', '<base href="https://cdn.example.com/site/">').replace('<p>x</p>', '<a href="a">A</a>'), PAGE).links).toEqual(['https://cdn.example.com/site/a']);
  });

  it('detects Arabic and English by script, the declared language breaking ties on short pages', () => {
    expect(detectLanguage(['مرحبا بكم في موقعنا الجميل', 'Lisan'])).toBe('ar');
    expect(detectLanguage(['Welcome to our lovely website', 'عربي'])).toBe('en');
    expect(detectLanguage(['OK'], 'ar-SA')).toBe('ar');
    expect(detectLanguage(['مرحبا بكم في موقعنا الجميل جدا'], 'en')).toBe('ar');
  });
});

describe('merging translations back', () => {
  const messy = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Messy &amp; real</title></head>
<body><div class="nav"><a href="https://example.com/">Home</a> | <a href="https://example.com/a?b=1&amp;c=2">Shop &amp; more</a></div>
<table><tr><td>Cell <b>one<td>Cell two</table><p>Unclosed <i>italic <p>Next para &lt;tag&gt; &copy; 2024
<ul><li>One<li>Two <span class="x" data-id="7">inner <u>deep</u></span> end</ul><script>if (a < b) alert("x")</script></body></html>`;

  it('round-trips: identity translations give back the same document (only lang, dir and the UTF-8 declaration added)', () => {
    const segments = extractSegments(messy);
    const out = renderTranslatedHtml(messy, { pageUrl: PAGE, translations: segments, targetLang: 'en' }).html;
    const expected = serialize(parse(messy)).replace('<html lang="en">', '<html lang="en" dir="ltr">');
    expect(out).toBe(expected);
  });

  it('round-trips through an engine: new text, identical markup, placeholders back in place', () => {
    const segments = extractSegments(messy);
    const translations = segments.map((s) => translateTestSegment(s, 'ar'));
    const out = renderTranslatedHtml(messy, { pageUrl: PAGE, translations, targetLang: 'ar' }).html;
    expect(skeleton(out)).toEqual(skeleton(messy));
    expect(out).toContain('<html lang="ar" dir="rtl">');
    expect(out).toContain('TWO <span class="x" data-id="7">INNER <u>DEEP</u></span> END');
    expect(out).toContain('<script>if (a < b) alert("x")</script>');
    expect(out).toContain('NEXT PARA &lt;TAG&gt; © 2024');
    expect(extractSegments(out)).toEqual(translations);
  });

  it('repairs what an engine loses: missing pairs wrap a word, missing standalone tags come back, unknown ones go', () => {
    const html = page('<p>Click <a href="/go">here</a> to continue<br>now</p>');
    const [, segment] = extractSegments(html);
    expect(segment).toBe('Click <x1>here</x1> to continue<x2/>now');
    const { html: out, repaired } = renderTranslatedHtml(html, { pageUrl: PAGE, translations: ['T', 'انقر هنا للمتابعة <x9/>الآن'], targetLang: 'ar' });
    expect(repaired).toBe(3);
    expect(out).toContain('<p>انقر <a href="https://example.com/go">هنا</a> للمتابعة <br> الآن</p>');
    expect(repairPlaceholders('a <x1>b</x1> c', 'x </x1> y').text).toBe('<x1>x</x1>  y');
  });

  it('keeps a reordering engine\'s order and survives duplicated or crossed placeholders', () => {
    const html = page('<p><b>Red</b> and <i>blue</i></p>');
    const reordered = renderTranslatedHtml(html, { pageUrl: PAGE, translations: ['T', '<x2>أزرق</x2> و<x1>أحمر</x1>'], targetLang: 'ar' }).html;
    expect(reordered).toContain('<p><i>أزرق</i> و<b>أحمر</b></p>');
    const crossed = renderTranslatedHtml(html, { pageUrl: PAGE, translations: ['T', '<x1>a <x2>b</x1> c</x2> <x1>d</x1>'], targetLang: 'ar' }).html;
    expect(crossed).toContain('<p><b>a <i>b</i></b> c d</p>');
  });

  it('sets lang and dir (rtl for Arabic, ltr for English), fixes an explicit body dir and og:locale, declares UTF-8 once', () => {
    const html = `<html lang="ar" dir="rtl"><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1256"><meta property="og:locale" content="ar_AR"></head><body dir="rtl"><p>مرحبا</p></body></html>`;
    const out = renderTranslatedHtml(html, { pageUrl: PAGE, translations: ['Hello'], targetLang: 'en' }).html;
    expect(out).toContain('<html lang="en" dir="ltr">');
    expect(out).toContain('<body dir="ltr">');
    expect(out).toContain('<meta property="og:locale" content="en_US">');
    expect(out.match(/charset/g)).toHaveLength(1);
    expect(out).toContain('<head><meta charset="utf-8">');
  });

  it('makes URLs absolute (base href, srcset, CSS url()) and passes own links through the rewriter', () => {
    const html = page(
      `<a href="other.html#part">Other page</a> <a href="#top">Top</a> <a href="mailto:a@b.c">Mail</a> <a href="/missing">Missing page</a>
<img src="img/a.png" srcset="img/a.png 1x, img/b.png 2x" alt="Pic"><div style="background: url('bg.png')">Styled</div>
<form action="send"><input type="submit" value="Go"></form>`,
      '<title>T</title><base href="/base/"><link rel="stylesheet" href="s.css"><style>@import "more.css"; body { background: url(body.png) }</style>',
    );
    const translations = extractSegments(html);
    const out = renderTranslatedHtml(html, {
      pageUrl: PAGE,
      translations,
      targetLang: 'en',
      rewriteLink: (url) => (url.pathname === '/base/other.html' ? `other-copy.html${url.hash}` : null),
    }).html;
    expect(out).not.toContain('<base');
    expect(out).toContain('<a href="other-copy.html#part">');
    expect(out).toContain('<a href="#top">');
    expect(out).toContain('<a href="mailto:a@b.c">');
    expect(out).toContain('<a href="https://example.com/missing">');
    expect(out).toContain('src="https://example.com/base/img/a.png" srcset="https://example.com/base/img/a.png 1x, https://example.com/base/img/b.png 2x"');
    expect(out).toContain(`style="background: url('https://example.com/base/bg.png')"`);
    expect(out).toContain('href="https://example.com/base/s.css"');
    expect(out).toContain('@import "https://example.com/base/more.css"; body { background: url(https://example.com/base/body.png) }');
    expect(out).toContain('action="https://example.com/base/send"');
  });

  it('makes lazily loaded images and <noscript> content absolute, and gives lazy images their address where no script runs (the preview)', () => {
    const html = page(
      `<p>Pictures</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="img/lazy.png" data-srcset="img/lazy.png 1x, img/lazy-2.png 2x" alt="Lazy">
<picture><source data-srcset="img/wide.webp" media="(min-width: 800px)"><img data-lazy-src="img/narrow.png" alt="Narrow"></picture>
<noscript><img src="img/fallback.png" alt="Fallback"><a href="/missing">Missing</a></noscript>`,
    );
    const translations = extractSegments(html);
    const render = (scriptless: boolean) => renderTranslatedHtml(html, { pageUrl: PAGE, translations, targetLang: 'en', scriptless }).html;
    const zip = render(false);
    // A copy whose scripts run keeps the placeholder for its lazy loader, the addresses made absolute.
    expect(zip).toContain('src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="https://example.com/docs/img/lazy.png" data-srcset="https://example.com/docs/img/lazy.png 1x, https://example.com/docs/img/lazy-2.png 2x"');
    expect(zip).toContain('<noscript><img src="https://example.com/docs/img/fallback.png" alt="Fallback"><a href="https://example.com/missing">Missing</a></noscript>');
    const preview = render(true);
    expect(preview).toContain('src="https://example.com/docs/img/lazy.png" data-src="https://example.com/docs/img/lazy.png" data-srcset="https://example.com/docs/img/lazy.png 1x, https://example.com/docs/img/lazy-2.png 2x" alt="Lazy" srcset="https://example.com/docs/img/lazy.png 1x, https://example.com/docs/img/lazy-2.png 2x"');
    expect(preview).toContain('<source data-srcset="https://example.com/docs/img/wide.webp" media="(min-width: 800px)" srcset="https://example.com/docs/img/wide.webp">');
    expect(preview).toContain('<img data-lazy-src="https://example.com/docs/img/narrow.png" alt="Narrow" src="https://example.com/docs/img/narrow.png">');
  });

  it('makes the bare strings of image-set() and -webkit-image-set() absolute, not type() or strings elsewhere', () => {
    const base = new URL(PAGE);
    expect(rewriteCssUrls(`.a { background-image: image-set("a.png" 1x, 'b.png' 2x); }`, base)).toBe(`.a { background-image: image-set("https://example.com/docs/a.png" 1x, 'https://example.com/docs/b.png' 2x); }`);
    expect(rewriteCssUrls(`.b { background: -webkit-image-set(url(c.png) 1x, "/d.png" 2x) no-repeat; content: "e.png"; }`, base)).toBe(
      `.b { background: -webkit-image-set(url(https://example.com/docs/c.png) 1x, "https://example.com/d.png" 2x) no-repeat; content: "e.png"; }`,
    );
    expect(rewriteCssUrls(`.c { background: IMAGE-SET("f.avif" type("image/avif"), url("g.jpg") type('image/jpeg')); }`, base)).toBe(
      `.c { background: IMAGE-SET("https://example.com/docs/f.avif" type("image/avif"), url("https://example.com/docs/g.jpg") type('image/jpeg')); }`,
    );
    // Unclosed (a cut-off style attribute): rewritten to its end, nothing lost.
    expect(rewriteCssUrls(`background: image-set("h.png" 1x`, base)).toBe(`background: image-set("https://example.com/docs/h.png" 1x`);
    // In a page's style attribute and <style> too.
    const html = page(`<div style='background: image-set("i.png" 1x)'>Styled</div>`, `<title>T</title><style>p { background: -webkit-image-set("j.png" 1x) }</style>`);
    const out = renderTranslatedHtml(html, { pageUrl: PAGE, translations: extractSegments(html), targetLang: 'en' }).html;
    expect(out).toContain(`style="background: image-set(&quot;https://example.com/docs/i.png&quot; 1x)"`);
    expect(out).toContain(`p { background: -webkit-image-set("https://example.com/docs/j.png" 1x) }`);
  });

  it("passes the page's images, stylesheets and fonts, not its links, scripts, frames or media, through rewriteSubresource", () => {
    const html = page(
      `<a href="http://old.example/page">Link</a> <img src="http://old.example/a.png" srcset="http://old.example/b.png 2x" longdesc="/about-a.html" alt="A"><img data-src="/lazy.png" alt="Lazy">
<picture><source srcset="http://old.example/c.webp"><img src="https://secure.example/d.png" alt="D"></picture><video poster="http://old.example/e.png"><source src="http://old.example/movie.mp4"></video>
<input type="image" src="http://old.example/go.png" alt="Go"><iframe src="http://old.example/frame"></iframe><table background="http://old.example/t.png"><tr><td>Cell</td></tr></table>
<div style="background: url(http://old.example/f.png)">Styled</div><noscript><img src="http://old.example/g.png" alt="G"></noscript>`,
      `<title>T</title><link rel="stylesheet" href="http://old.example/s.css"><link rel="shortcut icon" href="http://old.example/favicon.ico"><link rel="alternate" href="http://old.example/feed">
<script src="http://old.example/app.js"></script><style>@font-face { src: url("http://old.example/font.woff2") } body { background: image-set("http://old.example/h.png" 1x) }</style>`,
    );
    const proxied = (url: URL) => (url.protocol === 'http:' ? `/proxy?u=${encodeURIComponent(url.href)}` : null);
    const out = renderTranslatedHtml(html, { pageUrl: 'http://old.example/', translations: extractSegments(html), targetLang: 'ar', rewriteSubresource: proxied, scriptless: true }).html;
    const via = (path: string) => `/proxy?u=${encodeURIComponent(`http://old.example${path}`)}`;
    for (const path of ['/a.png', '/b.png', '/lazy.png', '/c.webp', '/e.png', '/go.png', '/t.png', '/f.png', '/g.png', '/s.css', '/favicon.ico', '/font.woff2', '/h.png']) expect(out).toContain(via(path));
    // Already https: kept as it is (the rewriter answers null).
    expect(out).toContain('src="https://secure.example/d.png"');
    for (const path of ['/page', '/about-a.html', '/movie.mp4', '/frame', '/feed', '/app.js']) {
      expect(out).toContain(`"http://old.example${path}"`);
      expect(out).not.toContain(via(path));
    }
  });

  it('reads CSS as CSS: comments, strings and data: URIs left alone; @import, url() and image-set() passed through with what they load', () => {
    const base = new URL('https://example.com/css/site.css');
    const seen: string[] = [];
    const through = (url: URL, kind: SubresourceKind) => {
      seen.push(`${kind} ${url.href}`);
      return url.protocol === 'http:' || kind === 'stylesheet' ? `/via?u=${encodeURIComponent(url.href)}` : null;
    };
    const css = `/* url(in-comment.png) @import "in-comment.css"; don't */ @import "a.css"; @import url(b.css) screen; @IMPORT 'c.css';
.x { background: url( 'http://old.example/x.png' ) } .y { background: url(http://old.example/y.png) } .z { background: url(z.png) }
.d { background: url("data:image/svg+xml,<svg><rect fill='url(%23g)'/></svg>") } .s { content: "url(in-string.png)" }
.i { background: image-set("http://old.example/i.png" 1x) }`;
    const out = rewriteCssUrls(css, base, through);
    expect(seen).toEqual([
      'stylesheet https://example.com/css/a.css',
      'stylesheet https://example.com/css/b.css',
      'stylesheet https://example.com/css/c.css',
      'other http://old.example/x.png',
      'other http://old.example/y.png',
      'other https://example.com/css/z.png',
      'other http://old.example/i.png',
    ]);
    const via = (href: string) => `/via?u=${encodeURIComponent(href)}`;
    expect(out).toBe(`/* url(in-comment.png) @import "in-comment.css"; don't */ @import "${via('https://example.com/css/a.css')}"; @import url(${via('https://example.com/css/b.css')}) screen; @IMPORT '${via('https://example.com/css/c.css')}';
.x { background: url('${via('http://old.example/x.png')}') } .y { background: url(${via('http://old.example/y.png')}) } .z { background: url(https://example.com/css/z.png) }
.d { background: url("data:image/svg+xml,<svg><rect fill='url(%23g)'/></svg>") } .s { content: "url(in-string.png)" }
.i { background: image-set("${via('http://old.example/i.png')}" 1x) }`);
    // What would end the URL where it is written is escaped: a quote in quotes, a parenthesis or quote unquoted.
    expect(rewriteCssUrls(`a { background: url('it.png') } b { background: url(x.png) }`, new URL("https://example.com/it's(1)/"))).toBe(
      `a { background: url('https://example.com/it\\'s(1)/it.png') } b { background: url(https://example.com/it\\'s\\(1\\)/x.png) }`,
    );
  });

  it("passes an @font-face's URLs as fonts, whatever @media or @supports it is inside, and no other rule's", () => {
    const seen: string[] = [];
    const css = `@font-face{font-family:A;src:url(a.woff2) format("woff2"),url('https://cdn.example/a.ttf')}
.x{background:url(x.png)} @media (min-width: 1px) { @FONT-FACE { font-family: B; src: local(B), url("b.woff") } .y { background: url(y.png) } }
@supports (display: grid) { .z { background: url(z.png) } } .font-face { background: url(class.png) } .w { background: url(w.png) }`;
    rewriteCssUrls(css, new URL('https://example.com/'), (url, kind) => {
      seen.push(`${kind} ${url.pathname}`);
      return null;
    });
    expect(seen).toEqual(['font /a.woff2', 'font /a.ttf', 'other /x.png', 'font /b.woff', 'other /y.png', 'other /z.png', 'other /class.png', 'other /w.png']);
  });

  it("passes a page's stylesheets, https: too, through rewriteSubresource as stylesheets, and its icons and images as others", () => {
    const html = page(
      '<img src="https://secure.example/a.png" alt="A"><p>Text</p>',
      '<title>T</title><link rel="stylesheet" href="https://secure.example/s.css"><link rel="alternate stylesheet" href="/alt.css"><link rel="icon" href="https://secure.example/i.ico"><style>@import url("https://secure.example/more.css");</style>',
    );
    /** The page rendered with its subresources of one kind sent `/via` its path, and each passed to the rewriter as `kind path`. */
    const renderVia = (source: string, via: SubresourceKind) => {
      const kinds: string[] = [];
      const rendered = renderTranslatedHtml(source, {
        pageUrl: 'https://secure.example/',
        translations: extractSegments(source),
        targetLang: 'ar',
        rewriteSubresource: (url, kind) => {
          kinds.push(`${kind} ${url.pathname}`);
          return kind === via ? `/via${url.pathname}` : null;
        },
      }).html;
      return { out: rendered, kinds };
    };
    const { out, kinds } = renderVia(html, 'stylesheet');
    expect(kinds.sort()).toEqual(['other /a.png', 'other /i.ico', 'stylesheet /alt.css', 'stylesheet /more.css', 'stylesheet /s.css']);
    // A preload of a font is a font; a preload of anything else stays as it is, not passed at all.
    const preloads = renderVia(
      page('<p>Text</p>', '<title>T</title><link rel="preload" as="font" href="/f.woff2" crossorigin><link rel="preload" as="image" href="/hero.png"><style>@font-face { src: url(/g.woff2) }</style>'),
      'font',
    );
    expect(preloads.kinds).toEqual(['font /f.woff2', 'font /g.woff2']);
    expect(preloads.out).toContain('href="/via/f.woff2"');
    expect(preloads.out).toContain('@font-face { src: url(/via/g.woff2) }');
    expect(preloads.out).toContain('href="https://secure.example/hero.png"');
    expect(out).toContain('href="/via/s.css"');
    expect(out).toContain('@import url("/via/more.css");');
    expect(out).toContain('src="https://secure.example/a.png"');
    expect(out).toContain('href="https://secure.example/i.ico"');
  });

  it('refuses translations that do not match the page\'s segments', () => {
    expect(() => renderTranslatedHtml(page('<p>One</p><p>Two</p>'), { pageUrl: PAGE, translations: ['only one'], targetLang: 'ar' })).toThrow(SegmentMismatch);
  });
});

describe('decoding fetched bytes', () => {
  it('uses the BOM, then the Content-Type charset, then <meta charset>, then UTF-8', () => {
    const arabic = Buffer.from([0xe3, 0xd1, 0xcd, 0xc8, 0xc7]); // "مرحبا" in windows-1256
    expect(decodeHtmlBytes(arabic, 'windows-1256')).toBe('مرحبا');
    const withMeta = Buffer.concat([Buffer.from('<meta charset="windows-1256"><p>'), arabic]);
    expect(decodeHtmlBytes(withMeta)).toBe('<meta charset="windows-1256"><p>مرحبا');
    expect(decodeHtmlBytes(Buffer.from('\ufeff<p>é</p>', 'utf8'))).toBe('<p>é</p>');
    expect(decodeHtmlBytes(Buffer.from('<p>é</p>', 'utf8'), 'no-such-charset')).toBe('<p>é</p>');
    expect(decodeHtmlBytes(Buffer.from('<meta charset="utf-16"><p>x</p>'))).toBe('<meta charset="utf-16"><p>x</p>');
  });
});
