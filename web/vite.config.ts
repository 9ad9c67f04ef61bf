import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fontSubsets } from './font-subsets.js';
import { precompress } from './precompress.js';

// The web app lives in web/; the repository root keeps package.json and tsconfig.json.
const webRoot = fileURLToPath(new URL('.', import.meta.url));

// In development the API server (npm run dev) listens on 8080; these prefixes are its routes.
// /email/verify itself (with a query, no further segment) is the app's verification-result
// screen, so only the rest of /email goes to the server (a key starting with ^ is a RegExp).
const apiTarget = 'http://localhost:8080';
const proxy = {
  '/api': apiTarget,
  '/mt': apiTarget,
  '^/email/(?!verify/?(?:\\?|$))': apiTarget,
};

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    // The Arabic glyphs English pages show, cut out of the Arabic font into src/generated/.
    fontSubsets({ textsModule: fileURLToPath(new URL('./src/app/arabic-on-english-pages.ts', import.meta.url)), outDir: fileURLToPath(new URL('./src/generated', import.meta.url)) }),
    precompress(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // No font is inlined as a data URL (Vite inlines files under 4 kB: a glyph subset, @fontsource's smallest
    // files): a face's file loads only where its characters are shown, a style sheet's data URL on every page.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
  },
  server: { proxy },
  preview: { proxy },
});
