/** The compiled bundle's own URL: scripts/build-server.mjs writes it as a banner constant. */
declare const __lisanBundleUrl: string | undefined;

/**
 * In the compiled server (`npm run build`: dist/server), the URL of another bundle built beside
 * it (a worker's entry); null when the server runs from its TypeScript sources through tsx.
 */
export function compiledEntry(name: 'pglite-worker.mjs' | 'sandbox-worker.mjs'): URL | null {
  return typeof __lisanBundleUrl === 'string' ? new URL(name, __lisanBundleUrl) : null;
}
