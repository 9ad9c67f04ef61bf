/** Builds the server into `outdir` (default dist/server); returns the entry files written. */
export function buildServer(outdir?: string): Promise<{ main: string }>;
