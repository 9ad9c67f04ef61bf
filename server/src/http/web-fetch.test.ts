import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSsrfPolicy, type ResolvedAddress } from './ssrf';
import { createWebFetcher, FetchRefused, sniffFontType, type WebFetcher } from './web-fetch';

/** A loopback server whose routes the tests define; it logs the Host header of every request. */
let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits.push(`${request.headers.host}${request.url}`);
    const url = request.url ?? '/';
    if (url === '/page') {
      response.writeHead(200, { 'content-type': 'text/html; charset=windows-1256' });
      response.end('<p>ok</p>');
    } else if (url === '/gzip') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      response.end(zlib.gzipSync('<p>compressed</p>'));
    } else if (url === '/bomb') {
      // 100 KB on the wire, 50 MB once inflated.
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      response.end(zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024, 0x61)));
    } else if (url === '/big-declared') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(10 * 1024 * 1024) });
      response.write('<p>');
      setTimeout(() => response.destroy(), 200);
    } else if (url === '/pdf') {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end('%PDF');
    } else if (url === '/slow') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<p>');
      setTimeout(() => response.end('late</p>'), 3_000);
    } else if (url.startsWith('/to?')) {
      response.writeHead(302, { location: decodeURIComponent(url.slice(4)) });
      response.end();
    } else if (url.startsWith('/chain/')) {
      const n = Number(url.slice(7));
      response.writeHead(301, { location: `/chain/${n + 1}` });
      response.end();
    } else if (url === '/loop-a' || url === '/loop-b') {
      response.writeHead(307, { location: url === '/loop-a' ? '/loop-b' : `http://127.0.0.1:${port}/loop-a` });
      response.end();
    } else if (url === '/missing') {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>gone</h1>');
    } else {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<p>root</p>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function fetcher(
  options: { allowHosts?: string[]; resolve?: (host: string) => Promise<ResolvedAddress[]>; timeoutMs?: number; maxBytes?: number; maxRedirects?: number; selfPorts?: number[] } = {},
): WebFetcher {
  return createWebFetcher({
    policy: createSsrfPolicy({ allowHosts: options.allowHosts ?? [`127.0.0.1:${port}`], resolve: options.resolve, selfPorts: options.selfPorts }),
    timeoutMs: options.timeoutMs ?? 5_000,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 5,
    userAgent: 'LisanBot-test',
  });
}

async function refusal(promise: Promise<unknown>): Promise<FetchRefused> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FetchRefused);
    return error as FetchRefused;
  }
  throw new Error('expected the fetch to be refused');
}

