// The web app's page (http/web-page.ts, served for every non-API path): in the visitor's
// language, with that language's catalog chunk named for preloading, and revalidated by ETag.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { PAGE_ALIASES } from '../../../contract/page-aliases';
import { webPages } from './web-page';

let t: TestApp;
let webDist: string;
const BUNDLE = Buffer.from(`export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word ${i}`))};\n`);
const INDEX = '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <title>Lisan</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
  for (const name of ['catalog-en-AbCdEf12.js', 'catalog-ar-Zy_x-987.js', 'index-Qwerty12.js']) await fs.writeFile(path.join(webDist, 'assets', name), 'export default {};');
  // A bundle as the build leaves it: with its compressed copies (web/precompress.ts).
  await fs.writeFile(path.join(webDist, 'assets', 'app-Zipped12.js'), BUNDLE);
  await fs.writeFile(path.join(webDist, 'assets', 'app-Zipped12.js.br'), zlib.brotliCompressSync(BUNDLE));
  await fs.writeFile(path.join(webDist, 'assets', 'app-Zipped12.js.gz'), zlib.gzipSync(BUNDLE));
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});

afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('the web app page', () => {
  it('is written in the locale cookie\'s language, else Accept-Language\'s, with only that language\'s catalogs preloaded', async () => {
    const arabic = await t.app.inject({ method: 'GET', url: '/translate', cookies: { locale: 'ar' }, headers: { 'accept-language': 'en-US' } });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(arabic.headers['vary']).toContain('Accept-Language');
    expect(arabic.headers['cache-control']).toBe('no-cache');
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('<link rel="modulepreload" crossorigin href="/assets/catalog-ar-Zy_x-987.js">');
    expect(arabic.body).not.toContain('catalog-en-');

    const english = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en-GB,ar;q=0.5' } });
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain('/assets/catalog-en-AbCdEf12.js');
    expect(english.body).not.toContain('catalog-ar-');
    // Any other language is Arabic, as in the app (spec section 1).
    expect((await t.app.inject({ method: 'GET', url: '/pricing', headers: { 'accept-language': 'fr-FR' } })).body).toContain('<html lang="ar" dir="rtl">');
  });

  it('answers 304 to its own ETag, per language', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/', cookies: { locale: 'ar' } });
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/translate/documents', cookies: { locale: 'ar' }, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const english = await t.app.inject({ method: 'GET', url: '/', cookies: { locale: 'en' }, headers: { 'if-none-match': etag } });
    expect(english.statusCode).toBe(200);
    expect(english.headers['etag']).not.toBe(etag);
  });

  it('leaves a page without such chunks or tags as it is, but for the language', async () => {
    const bare = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-web-bare-'));
    try {
      await fs.writeFile(path.join(bare, 'index.html'), '<!doctype html><title>Lisan</title>');
      const pages = webPages(bare);
      expect(pages.en.html).toBe('<!doctype html><title>Lisan</title>');
      expect(pages.ar.html).toBe('<!doctype html><title>Lisan</title>');
    } finally {
      await fs.rm(bare, { recursive: true, force: true });
    }
  });
});

describe('an address people type for a page (contract/page-aliases)', () => {
  it('is a 301 to the page, for every alias of the table, cached a day', async () => {
    for (const [alias, page] of Object.entries(PAGE_ALIASES)) {
      const answer = await t.app.inject({ method: 'GET', url: alias });
      expect({ alias, status: answer.statusCode, location: answer.headers['location'] }).toEqual({ alias, status: 301, location: page });
      expect(answer.headers['cache-control']).toBe('public, max-age=86400');
      // A page's security headers, as any page has.
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('keeps the query string, before the section the page names; HEAD too; any case, a trailing slash', async () => {
    const cases = [
      ['GET', '/history?type=document&page=2', '/user/translation-history?type=document&page=2'],
      ['GET', '/sign-in?next=%2Fteam%3Fx%3D1', '/login?next=%2Fteam%3Fx%3D1'],
      ['GET', '/password?from=mail', '/user/auth-settings?from=mail#password'],
      ['HEAD', '/invoices', '/user/invoices'],
      ['GET', '/Account/', '/user/basic-info'],
      ['GET', '/SIGNUP?plan=pro', '/register?plan=pro'],
    ] as const;
    for (const [method, url, location] of cases) {
      const answer = await t.app.inject({ method, url });
      expect({ url, status: answer.statusCode, location: answer.headers['location'] }).toEqual({ url, status: 301, location });
    }
  });

  it('an unknown address, /logout and a real page are the web app (a 404 with its "not found" page for the unknown), not a redirect', async () => {
    for (const [url, status] of [['/no-such-page', 404], ['/logout', 404], ['/histories', 404], ['/history/1', 404], ['/user/translation-history?page=2', 200], ['/glossary', 200], ['/login', 200]] as const) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect({ url, status: answer.statusCode, location: answer.headers['location'] }).toEqual({ url, status, location: undefined });
      expect(answer.body).toContain('<div id="root">');
    }
  });

  it('only for reading it: any other method is answered as at an unknown address (the CSRF check, then a 404)', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const answer = await t.app.inject({ method, url: '/history', payload: {} });
      const unknown = await t.app.inject({ method, url: '/no-such-page', payload: {} });
      expect(answer.statusCode).not.toBe(301);
      expect(answer.statusCode).toBe(unknown.statusCode);
      expect(answer.headers['location']).toBeUndefined();
    }
  });
});

describe('an address that is no page of the app (contract/page-paths)', () => {
  it('a page, a dynamic one of any value, in any case or with a trailing slash, is a 200', async () => {
    const urls = ['/', '/pricing', '/translate/documents', '/user/api-keys', '/admin', '/admin/plans/new', '/blog/any-post-at-all', '/case-studies/x', '/admin/plans/9999', '/admin/users/123', '/sandbox/checkout/cs_unknown', '/admin/content/42', '/Pricing/', '/terms?lang=ar'];
    for (const url of urls) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 200 });
      expect(answer.headers['etag']).toMatch(/^"[\w-]+"$/);
    }
  });

  it("is a 404 with the app's page in the visitor's language, which shows its \"not found\" page; never a 304", async () => {
    for (const [url, locale, html] of [['/no-such-page', 'en', '<html lang="en" dir="ltr">'], ['/blog/a-post/comments', 'ar', '<html lang="ar" dir="rtl">'], ['/admin/plans/1/edit', 'en', '<html lang="en" dir="ltr">'], ['/sandbox/checkout', 'ar', '<html lang="ar" dir="rtl">'], ['/pricings?x=1', 'ar', '<html lang="ar" dir="rtl">']] as const) {
      const answer = await t.app.inject({ method: 'GET', url, cookies: { locale } });
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toContain(html);
      expect(answer.body).toContain('<div id="root">');
      expect(answer.body).toContain(`/assets/catalog-${locale}-`);
      expect(answer.headers['etag']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    // The page's ETag from a real page, sent for an unknown address: still the 404 and its page.
    const etag = (await t.app.inject({ method: 'GET', url: '/', cookies: { locale: 'en' } })).headers['etag'] as string;
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page', cookies: { locale: 'en' }, headers: { 'if-none-match': etag } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root">');
  });

  it('HEAD is answered as GET; the API, its files and the key surfaces keep their own 404s', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: '/pricing' })).statusCode).toBe(200);
    for (const url of ['/api/no-such-route', '/v2/no-such-route', '/assets/missing-Abcdef12.js', '/no-such-file.txt']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

describe("the web app's files", () => {
  it('are sent compressed to a browser that accepts it (Brotli first, else gzip), as they are to one that does not', async () => {
    const brotli = await t.app.inject({ method: 'GET', url: '/assets/app-Zipped12.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^application\/javascript/);
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).equals(BUNDLE)).toBe(true);

    const gzip = await t.app.inject({ method: 'GET', url: '/assets/app-Zipped12.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(BUNDLE)).toBe(true);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-Zipped12.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(BUNDLE)).toBe(true);
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);

    // A file without compressed copies is sent as it is.
    const small = await t.app.inject({ method: 'GET', url: '/assets/index-Qwerty12.js', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export default {};');
  });
});
