import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with these options, worked out once at start-up: helmet is run
 * against a response that only records them. Every request then gets the same object.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}
