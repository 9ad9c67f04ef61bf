// One benchmark case in a process of its own (bench/documents.ts starts it), loaded the way
// the filter workers load: pdfjs as plain JavaScript first, then tsx for our TypeScript.
await import('../server/src/formats/pdf/preload.mjs');
const { register } = await import('tsx/esm/api');
register();
const { runCase } = await import('./documents.ts');
await runCase(process.argv[2]);
