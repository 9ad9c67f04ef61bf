/**
 * The HTTP client for fetching other people's web pages (website crawling): every request
 * and every redirect hop goes through the SSRF guard (ssrf.ts) at check time and at
 * connect time; responses are bounded in size (after decompression), time and redirects,
 * and must have the content type the caller expects.
 */
import http from 'node:http';
import https from 'node:https';
import { Transform, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { checkUrl, effectivePort, guardedLookup, SsrfRefused, type SsrfPolicy } from './ssrf';

export type FetchRefusal =
  | 'scheme'
  | 'credentials'
  | 'invalid_url'
  | 'blocked_address'
  | 'too_many_redirects'
  | 'redirect_loop'
  | 'too_large'
  | 'timeout'
  | 'content_type'
  | 'network';

/** A fetch that did not produce a usable answer, with a reason the crawler records. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: FetchRefusal,
    readonly detail: string,
    readonly url: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'FetchRefused';
  }
}

/**
 * What the caller accepts: HTML pages, XML (sitemaps; text/plain sitemaps too), any text
 * (robots.txt), or a page's image, stylesheet or font (those the website preview loads through Lisan).
 */
export type Accept = 'html' | 'xml' | 'text' | 'asset';

const ACCEPT_HEADER: Record<Accept, string> = {
  html: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
  xml: 'application/xml,text/xml;q=0.9,text/plain;q=0.5,*/*;q=0.1',
  text: 'text/plain,*/*;q=0.5',
  asset: 'image/*,text/css,font/*;q=0.9,*/*;q=0.1',
};

/** Fonts under the media types servers still give them besides font/*. */
const LEGACY_FONT_TYPES = new Set(['application/font-woff', 'application/font-woff2', 'application/x-font-woff', 'application/x-font-ttf', 'application/x-font-truetype', 'application/x-font-opentype', 'application/font-sfnt', 'application/vnd.ms-fontobject']);

/** A font's media type (font/woff2, or one of the older application/ ones). */
export function isFontType(mediaType: string): boolean {
  return mediaType.startsWith('font/') || LEGACY_FONT_TYPES.has(mediaType);
}

/**
 * What many servers call a file they have no type for, fonts above all (.woff2, .woff, .ttf and
 * .otf missing from their lists): an asset under it is taken only when its bytes are a font.
 */
const UNTYPED_TYPES = new Set(['application/octet-stream', 'binary/octet-stream']);

/**
 * A font's media type read from its first four bytes (the file's signature, not its name):
 * WOFF2, WOFF, OpenType with CFF outlines, TrueType (version 1.0, or Apple's 'true'); null for
 * anything else.
 */
export function sniffFontType(bytes: Buffer): string | null {
  const signature = bytes.subarray(0, 4).toString('latin1');
  if (signature === 'wOF2') return 'font/woff2';
  if (signature === 'wOFF') return 'font/woff';
  if (signature === 'OTTO') return 'font/otf';
  if (signature === '\x00\x01\x00\x00' || signature === 'true') return 'font/ttf';
  return null;
}

function contentTypeAccepted(accept: Accept, mediaType: string): boolean {
  if (accept === 'html') return mediaType === 'text/html' || mediaType === 'application/xhtml+xml';
  if (accept === 'xml') return mediaType === 'text/plain' || mediaType.endsWith('/xml') || mediaType.endsWith('+xml');
  // An untyped file is read (within the size cap) and kept only if it is a font (sniffFontType).
  if (accept === 'asset') return mediaType.startsWith('image/') || mediaType === 'text/css' || isFontType(mediaType) || UNTYPED_TYPES.has(mediaType);
  return true;
}

export interface FetchResult {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  /** Media type without parameters, lower case ('' when absent). */
  mediaType: string;
  /** The charset parameter of Content-Type, if any. */
  charset?: string;
  body: Buffer;
  /** Every URL visited before the final one. */
  redirects: string[];
}

export interface WebFetcherOptions {
  policy: SsrfPolicy;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
}

export interface FetchOptions {
  accept: Accept;
  /** Smaller cap than the fetcher's, e.g. for robots.txt. */
  maxBytes?: number;
  signal?: AbortSignal;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function createWebFetcher(options: WebFetcherOptions) {
  // Keep-alive agents: a crawl makes many requests to one host. The lookup runs for every
  // new socket (a reused socket was checked when it connected); it must know the port (the
  // allow-list and Lisan's own address are per port), so each scheme and port has its agent.
  const agents = new Map<string, http.Agent>();
  function agentFor(url: URL) {
    const port = effectivePort(url);
    const key = `${url.protocol}${port}`;
    let agent = agents.get(key);
    if (!agent) {
      const agentOptions = { keepAlive: true, maxSockets: 4, lookup: guardedLookup(options.policy, port) };
      agent = url.protocol === 'https:' ? new https.Agent(agentOptions as https.AgentOptions) : new http.Agent(agentOptions as http.AgentOptions);
      agents.set(key, agent);
    }
    return agent;
  }

  function requestOnce(url: URL, fetchOptions: FetchOptions, deadline: AbortSignal): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.request(url, {
        method: 'GET',
        agent: agentFor(url),
        lookup: guardedLookup(options.policy, effectivePort(url)),
        signal: deadline,
        headers: {
          'user-agent': options.userAgent,
          accept: ACCEPT_HEADER[fetchOptions.accept],
          'accept-encoding': 'gzip, deflate, br',
        },
      } as http.RequestOptions);
      request.once('response', resolve);
      request.once('error', reject);
      request.end();
    });
  }

  /** Reads a response body, decompressing it, and refuses it once it passes maxBytes. */
  function readBody(response: http.IncomingMessage, maxBytes: number, url: string): Promise<Buffer> {
    let stream: Readable = response;
    const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
    if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(zlib.createGunzip());
    else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate());
    else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) {
            callback(new FetchRefused('too_large', `more than ${maxBytes} bytes`, url));
            return;
          }
          chunks.push(chunk);
          callback();
        },
      });
      const fail = (error: Error) => {
        response.destroy();
        reject(error);
      };
      stream.once('error', fail);
      response.once('error', fail);
      counter.once('error', fail);
      counter.once('finish', () => resolve(Buffer.concat(chunks)));
      stream.pipe(counter);
    });
  }

  function toRefusal(error: unknown, url: string, timedOut: boolean): Error {
    if (error instanceof FetchRefused) return error;
    if (error instanceof SsrfRefused) return new FetchRefused(error.reason, error.detail, url);
    const cause = (error as { cause?: unknown })?.cause;
    if (cause instanceof SsrfRefused) return new FetchRefused(cause.reason, cause.detail, url);
    if (timedOut) return new FetchRefused('timeout', 'the site took too long to answer', url);
    const code = (error as NodeJS.ErrnoException)?.code;
    return new FetchRefused('network', code ?? (error as Error)?.message ?? String(error), url);
  }

  return {
    /**
     * GETs a URL, following redirects (each hop re-checked), and answers the final status
     * and body. Non-2xx answers come back with an empty body; refusals throw FetchRefused.
     */
    async fetch(input: string, fetchOptions: FetchOptions): Promise<FetchResult> {
      const maxBytes = Math.min(fetchOptions.maxBytes ?? options.maxBytes, options.maxBytes);
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs);
      const onAbort = () => controller.abort();
      fetchOptions.signal?.addEventListener('abort', onAbort, { once: true });
      const redirects: string[] = [];
      let current = input;
      try {
        for (;;) {
          let url: URL;
          try {
            url = checkUrl(options.policy, current);
          } catch (error) {
            throw toRefusal(error, current, false);
          }
          url.hash = '';
          let response: http.IncomingMessage;
          try {
            response = await requestOnce(url, fetchOptions, controller.signal);
          } catch (error) {
            throw toRefusal(error, url.href, timedOut);
          }
          const status = response.statusCode ?? 0;
          const location = response.headers.location;
          if (REDIRECT_STATUSES.has(status) && location) {
            response.resume();
            const next = new URL(location, url);
            next.hash = '';
            redirects.push(url.href);
            if (redirects.includes(next.href) || next.href === url.href) throw new FetchRefused('redirect_loop', next.href, input);
            if (redirects.length > options.maxRedirects) throw new FetchRefused('too_many_redirects', `more than ${options.maxRedirects}`, input);
            current = next.href;
            continue;
          }
          const contentType = String(response.headers['content-type'] ?? '');
          const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
          const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
          if (status < 200 || status >= 300) {
            response.resume();
            return { url: url.href, status, mediaType, charset, body: Buffer.alloc(0), redirects };
          }
          if (!contentTypeAccepted(fetchOptions.accept, mediaType)) {
            response.destroy();
            throw new FetchRefused('content_type', mediaType || 'none', url.href);
          }
          const declared = Number(response.headers['content-length']);
          if (Number.isFinite(declared) && declared > maxBytes && !response.headers['content-encoding']) {
            response.destroy();
            throw new FetchRefused('too_large', `${declared} bytes`, url.href);
          }
          let body: Buffer;
          try {
            body = await readBody(response, maxBytes, url.href);
          } catch (error) {
            throw toRefusal(error, url.href, timedOut);
          }
          if (fetchOptions.accept === 'asset' && UNTYPED_TYPES.has(mediaType)) {
            const font = sniffFontType(body);
            if (!font) throw new FetchRefused('content_type', `${mediaType} (not a font)`, url.href);
            return { url: url.href, status, mediaType: font, charset: undefined, body, redirects };
          }
          return { url: url.href, status, mediaType, charset, body, redirects };
        }
      } finally {
        clearTimeout(timer);
        fetchOptions.signal?.removeEventListener('abort', onAbort);
      }
    },

    close() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}

export type WebFetcher = ReturnType<typeof createWebFetcher>;