describe('web fetcher', () => {
  it('fetches an allow-listed loopback page with its status, media type and charset', async () => {
    const f = fetcher();
    const result = await f.fetch(`http://127.0.0.1:${port}/page`, { accept: 'html' });
    expect(result).toMatchObject({ status: 200, mediaType: 'text/html', charset: 'windows-1256', redirects: [] });
    expect(result.body.toString()).toBe('<p>ok</p>');
    expect((await f.fetch(`http://127.0.0.1:${port}/gzip`, { accept: 'html' })).body.toString()).toBe('<p>compressed</p>');
    expect((await f.fetch(`http://127.0.0.1:${port}/missing`, { accept: 'html' })).status).toBe(404);
    f.close();
  });

  it('refuses loopback without the allow-list, before any connection', async () => {
    const f = fetcher({ allowHosts: [] });
    const before = hits.length;
    expect((await refusal(f.fetch(`http://127.0.0.1:${port}/page`, { accept: 'html' }))).reason).toBe('blocked_address');
    expect((await refusal(f.fetch(`http://[::ffff:127.0.0.1]:${port}/page`, { accept: 'html' }))).reason).toBe('blocked_address');
    expect((await refusal(f.fetch(`http://2130706433:${port}/page`, { accept: 'html' }))).reason).toBe('blocked_address');
    expect(hits.length).toBe(before);
    f.close();
  });

  it('checks every redirect hop: a redirect to a private or metadata address is refused', async () => {
    const f = fetcher();
    for (const target of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', 'http://[::1]/', 'http://[fd00:ec2::254]/', 'file:///etc/passwd']) {
      const refused = await refusal(f.fetch(`http://127.0.0.1:${port}/to?${encodeURIComponent(target)}`, { accept: 'html' }));
      expect(refused.reason, target).toBe(target.startsWith('file:') ? 'scheme' : 'blocked_address');
    }
    f.close();
  });

  it('checks again at connect time: a name that resolves to loopback is refused even when it redirected there from an allowed host', async () => {
    const resolve = async (host: string): Promise<ResolvedAddress[]> => {
      if (host === 'evil.test' || host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const f = fetcher({ resolve });
    const before = hits.length;
    expect((await refusal(f.fetch(`http://evil.test:${port}/page`, { accept: 'html' }))).reason).toBe('blocked_address');
    const viaRedirect = await refusal(f.fetch(`http://127.0.0.1:${port}/to?${encodeURIComponent(`http://localhost:${port}/page`)}`, { accept: 'html' }));
    expect(viaRedirect.reason).toBe('blocked_address');
    // Only the allowed first hop reached the server.
    expect(hits.slice(before)).toEqual([`127.0.0.1:${port}/to?${encodeURIComponent(`http://localhost:${port}/page`)}`]);
    f.close();
  });

  it('defeats DNS rebinding: the address checked is the address connected to', async () => {
    // First answer public (what an earlier check would have seen), then loopback.
    let lookups = 0;
    const resolve = async (): Promise<ResolvedAddress[]> => (++lookups === 1 ? [{ address: '8.8.8.8', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    const policy = createSsrfPolicy({ resolve });
    const { resolvePublic } = await import('./ssrf');
    await expect(resolvePublic(policy, 'rebind.test', port)).resolves.toEqual([{ address: '8.8.8.8', family: 4 }]);
    const f = createWebFetcher({ policy, timeoutMs: 5_000, maxBytes: 1024 * 1024, maxRedirects: 5, userAgent: 't' });
    const before = hits.length;
    expect((await refusal(f.fetch(`http://rebind.test:${port}/page`, { accept: 'html' }))).reason).toBe('blocked_address');
    expect(lookups).toBe(2);
    expect(hits.length).toBe(before);
    f.close();
  });

  it('connects to the checked address of an allow-listed name', async () => {
    const f = fetcher({ allowHosts: [`site.test:${port}`], resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    const result = await f.fetch(`http://site.test:${port}/page`, { accept: 'html' });
    expect(result.body.toString()).toBe('<p>ok</p>');
    expect(hits[hits.length - 1]).toBe(`site.test:${port}/page`);
    f.close();
  });

  it('opens only the listed port of an allow-listed host (a bare host: 80 and 443)', async () => {
    const other = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>other port</p>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as AddressInfo).port;
    try {
      // A listed site that redirects to another port of the same host: refused at the hop.
      const listed = fetcher({ allowHosts: [`127.0.0.1:${port}`] });
      const refused = await refusal(listed.fetch(`http://127.0.0.1:${port}/to?${encodeURIComponent(`http://127.0.0.1:${otherPort}/`)}`, { accept: 'html' }));
      expect(refused.reason).toBe('blocked_address');
      listed.close();
      const bare = fetcher({ allowHosts: ['127.0.0.1'] });
      expect((await refusal(bare.fetch(`http://127.0.0.1:${otherPort}/`, { accept: 'html' }))).reason).toBe('blocked_address');
      bare.close();
      const any = fetcher({ allowHosts: ['127.0.0.1:*'] });
      expect((await any.fetch(`http://127.0.0.1:${otherPort}/`, { accept: 'html' })).body.toString()).toBe('<p>other port</p>');
      any.close();
    } finally {
      other.close();
    }
  });

  it("never fetches Lisan's own listening address, allow-listed or not, by address or by name", async () => {
    const f = fetcher({ allowHosts: ['127.0.0.1:*', 'localhost:*', 'self.test:*'], selfPorts: [port], resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    const before = hits.length;
    for (const url of [`http://127.0.0.1:${port}/api/health`, `http://localhost:${port}/api/health`, `http://self.test:${port}/api/health`, `http://[::ffff:127.0.0.1]:${port}/`]) {
      expect((await refusal(f.fetch(url, { accept: 'html' }))).reason, url).toBe('blocked_address');
    }
    expect(hits.length).toBe(before);
    f.close();
  });

  it('bounds redirects, sizes (also after decompression), time and content type', async () => {
    // Sizes are checked with a patient fetcher (inflating the bomb takes a while on a loaded
    // machine); only the time limit uses a short one.
    const f = fetcher({ maxBytes: 256 * 1024, timeoutMs: 60_000, maxRedirects: 3 });
    const impatient = fetcher({ maxBytes: 256 * 1024, timeoutMs: 1_000, maxRedirects: 3 });
    expect((await refusal(f.fetch(`http://127.0.0.1:${port}/chain/0`, { accept: 'html' }))).reason).toBe('too_many_redirects');
    expect((await refusal(f.fetch(`http://127.0.0.1:${port}/loop-a`, { accept: 'html' }))).reason).toBe('redirect_loop');
    expect((await refusal(f.fetch(`http://127.0.0.1:${port}/bomb`, { accept: 'html' }))).reason).toBe('too_large');
    expect((await refusal(f.fetch(`http://127.0.0.1:${port}/big-declared`, { accept: 'html' }))).reason).toBe('too_large');
    expect((await refusal(impatient.fetch(`http://127.0.0.1:${port}/slow`, { accept: 'html' }))).reason).toBe('timeout');
    impatient.close();
    const pdf = await refusal(f.fetch(`http://127.0.0.1:${port}/pdf`, { accept: 'html' }));
    expect(pdf).toMatchObject({ reason: 'content_type', detail: 'application/pdf' });
    // robots.txt and sitemaps accept other types.
    expect((await f.fetch(`http://127.0.0.1:${port}/pdf`, { accept: 'text' })).status).toBe(200);
    f.close();
  });
});

describe("a font's signature", () => {
  it('names WOFF2, WOFF, OpenType and both TrueType signatures by their first bytes, and nothing else', () => {
    expect(sniffFontType(Buffer.from('wOF2....', 'latin1'))).toBe('font/woff2');
    expect(sniffFontType(Buffer.from('wOFF....', 'latin1'))).toBe('font/woff');
    expect(sniffFontType(Buffer.from('OTTO....', 'latin1'))).toBe('font/otf');
    expect(sniffFontType(Buffer.from([0x00, 0x01, 0x00, 0x00, 0x00, 0x10]))).toBe('font/ttf');
    expect(sniffFontType(Buffer.from('true....', 'latin1'))).toBe('font/ttf');
    for (const other of ['<!DOCTYPE html>', 'wOF', 'WOF2....', '%PDF-1.4', 'function f() {}', '']) expect(sniffFontType(Buffer.from(other, 'latin1')), other).toBeNull();
    expect(sniffFontType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});
