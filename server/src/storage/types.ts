import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live (ARCHITECTURE.md: local disk by default,
 * S3-compatible later). Keys are relative paths such as "documents/<id>/source"; an adapter
 * maps them to its own namespace. Every method streams: no file is held in memory.
 */
export interface FileStorage {
  /** Stores a stream (or buffer) under the key, replacing what was there. */
  put(key: string, source: Readable | Buffer): Promise<{ size: number }>;
  /** Stores a local file under the key; the local file is consumed (moved when possible). */
  putFile(key: string, localPath: string): Promise<{ size: number }>;
  /** The stored bytes as a stream; rejects with StorageNotFound when absent. */
  stream(key: string): Promise<Readable>;
  read(key: string): Promise<Buffer>;
  /** Size in bytes, or null when absent. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Deletes every key under the prefix ("documents/<id>/"). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Runs `use` with a path on local disk holding the object, for tools that need random
   * access (zip readers). Local storage hands out its own file; remote adapters download
   * to a temporary file and remove it afterwards.
   */
  withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
}

export class StorageNotFound extends Error {
  constructor(readonly key: string) {
    super(`No stored file ${key}`);
    this.name = 'StorageNotFound';
  }
}

/** Keys are relative, slash-separated, without dot segments: nothing can escape the root. */
export function assertValidKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*\/?$/.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
  }
}
