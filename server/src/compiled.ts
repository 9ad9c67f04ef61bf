import { existsSync } from 'node:fs';

/** The compiled bundle's own URL: scripts/build-server.mjs writes it as a banner constant. */
declare const __lisanBundleUrl: string | undefined;

/** The workers' entries bundled beside the process's (scripts/build-server.mjs). */
const WORKER_ENTRIES = ['pglite-worker.mjs', 'sandbox-worker.mjs'] as const;

/**
 * In the compiled server (`npm run build`: dist/server), the URL of another bundle built beside
 * it (a worker's entry); null when the server runs from its TypeScript sources through tsx.
 */
export function compiledEntry(name: (typeof WORKER_ENTRIES)[number]): URL | null {
  return typeof __lisanBundleUrl === 'string' ? new URL(name, __lisanBundleUrl) : null;
}

/**
 * The workers' bundles the compiled server lacks (a build that stopped half-way, a copy that
 * left one out): the process refuses to start rather than fail each document or statement
 * later with an error that does not say why. Empty when run from the sources.
 */
export function missingCompiledEntries(): string[] {
  return WORKER_ENTRIES.filter((name) => {
    const url = compiledEntry(name);
    return url !== null && !existsSync(url);
  });
}
