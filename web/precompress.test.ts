import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDirectory } from './precompress';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe("the build's compressed copies", () => {
  it('are written beside text files worth compressing, and give back the same bytes', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-precompress-'));
    await fs.mkdir(path.join(dir, 'assets'));
    const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
    await fs.writeFile(path.join(dir, 'assets', 'index-Abc12345.js'), script);
    await fs.writeFile(path.join(dir, 'assets', 'tiny-Abc12345.css'), 'a{color:red}');
    await fs.writeFile(path.join(dir, 'assets', 'font-Abc12345.woff2'), Buffer.alloc(4096, 7));
    await fs.writeFile(path.join(dir, 'random.svg'), crypto.randomBytes(4096));

    const done = await precompressDirectory(dir);

    expect(done).toEqual([path.join(dir, 'assets', 'index-Abc12345.js')]);
    const original = await fs.readFile(path.join(dir, 'assets', 'index-Abc12345.js'));
    const br = await fs.readFile(path.join(dir, 'assets', 'index-Abc12345.js.br'));
    const gz = await fs.readFile(path.join(dir, 'assets', 'index-Abc12345.js.gz'));
    expect(br.length).toBeLessThan(original.length / 3);
    expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
    expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
    // Under MIN_BYTES, already compressed (fonts), or not made smaller: no copies.
    expect('a{color:red}'.length).toBeLessThan(MIN_BYTES);
    const names = await fs.readdir(dir, { recursive: true });
    expect(names.filter((name) => name.endsWith('.br') || name.endsWith('.gz')).sort()).toEqual([path.join('assets', 'index-Abc12345.js.br'), path.join('assets', 'index-Abc12345.js.gz')]);
  });
});
