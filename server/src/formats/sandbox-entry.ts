// The sandbox worker's entry in the compiled server (scripts/build-server.mjs): pdfjs is loaded
// first, as sandbox-worker.mjs does from the sources, then the worker itself. Imported in turn
// (not hoisted), so pdfjs's worker code is on globalThis before anything reads it.
await import('./pdf/preload.mjs');
await import('./sandbox-worker');

export {};
