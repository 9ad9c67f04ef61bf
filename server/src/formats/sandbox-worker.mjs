// Worker-thread entry. Node 20 does not apply the parent's --import loaders to a worker, so
// this plain module loads pdfjs first (see pdf/preload.mjs), then registers tsx and loads
// the TypeScript worker.
await import('./pdf/preload.mjs');
const { register } = await import('tsx/esm/api');
register();
await import('./sandbox-worker.ts');
