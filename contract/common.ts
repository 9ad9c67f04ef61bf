// The HTTP contract's response shapes (shared/API.md), as zod schemas that both sides use:
// every server route declares what it answers with them (http/responses.ts strips unknown
// fields and checks the shape before anything leaves), the OpenAPI document is generated from
// them, and the web app takes its API types from them (`import type`, so no zod reaches the
// bundle). Only zod is imported here: this folder is shared by the server and the web app.
import { z } from 'zod';

/** The languages Lisan translates between (and speaks: the interface's locales). */
export const lang = z.enum(['en', 'ar']);
export type Lang = z.output<typeof lang>;
/** The translation domains; 'general' glossary terms apply in every domain. */
export const domain = z.enum(['general', 'business', 'legal', 'ecommerce']);
export type Domain = z.output<typeof domain>;

/** `{ "status": 200, "message": "..." }`: a write that did what was asked, said in the caller's language. */
export const statusMessage = z.object({ status: z.number().int(), message: z.string() });
export type StatusMessage = z.output<typeof statusMessage>;

/** `{ "message": "..." }` alone. */
export const messageOnly = z.object({ message: z.string() });

/** `{ "status": 200 }` alone: done, nothing to say. */
export const statusOnly = z.object({ status: z.number().int() });

/** `{ "data": ... }`: the contract's usual envelope. */
export function dataOf<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** A page of a list: `{ "data": [...], "meta": { page, per_page, total } }`. */
export const pageMeta = z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() });
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMeta });
}

/**
 * A field the spec sends as JSON text (`data` and `dictionary` of POST /api/translate): the
 * server hands the value itself and this writes it as text, in this one place. The web app
 * reads it back with the inner schema's type.
 */
export function jsonText<T extends z.ZodType>(inner: T) {
  const { $schema: _ignored, ...contentSchema } = z.toJSONSchema(inner, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  return inner
    .transform((value) => JSON.stringify(value))
    .pipe(z.string().meta({ description: 'JSON text', contentMediaType: 'application/json', contentSchema }));
}

/** Timestamps travel as ISO 8601 text; the database hands Date objects. */
export const timestamp = z.union([z.date().transform((date) => date.toISOString()), z.string()]).pipe(z.string());

/**
 * A required string whose "missing" message is the given catalog key (spec section 5:
 * "Name is required"), while its other checks keep their own wording: a name too long says
 * so (`z.string({ error: key })` would answer every failed check, `.max()` included, with the
 * key). An empty value gets that one message, not also the format checks after it.
 */
export function requiredString(key: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? key : undefined) })
    .trim()
    .min(1, { error: key, abort: true });
}
