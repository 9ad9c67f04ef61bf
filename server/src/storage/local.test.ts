import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, isValidStorageKey, type FileStorage } from './local';

let root: string;
let storage: FileStorage;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-storage-'));
  storage = createLocalStorage(root);
});

afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('local file storage', () => {
  it('puts, gets and deletes a file', async () => {
    await storage.put('logos/abc.png', Buffer.from('png bytes'));
    expect((await storage.get('logos/abc.png'))?.toString()).toBe('png bytes');
    expect(await fs.readdir(path.join(root, 'logos'))).toEqual(['abc.png']); // no temporary file left
    await storage.delete('logos/abc.png');
    expect(await storage.get('logos/abc.png')).toBeNull();
  });

  it('answers null for a missing file and ignores deleting one', async () => {
    expect(await storage.get('nothing/here.txt')).toBeNull();
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

  it('refuses keys that could leave the root', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '', 'a/./b', 'a\\b', 'sp ace']) {
      expect(isValidStorageKey(key), key).toBe(false);
    }
    await expect(storage.put('../outside.txt', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get('..')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete('../')).rejects.toThrow(/Invalid storage key/);
    expect(isValidStorageKey('users/7/', { prefix: true })).toBe(true);
  });
});
