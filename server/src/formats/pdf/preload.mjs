// Loads pdfjs and its worker code as plain JavaScript, before tsx's loader hooks exist in
// this thread. tsx would otherwise run its transform over pdfjs's 3 MB of compiled
// JavaScript on every start, which costs about 400 MB of memory at its peak. With the
// worker code loaded here, pdfjs's in-thread "fake worker" finds it on globalThis and
// imports nothing more.
await import('pdfjs-dist/legacy/build/pdf.mjs');
await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
