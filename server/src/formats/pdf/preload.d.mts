// Side effects only: loads pdfjs and its worker code (see preload.mjs).
export {};
