// The built web app's text files are written compressed beside themselves (`app.js.br`,
// `app.js.gz`) once, when it is built, so the server sends them compressed at no cost per request
// (@fastify/static's `preCompressed`, server/src/app.ts). Brotli at quality 10 is 12 % smaller than
// gzip on the main bundle (80 against 91 kB, from 305); quality 11 would save 2 % more for four times
// the build's time. gzip is kept for clients without Brotli.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text. Fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** Smaller than this, a file gains less than the headers cost. */
export const MIN_BYTES = 1024;

/** Writes `.br` and `.gz` beside every compressible file of `dir` (recursively) that they make smaller. Returns the files compressed. */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
  const done = await Promise.all(files.map(async (file) => ((await precompressFile(file)) ? file : null)));
  return done.filter((file): file is string => file !== null);
}

async function precompressFile(file: string): Promise<boolean> {
  const content = await fs.readFile(file);
  if (content.length < MIN_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A compressed copy no smaller than the file would only cost a read.
  if (br.length >= content.length && gz.length >= content.length) return false;
  await Promise.all([br.length < content.length && fs.writeFile(`${file}.br`, br), gz.length < content.length && fs.writeFile(`${file}.gz`, gz)]);
  return true;
}

/** The Vite plugin: compresses the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lisan-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
