import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Files on the local disk under one root (DATA_DIR/files). Keys are relative paths of
 * letters, digits, "-", "_" and "." separated by "/" (e.g. "logos/Ab3x.png");
 * anything else, ".." included, is refused, so a key can never leave the root.
 */
export interface FileStorage {
  put(key: string, content: Buffer): Promise<void>;
  /** The file's content, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes one file, or every file under a prefix ending in "/". Missing files are fine. */
  delete(keyOrPrefix: string): Promise<void>;
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

  return {
    async put(key, content) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write beside the target, then rename: readers never see half a file.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
      await fs.writeFile(temporary, content);
      await fs.rename(temporary, file);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },
    async delete(keyOrPrefix) {
      const isPrefix = keyOrPrefix.endsWith('/');
      await fs.rm(resolve(keyOrPrefix, { prefix: isPrefix }), { recursive: isPrefix, force: true });
    },
  };
}
