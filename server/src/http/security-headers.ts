import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers API clients although its path is not under an API prefix (the
     * LibreTranslate surface's /translate, /languages, ...): the API's headers, not the pages'.
     */
    apiAnswers?: boolean;
  }
}

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

/**
 * The headers of an API answer (JSON, a file to download, an error): OWASP's set for REST
 * services. The page-only headers (a CSP listing the app's sources, permissions, DNS
 * prefetch, the IE and Flash ones) say nothing about JSON, and were ~900 of a translation's
 * ~1,700 bytes on the wire. Routes under /api that answer HTML set their own CSP (the
 * sandboxed logo, the translated website page).
 */
export function apiHeaders(pageHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
  };
  const hsts = pageHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

