import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Files on the local disk under one root (DATA_DIR/files). Keys are relative paths of
 * letters, digits, "-", "_" and "." separated by "/" (e.g. "logos/Ab3x.png");
 * anything else, ".." included, is refused, so a key can never leave the root.
 *
 * FileStorage is also the seam for an S3-compatible adapter (ARCHITECTURE.md): every method
 * streams or works on whole small files, and `withLocalFile` gives tools that need random
 * access (zip readers) a path on local disk (an S3 adapter downloads to a temporary file).
 */
export interface FileStorage {
  /** Stores a buffer or a stream under the key, replacing what was there (StorageFull when there is no room). */
  put(key: string, content: Buffer | Readable): Promise<void>;
  /** The file's content, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes one file, or every file under a prefix ending in "/". Missing files are fine. */
  delete(keyOrPrefix: string): Promise<void>;
  /** Stores a local file under the key; the local file is consumed (moved when possible). */
  putFile(key: string, localPath: string): Promise<void>;
  /** The stored bytes as a stream; rejects with StorageNotFound when absent. */
  stream(key: string): Promise<Readable>;
  /** Size in bytes, or null when absent. */
  size(key: string): Promise<number | null>;
  /** Runs `use` with a path on local disk holding the file (StorageNotFound when absent). */
  withLocalFile<T>(key: string, use: (localPath: string) => Promise<T>): Promise<T>;
}

export class StorageNotFound extends Error {
  constructor(readonly key: string) {
    super(`No stored file ${key}`);
    this.name = 'StorageNotFound';
  }
}

/** No room left where files are stored (a full disk or quota, an object store over its capacity). */
export class StorageFull extends Error {
  constructor(
    readonly key: string,
    options?: { cause?: unknown },
  ) {
    super(`No room to store ${key}`, options);
    this.name = 'StorageFull';
  }
}

/**
 * Whether a write failed for want of space: ENOSPC or EDQUOT from the local disk; 507
 * Insufficient Storage (MinIO's XMinioStorageFull) or a quota error from an object store.
 */
export function isStorageFullError(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; Code?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
  if (e.$metadata?.httpStatusCode === 507) return true;
  return ['XMinioStorageFull', 'InsufficientStorage', 'QuotaExceeded'].some((name) => e.name === name || e.Code === name);
}

/** Runs a write; a failure for want of space becomes StorageFull (the rest is rethrown as it is). */
export async function writingTo<T>(key: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isStorageFullError(error)) throw new StorageFull(key, { cause: error });
    throw error;
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function isValidStorageKey(key: string, options: { prefix?: boolean } = {}): boolean {
  const body = options.prefix && key.endsWith('/') ? key.slice(0, -1) : key;
  if (!body || body.length > 512) return false;
  return body.split('/').every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..' && !segment.includes('..'));
}

export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string, options: { prefix?: boolean } = {}) => {
    if (!isValidStorageKey(key, options)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return path.join(root, ...key.replace(/\/$/, '').split('/'));
  };
  // Write beside the target, then rename: readers never see half a file.
  const temporaryFor = async (file: string) => {
    await fsp.mkdir(path.dirname(file), { recursive: true });
    return `${file}.${randomBytes(6).toString('hex')}.part`;
  };
  const missing = (error: unknown) => ['ENOENT', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

  return {
    async put(key, content) {
      const file = resolve(key);
      await writingTo(key, async () => {
        const temporary = await temporaryFor(file);
        try {
          if (Buffer.isBuffer(content)) await fsp.writeFile(temporary, content);
          else await pipeline(content, fs.createWriteStream(temporary));
          await fsp.rename(temporary, file);
        } catch (error) {
          await fsp.rm(temporary, { force: true });
          throw error;
        }
      });
    },
    async get(key) {
      try {
        return await fsp.readFile(resolve(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(keyOrPrefix) {
      const isPrefix = keyOrPrefix.endsWith('/');
      await fsp.rm(resolve(keyOrPrefix, { prefix: isPrefix }), { recursive: isPrefix, force: true });
    },
    async putFile(key, localPath) {
      const file = resolve(key);
      await writingTo(key, async () => {
        await fsp.mkdir(path.dirname(file), { recursive: true });
        try {
          await fsp.rename(localPath, file);
        } catch {
          // Another file system: copy, then remove the original. A copy cut short (a full
          // disk) leaves no part file behind.
          const temporary = await temporaryFor(file);
          try {
            await fsp.copyFile(localPath, temporary);
            await fsp.rename(temporary, file);
          } catch (error) {
            await fsp.rm(temporary, { force: true });
            throw error;
          }
          await fsp.rm(localPath, { force: true });
        }
      });
    },
    async stream(key) {
      try {
        return (await fsp.open(resolve(key), 'r')).createReadStream();
      } catch (error) {
        if (missing(error)) throw new StorageNotFound(key);
        throw error;
      }
    },
    async size(key) {
      try {
        return (await fsp.stat(resolve(key))).size;
      } catch {
        return null;
      }
    },
    async withLocalFile(key, use) {
      const file = resolve(key);
      if (!fs.existsSync(file)) throw new StorageNotFound(key);
      return use(file);
    },
  };
}

