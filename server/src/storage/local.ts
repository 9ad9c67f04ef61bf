import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, StorageNotFound, type FileStorage } from './types';

/** Files under one directory (DATA_DIR/files). Writes go to a temporary name and are renamed into place. */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  const tempPath = async (file: string) => {
    await fsp.mkdir(path.dirname(file), { recursive: true });
    return `${file}.${randomUUID()}.part`;
  };

  const storage: FileStorage = {
    async put(key, source) {
      const file = resolve(key);
      const temp = await tempPath(file);
      try {
        await pipeline(Buffer.isBuffer(source) ? Readable.from([source]) : source, fs.createWriteStream(temp));
        await fsp.rename(temp, file);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
      return { size: (await fsp.stat(file)).size };
    },
    async putFile(key, localPath) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      try {
        await fsp.rename(localPath, file);
      } catch {
        const temp = await tempPath(file);
        await fsp.copyFile(localPath, temp);
        await fsp.rename(temp, file);
        await fsp.rm(localPath, { force: true });
      }
      return { size: (await fsp.stat(file)).size };
    },
    async stream(key) {
      const file = resolve(key);
      try {
        const handle = await fsp.open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFound(key);
        throw error;
      }
    },
    async read(key) {
      try {
        return await fsp.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFound(key);
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
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      await fsp.rm(resolve(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
    async withLocalFile(key, use) {
      const file = resolve(key);
      if (!fs.existsSync(file)) throw new StorageNotFound(key);
      return use(file);
    },
  };
  return storage;
}
