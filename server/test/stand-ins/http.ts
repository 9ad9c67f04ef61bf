import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  raw: string;
  form: Record<string, string>;
}

export interface Answer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /**
   * The answer is on its way until this settles: the status line and headers go at once, then
   * a space every second (JSON allows leading white space), so a client's idle timeout never
   * fires and the request stays in flight for as long as a test needs.
   */
  heldUntil?: Promise<void>;
  /** The connection is closed instead: the request was processed, its answer lost. */
  drop?: boolean;
}

export type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

/** A loopback HTTP server that records every request and answers through `handle` (holding or dropping an answer on cue). */
export async function startStandIn(handle: Handler) {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const form = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(raw)) : {};
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, raw, form };
      requests.push(recorded);
      try {
        const answer = await handle(recorded);
        if (answer.drop) return void req.socket.destroy();
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        if (answer.heldUntil) {
          res.on('error', () => {}); // the client may go away meanwhile (a killed process)
          const trickle = setInterval(() => void (res.destroyed || res.write(' ')), 1000);
          res.once('close', () => clearInterval(trickle));
          await answer.heldUntil.finally(() => clearInterval(trickle));
          if (res.destroyed) return;
        }
        res.end(JSON.stringify(answer.body));
      } catch (error) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String(error) }));
      }
    })());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
