import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isValidStorageKey, StorageNotFound, writingTo, type FileStorage } from './local';

/**
 * Files in an S3-compatible object store (AWS S3, MinIO, Ceph, R2...), so every `api` and
 * `worker` process of a deployment sees the same uploads and results. The bucket stays
 * private: browsers download through the API, which checks access first.
 *
 * Uploads stream through `@aws-sdk/lib-storage`'s Upload: one PUT for small bodies,
 * multipart (8 MiB parts, two in flight) for large ones, never a whole file in memory.
 * Keys follow the same rules as the local storage (isValidStorageKey), under an optional prefix.
 */
export interface S3StorageOptions {
  /** `s3://bucket` or `s3://bucket/prefix`. */
  url: string;
  endpoint?: string;
  region?: string;
  forcePathStyle?: boolean;
  /** Explicit credentials (tests); otherwise the SDK's default chain (AWS_ACCESS_KEY_ID...). */
  credentials?: S3ClientConfig['credentials'];
  /** Multipart part size in bytes (minimum 5 MiB for S3). */
  partSize?: number;
}

export function parseStorageUrl(url: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) throw new Error(`STORAGE_URL must look like s3://bucket or s3://bucket/prefix, got ${JSON.stringify(url)}`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !isValidStorageKey(prefix)) throw new Error(`Invalid prefix in STORAGE_URL: ${JSON.stringify(prefix)}`);
  return { bucket: match[1], prefix: prefix ? `${prefix}/` : '' };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client; bucket: string } {
  const { bucket, prefix } = parseStorageUrl(options.url);
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region ?? 'us-east-1',
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
  });
  const partSize = Math.max(options.partSize ?? 8 * 1024 * 1024, 5 * 1024 * 1024);

  const objectKey = (key: string, opts: { prefix?: boolean } = {}) => {
    if (!isValidStorageKey(key, opts)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return prefix + key;
  };

  // A failed transfer leaves no object (a single PUT is all or nothing; multipart parts are aborted).
  const upload = async (key: string, body: Buffer | Readable) => {
    const transfer = new Upload({ client, params: { Bucket: bucket, Key: objectKey(key), Body: body }, partSize, queueSize: 2, leavePartsOnError: false });
    await writingTo(key, () => transfer.done());
  };

  const open = async (key: string): Promise<Readable> => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFound(key);
      throw error;
    }
  };

  return {
    client,
    bucket,
    put: upload,
    async get(key) {
      let body: Readable;
      try {
        body = await open(key);
      } catch (error) {
        if (error instanceof StorageNotFound) return null;
        throw error;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    async delete(keyOrPrefix) {
      if (!keyOrPrefix.endsWith('/')) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(keyOrPrefix) }));
        return;
      }
      const listPrefix = objectKey(keyOrPrefix, { prefix: true });
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: listPrefix, ContinuationToken: token, MaxKeys: 1000 }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async putFile(key, localPath) {
      await upload(key, fs.createReadStream(localPath));
      await fsp.rm(localPath, { force: true });
    },
    stream: open,
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async withLocalFile(key, use) {
      const body = await open(key);
      const directory = await fsp.mkdtemp(path.join(os.tmpdir(), 'lisan-s3-'));
      const file = path.join(directory, `${randomBytes(6).toString('hex')}${path.extname(key)}`);
      try {
        await pipeline(body, fs.createWriteStream(file));
        return await use(file);
      } finally {
        await fsp.rm(directory, { recursive: true, force: true });
      }
    },
  };
}
