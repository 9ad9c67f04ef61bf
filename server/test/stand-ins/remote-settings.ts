/**
 * A stand-in for Mozilla's Remote Settings server (firefox.settings.services.mozilla.com) on
 * loopback, speaking its wire format as far as model provisioning reads it:
 *   GET /v1/                                                          root document (capabilities)
 *   GET /v1/buckets/main/collections/translations-models/records     {"data": [records]}
 *   GET /attachments/{location}                                       the file, with Range support
 * Faults on cue: a file cut short once (the connection drops), a server that is down.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface StandInFile {
  source: string;
  target: string;
  fileType: string;
  version: string;
  name: string;
  body: Buffer;
  /** Serve it gzipped (mimetype application/gzip, filename *.gz), as a mirror may. */
  gzip?: boolean;
  variant?: string;
  /** Use the newer record fields sourceLanguage/targetLanguage instead of fromLang/toLang. */
  newFields?: boolean;
  /** The record's hash differs from the file's (a tampered or broken mirror). */
  wrongHash?: boolean;
  /** The server holds only this many bytes of the file (the record describes all of it). */
  truncate?: number;
}

export interface AttachmentRequest {
  location: string;
  range: string | undefined;
}

export async function startRemoteSettings(files: StandInFile[]) {
  const attachments = new Map<string, Buffer>();
  const records = files.map((file) => {
    const body = file.gzip ? gzipSync(file.body) : file.body;
    const location = `main-workspace/translations-models/${randomUUID()}.bin`;
    attachments.set(location, file.truncate === undefined ? body : body.subarray(0, file.truncate));
    const hash = createHash('sha256').update(body).digest('hex');
    return {
      id: randomUUID(),
      name: file.name,
      ...(file.newFields ? { sourceLanguage: file.source, targetLanguage: file.target } : { fromLang: file.source, toLang: file.target }),
      ...(file.variant ? { variant: file.variant } : {}),
      fileType: file.fileType,
      version: file.version,
      filter_expression: '',
      schema: 1_700_000_000_000,
      last_modified: 1_700_000_000_000,
      attachment: {
        hash: file.wrongHash ? createHash('sha256').update('something else').digest('hex') : hash,
        size: body.length,
        filename: file.gzip ? `${file.name}.gz` : file.name,
        location,
        mimetype: file.gzip ? 'application/gzip' : 'application/octet-stream',
      },
    };
  });

  const state = {
    down: false,
    /** Locations whose next transfer stops halfway (then the connection drops). */
    cutOnce: new Set<string>(),
    attachmentRequests: [] as AttachmentRequest[],
    indexRequests: 0,
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (state.down) {
      req.socket.destroy();
      return;
    }
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/v1/' || url.pathname === '/v1') {
      state.indexRequests++;
      return json(200, {
        project_name: 'Remote Settings (stand-in)',
        project_version: '18.0.0',
        http_api_version: '1.23',
        url: `${origin}/v1/`,
        capabilities: {
          attachments: { description: 'Add file attachments to records', url: 'https://github.com/Kinto/kinto-attachment/', version: '7.0.0', base_url: `${origin}/attachments/` },
          signer: { description: 'Digital signatures for integrity and authenticity of records.', version: '8.0.0' },
        },
      });
    }
    if (url.pathname === '/v1/buckets/main/collections/translations-models/records') {
      state.indexRequests++;
      return json(200, { data: records });
    }
    if (url.pathname.startsWith('/attachments/')) {
      const location = decodeURIComponent(url.pathname.slice('/attachments/'.length));
      const body = attachments.get(location);
      state.attachmentRequests.push({ location, range: req.headers.range });
      if (!body) return json(404, { code: 404, errno: 111, error: 'Not Found' });
      let start = 0;
      const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      if (range) start = Number(range[1]);
      if (start >= body.length) {
        res.writeHead(416, { 'content-range': `bytes */${body.length}` });
        return res.end();
      }
      const headers: Record<string, string> = { 'content-type': 'application/octet-stream', 'content-length': String(body.length - start), 'accept-ranges': 'bytes' };
      if (range) headers['content-range'] = `bytes ${start}-${body.length - 1}/${body.length}`;
      res.writeHead(range ? 206 : 200, headers);
      if (state.cutOnce.delete(location)) {
        const half = start + Math.floor((body.length - start) / 2);
        // Send half, then stall (the client's idle timeout gives up; the socket closes with the server).
        // Dropping the connection instead would race: fetch discards chunks it has queued but not handed over.
        res.write(body.subarray(start, half));
        return;
      }
      return res.end(body.subarray(start));
    }
    json(404, { code: 404, errno: 111, error: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** MODELS_SOURCE_URL for this server. */
    base: `${origin}/v1`,
    records,
    state,
    locationOf: (name: string, source: string) => records.find((r) => r.name === name && ('fromLang' in r ? r.fromLang : r.sourceLanguage) === source)!.attachment.location,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RemoteSettingsStandIn = Awaited<ReturnType<typeof startRemoteSettings>>;
