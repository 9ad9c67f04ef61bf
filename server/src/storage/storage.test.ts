import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_TEST_CREDENTIALS, startS3StandIn } from '../../test/stand-ins/s3';
import { createStorageFromConfig } from './index';
import { createLocalStorage, isStorageFullError, isValidStorageKey, StorageFull, StorageNotFound, type FileStorage } from './local';
import { createS3Storage, parseStorageUrl } from './s3';

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The one storage contract, run against every backend. */
function storageSuite(name: string, open: () => Promise<{ storage: FileStorage; close(): Promise<void> }>) {
  describe(`${name} file storage`, () => {
    let storage: FileStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(() => close());

    it('puts, gets and deletes a file', async () => {
      await storage.put('logos/abc.png', Buffer.from('png bytes'));
      expect((await storage.get('logos/abc.png'))?.toString()).toBe('png bytes');
      expect(await storage.size('logos/abc.png')).toBe(9);
      await storage.delete('logos/abc.png');
      expect(await storage.get('logos/abc.png')).toBeNull();
      expect(await storage.size('logos/abc.png')).toBeNull();
    });

    it('answers null for a missing file, StorageNotFound for its stream, and ignores deleting one', async () => {
      expect(await storage.get('nothing/here.txt')).toBeNull();
      await expect(storage.stream('nothing/here.txt')).rejects.toBeInstanceOf(StorageNotFound);
      await expect(storage.withLocalFile('nothing/here.txt', async () => 1)).rejects.toBeInstanceOf(StorageNotFound);
      await expect(storage.delete('nothing/here.txt')).resolves.toBeUndefined();
    });

    it('deletes everything under a prefix and nothing else', async () => {
      await storage.put('users/7/a.txt', Buffer.from('a'));
      await storage.put('users/7/sub/b.txt', Buffer.from('b'));
      await storage.put('users/70/c.txt', Buffer.from('c'));
      await storage.delete('users/7/');
      expect(await storage.get('users/7/a.txt')).toBeNull();
      expect(await storage.get('users/7/sub/b.txt')).toBeNull();
      expect((await storage.get('users/70/c.txt'))?.toString()).toBe('c');
    });

    it('replaces a file stored again under the same key', async () => {
      await storage.put('docs/r.txt', Buffer.from('first'));
      await storage.put('docs/r.txt', Readable.from([Buffer.from('sec'), Buffer.from('ond')]));
      expect((await storage.get('docs/r.txt'))?.toString()).toBe('second');
    });

    it('streams a large file in and out intact, and gives tools a local copy', async () => {
      // 12 MiB: more than one multipart part on S3 (parts of 5 MiB in this suite).
      const chunks = Array.from({ length: 12 }, () => randomBytes(1024 * 1024));
      const digest = createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
      await storage.put('results/big.bin', Readable.from(chunks));
      expect(await storage.size('results/big.bin')).toBe(12 * 1024 * 1024);
      const back = await readAll(await storage.stream('results/big.bin'));
      expect(createHash('sha256').update(back).digest('hex')).toBe(digest);
      const localDigest = await storage.withLocalFile('results/big.bin', async (file) => createHash('sha256').update(await fs.readFile(file)).digest('hex'));
      expect(localDigest).toBe(digest);
    });

    it('stores a local file and consumes it', async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-putfile-'));
      const file = path.join(dir, 'upload.docx');
      await fs.writeFile(file, 'docx bytes');
      await storage.putFile('uploads/u1/in.docx', file);
      await expect(fs.stat(file)).rejects.toThrow();
      expect((await storage.get('uploads/u1/in.docx'))?.toString()).toBe('docx bytes');
      await fs.rm(dir, { recursive: true, force: true });
    });

    it('refuses keys that could leave the root', async () => {
      await expect(storage.put('../outside.txt', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get('..')).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete('../')).rejects.toThrow(/Invalid storage key/);
    });
  });
}

storageSuite('local', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-storage-'));
  return { storage: createLocalStorage(root), close: () => fs.rm(root, { recursive: true, force: true }) };
});

storageSuite('S3', async () => {
  const s3 = await startS3StandIn();
  const storage = createS3Storage({ url: `s3://${s3.bucket}/tenant`, endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS, partSize: 5 * 1024 * 1024 });
  return { storage, close: () => s3.stop() };
});

describe('storage keys and configuration', () => {
  it('validates keys the same way for every backend', () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '', 'a/./b', 'a\\b', 'sp ace']) {
      expect(isValidStorageKey(key), key).toBe(false);
    }
    expect(isValidStorageKey('users/7/', { prefix: true })).toBe(true);
  });

  it('parses STORAGE_URL', () => {
    expect(parseStorageUrl('s3://bucket')).toEqual({ bucket: 'bucket', prefix: '' });
    expect(parseStorageUrl('s3://my.bucket/lisan/prod/')).toEqual({ bucket: 'my.bucket', prefix: 'lisan/prod/' });
    expect(() => parseStorageUrl('http://bucket')).toThrow(/s3:\/\/bucket/);
    expect(() => parseStorageUrl('s3://bucket/../x')).toThrow(/Invalid prefix/);
  });

  it('keeps objects under the prefix and chooses the backend from the configuration', async () => {
    const s3 = await startS3StandIn('lisan-config');
    try {
      const storage = createStorageFromConfig({
        dataDir: os.tmpdir(),
        storage: { url: `s3://lisan-config/p1`, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true },
      }, S3_TEST_CREDENTIALS);
      await storage.put('a/b.txt', Buffer.from('x'));
      const { client } = createS3Storage({ url: 's3://lisan-config', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: 'lisan-config' }));
      expect(listed.Contents?.map((o) => o.Key)).toEqual(['p1/a/b.txt']);
      const local = createStorageFromConfig({ dataDir: await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-cfg-')), storage: {} });
      await local.put('k.txt', Buffer.from('y'));
      expect((await local.get('k.txt'))?.toString()).toBe('y');
    } finally {
      await s3.stop();
    }
  });
});

describe('no room left to store a file', () => {
  it('an object store that is full (507 XMinioStorageFull): StorageFull, nothing stored, the old file kept', async () => {
    const s3 = await startS3StandIn('lisan-full', { fillable: true });
    try {
      const storage = createS3Storage({ url: 's3://lisan-full/p', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
      await storage.put('docs/result.docx', Buffer.from('first'));
      s3.fill((key) => key.endsWith('result.docx'));
      const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-full-')), 'out.docx');
      await fs.writeFile(file, 'second');
      const refused = await storage.putFile('docs/result.docx', file).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StorageFull);
      expect((refused as StorageFull).key).toBe('docs/result.docx');
      expect((await storage.get('docs/result.docx'))?.toString()).toBe('first');
      await expect(storage.put('docs/other.txt', Buffer.from('fits'))).resolves.toBeUndefined();
      s3.free();
      await storage.put('docs/result.docx', Buffer.from('third'));
      expect((await storage.get('docs/result.docx'))?.toString()).toBe('third');
    } finally {
      await s3.stop();
    }
  });

  it('reads a full disk or quota the same way (ENOSPC, EDQUOT, 507), and nothing else', () => {
    expect(isStorageFullError(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }))).toBe(true);
    expect(isStorageFullError(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true);
    expect(isStorageFullError({ name: 'Unknown', $metadata: { httpStatusCode: 507 } })).toBe(true);
    expect(isStorageFullError(Object.assign(new Error('denied'), { code: 'EACCES' }))).toBe(false);
    expect(isStorageFullError({ name: 'InternalError', $metadata: { httpStatusCode: 500 } })).toBe(false);
  });
});
