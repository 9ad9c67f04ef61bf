import type { FastifyInstance } from 'fastify';
import { Invalid } from './errors';

const NUL = '\u0000';

/**
 * The path of the first string (or object key) holding a NUL character in a parsed input,
 * `null` when there is none. PostgreSQL cannot store NUL in text, so such input must never
 * reach a query (issue 17 item 6).
 */
export function nulBytePath(value: unknown, depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? [] : null;
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return null;
  // The path is built only on the way back from a find (this runs on every request's input).
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = nulBytePath(value[index], depth + 1);
      if (found) return [String(index), ...found];
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (key.includes(NUL)) return [key.replaceAll(NUL, '')];
    const found = nulBytePath((value as Record<string, unknown>)[key], depth + 1);
    if (found) return [key, ...found];
  }
  return null;
}

/** Throws the 422 for a NUL character in `value` (field named by its path). */
export function rejectNulBytes(value: unknown) {
  const path = nulBytePath(value);
  if (!path) return;
  const field = path.join('.') || 'input';
  throw Invalid.field(field, 'validation.nul_byte', { attribute: field.replace(/_/g, ' ') });
}

/**
 * One check for every route, once the body is parsed and before any handler runs: a NUL
 * character in the JSON body, the query string or the path parameters answers 422 in the
 * caller's language. Multipart text fields are checked by parseInput (http/validation.ts).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      rejectNulBytes(request.params);
      rejectNulBytes(request.query);
      rejectNulBytes(request.body);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
