/**
 * A loopback HTTP server (node:http) that plays a third-party API in tests. Each API's module
 * gives a handler that speaks its real wire format; the test can script what the next requests
 * get instead (an error status with the API's error body, a Retry-After, a delay to force a
 * timeout, a malformed body) and inspects every request received.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (or the raw text when it is not JSON). */
  body: any;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Object -> JSON; string -> sent as is. */
  body?: unknown;
}

export interface ScriptedReply extends Partial<Reply> {
  /** Wait this long before answering (the client may give up first). */
  delayMs?: number;
}

export type Handler = (request: ReceivedRequest) => Reply | Promise<Reply>;

export interface StandIn {
  url: string;
  requests: ReceivedRequest[];
  /** The next requests get these replies, in order, instead of the normal handler's. */
  script(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

export async function startStandIn(handler: Handler): Promise<StandIn> {
  const requests: ReceivedRequest[] = [];
  const scripted: ScriptedReply[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void (async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: ReceivedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
      requests.push(request);
      const next = scripted.shift();
      if (next?.delayMs) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, next.delayMs);
          res.on('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        if (res.destroyed || res.writableEnded) return;
      }
      let reply: Reply;
      try {
        reply = next?.status ? { status: next.status, headers: next.headers, body: next.body } : await handler(request);
      } catch (error) {
        reply = { status: 500, body: { error: String(error) } };
      }
      const payload = typeof reply.body === 'string' ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body);
      res.writeHead(reply.status, {
        'content-type': typeof reply.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
        ...reply.headers,
      });
      res.end(payload);
    })());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...replies) => scripted.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
