import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver: a real S3 wire-protocol server (REST + XML, SigV4 checked) on loopback, the stand-in for AWS.
import S3rver from 's3rver';

export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Starts s3rver on a free loopback port with `bucket` created; `stop()` shuts it and removes its
 * files. With `fillable`, requests go through a proxy that can play a store with no room left:
 * after `fill(match)`, writes of matching keys answer 507 XMinioStorageFull, as MinIO does when
 * its drives are full, and store nothing.
 */
export async function startS3StandIn(bucket = 'lisan-test', options: { fillable?: boolean } = {}) {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  let endpoint = `http://127.0.0.1:${address.port}`;
  let full: ((key: string) => boolean) | null = null;
  const refused: string[] = [];
  let proxy: http.Server | null = null;
  if (options.fillable) {
    proxy = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const key = decodeURIComponent(url.pathname).replace(new RegExp(`^/${bucket}/`), '');
      if (full && (request.method === 'PUT' || request.method === 'POST') && full(key)) {
        refused.push(key);
        request.resume();
        request.on('end', () => {
          response.writeHead(507, { 'content-type': 'application/xml' });
          response.end(
            `<?xml version="1.0" encoding="UTF-8"?><Error><Code>XMinioStorageFull</Code><Message>Storage backend has reached its minimum free drive threshold. Please delete a few objects to proceed.</Message><Key>${key}</Key><BucketName>${bucket}</BucketName><Resource>${url.pathname}</Resource><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`,
          );
        });
        return;
      }
      // Headers go as they came (Host included), so s3rver checks the client's signature.
      const upstream = http.request({ host: '127.0.0.1', port: address.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  }
  return {
    endpoint,
    bucket,
    directory,
    /** The environment a Lisan process needs to use this store. */
    env: {
      STORAGE_URL: `s3://${bucket}/lisan`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    },
    /** (fillable) From now on, writes of keys matching `match` (bucket-relative) find no room. */
    fill(match: (key: string) => boolean = () => true) {
      if (!proxy) throw new Error('startS3StandIn: pass { fillable: true } to fill the store');
      full = match;
    },
    /** (fillable) Room again. */
    free() {
      full = null;
    },
    /** Keys whose writes were refused for want of room. */
    refused,
    async stop() {
      if (proxy) {
        proxy.closeAllConnections();
        await new Promise<void>((resolve) => proxy!.close(() => resolve()));
      }
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
