import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifySchema, FastifyTypeProvider, RawServerDefault } from 'fastify';
import { z } from 'zod';

/**
 * What every route answers, declared in its options (issue 19 item 5):
 *
 *   app.get('/api/plans', { schema: answers(planList) }, handler)
 *
 * The schema is zod, from the shared contract (`contract/`). Before a JSON answer leaves,
 * it is parsed with the route's schema: unknown fields are stripped (nothing a service
 * happens to carry, a password hash say, reaches the wire), the spec's wire quirks are
 * applied (JSON text, ISO dates), and a shape that breaks the contract is a 500 that is
 * logged, never a silent change. The handlers' return values are type-checked against the
 * same schema (the `ZodResponses` type provider), the OpenAPI document describes it, and
 * the web app's types are inferred from it.
 *
 * Answers that are not JSON (files, pages, redirects, empty 204s) declare that instead
 * (`file(...)`, `html`, `redirect`, `noContent`); architecture.test.ts fails on a route
 * that declares nothing.
 */

const RAW = Symbol.for('lisan.rawResponse');

/** A non-JSON answer: what it is, for the OpenAPI document. */
export interface RawResponse {
  readonly [RAW]: true;
  readonly contentType?: string;
  readonly description: string;
}

function raw(description: string, contentType?: string): RawResponse {
  return { [RAW]: true, description, ...(contentType ? { contentType } : {}) };
}

export const isRawResponse = (value: unknown): value is RawResponse => typeof value === 'object' && value !== null && RAW in value;

/** A file download (Content-Disposition set by the route). */
export const file = (contentType: string, description = 'The file.') => raw(description, contentType);
/** An HTML or text page. */
export const page = (contentType = 'text/html', description = 'The page.') => raw(description, contentType);
/** A redirect (302/303) with no body. */
export const redirect = raw('A redirect; the Location header says where.');
/** 204 No Content. */
export const noContent = raw('Done; no content.');

type ResponseSchema = z.ZodType | RawResponse;
type ResponseMap = Partial<Record<'2xx' | '200' | '201' | '202' | '204' | '302' | '303', ResponseSchema>>;

/**
 * Route `schema` option from what the route answers: one schema for every 2xx status, or a
 * map of statuses. Errors are not listed: they are the contract's envelope (error-handler.ts).
 */
export function answers<const S extends ResponseSchema>(schema: S): { response: { '2xx': S } };
export function answers<const M extends ResponseMap>(map: M): { response: M };
export function answers(value: ResponseSchema | ResponseMap) {
  const single = value instanceof z.ZodType || isRawResponse(value);
  return { response: single ? { '2xx': value } : value } satisfies FastifySchema;
}

/**
 * Types the handlers' answers from the declared schemas: a handler returns (or sends) the
 * schema's input, the server-side value before the wire quirks; request parts stay unknown
 * (they are parsed with parseInput, which gives their types).
 */
export interface ZodResponses extends FastifyTypeProvider {
  readonly validator: unknown;
  readonly serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** The application as routes see it. */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodResponses>;

/** Serializes an answer with its schema; the one place JSON answers are written. */
export function serialize(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const error = new Error(`The answer does not match its declared schema: ${z.prettifyError(parsed.error)}`);
    throw Object.assign(error, { statusCode: 500, code: 'LISAN_RESPONSE_SHAPE' });
  }
  return JSON.stringify(parsed.data);
}

export function registerResponseSerialization(app: FastifyInstance) {
  app.setSerializerCompiler(({ schema, url, method }) => {
    if (schema instanceof z.ZodType) return (value: unknown) => serialize(schema, value);
    // A raw route sends files, pages or nothing; an object here is a bug in the route.
    return () => {
      throw Object.assign(new Error(`${method} ${url} declares a non-JSON answer but sent an object`), { statusCode: 500, code: 'LISAN_RESPONSE_SHAPE' });
    };
  });
}
