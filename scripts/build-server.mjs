// npm run build (after the web app): the server compiled to plain JavaScript for `npm start` and
// the image, so production runs no TypeScript loader (tsx stays for tests, scripts and `npm run dev`).
//
// One bundle per entry (the process, the PGlite thread's worker, the document sandbox's
// worker) under dist/server, with the packages left to node_modules. Code that finds files next
// to its source (migrations, the eval sets) reads `import.meta.url` / `import.meta.dirname`: in
// the bundle those would name dist/server, so each source file's own location is written in
// their place, relative to the bundle (the source tree ships beside dist, as in the image).
// The workers' bundles are found from the main bundle's URL (server/src/compiled.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Builds the server into `outdir` (default dist/server); returns the entry files written. */
export async function buildServer(outdir = path.join(root, 'dist/server')) {
  const sourceLocation = {
    name: 'source-location',
    setup(context) {
      context.onLoad({ filter: /\.ts$/ }, async (args) => {
        let contents = await fs.readFile(args.path, 'utf8');
        if (contents.includes('import.meta.url') || contents.includes('import.meta.dirname')) {
          const relative = path.relative(outdir, args.path).split(path.sep).join('/');
          const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
          contents = contents
            .replaceAll('import.meta.dirname', `decodeURIComponent(new URL('.', ${url}).pathname).replace(/\\/$/, '')`)
            .replaceAll('import.meta.url', url);
        }
        return { contents, loader: 'ts' };
      });
    },
  };
  await build({
    entryPoints: {
      main: path.join(root, 'server/src/main.ts'),
      'pglite-worker': path.join(root, 'server/src/db/pglite-worker.ts'),
      // The document sandbox's worker: pdfjs first, as plain JavaScript (see formats/pdf/preload.mjs).
      'sandbox-worker': path.join(root, 'server/src/formats/sandbox-entry.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // Code that starts a worker bundled beside it finds it from here (server/src/compiled.ts).
    banner: { js: 'const __lisanBundleUrl = import.meta.url;' },
    plugins: [sourceLocation],
    logLevel: 'warning',
  });
  return { main: path.join(outdir, 'main.mjs') };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
