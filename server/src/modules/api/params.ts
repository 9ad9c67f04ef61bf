import type { FastifyRequest } from 'fastify';
import { PayloadTooLarge } from '../../http/errors';
import { ApiBadRequest } from './surface';

/**
 * Parameters of a key request, read the way DeepL and LibreTranslate read them: the query
 * string and the body (form or JSON) together. A name the API does not know is refused
 * (400), so a typo does not go unnoticed. `fields`: a multipart form's text fields.
 */
export type Params = Record<string, unknown>;

export function readParams(request: FastifyRequest, allowed: { has(name: string): boolean }, fields?: Record<string, unknown>): Params {
  const body = fields ?? request.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw new ApiBadRequest('api.invalid_parameter', { name: 'body' });
  const params: Params = { ...(request.query as Params | undefined), ...(body as Params | undefined) };
  for (const name of Object.keys(params)) if (!allowed.has(name)) throw new ApiBadRequest('api.unknown_parameter', { name });
  return params;
}

/** A single value: a string (JSON numbers and booleans read as their text); a list or an object is refused. */
export function stringParam(params: Params, name: string, options: { required?: boolean } = {}): string | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') {
    if (options.required) throw new ApiBadRequest('api.missing_parameter', { name });
    return undefined;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') throw new ApiBadRequest('api.invalid_parameter', { name });
  return value;
}

/** One of the listed values (compared without case); anything else is a 400 naming the parameter. */
export function enumParam<T extends string>(params: Params, name: string, values: readonly T[], options: { required?: boolean } = {}): T | undefined {
  const value = stringParam(params, name, options);
  if (value === undefined) return undefined;
  const found = values.find((candidate) => candidate.toLowerCase() === value.trim().toLowerCase());
  if (!found) throw new ApiBadRequest('api.invalid_parameter', { name });
  return found;
}

/** A list: a JSON array of strings, a repeated form field, or one comma-separated string. */
export function listParam(params: Params, name: string, options: { commaSeparated?: boolean } = {}): string[] | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item) => typeof item === 'string')) throw new ApiBadRequest('api.invalid_parameter', { name });
  return options.commaSeparated ? list.flatMap((item) => (item as string).split(',')).map((item) => item.trim()).filter(Boolean) : (list as string[]);
}

/** The texts of a request: at least one; more than `max` is 413 (DeepL's answer to more than 50). */
export function textsParam(params: Params, name: string, max: number): { texts: string[]; single: boolean } {
  const value = params[name];
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) throw new ApiBadRequest('api.missing_parameter', { name });
  const texts = listParam(params, name)!;
  if (texts.length > max) throw new PayloadTooLarge('api.too_many_texts', { max });
  return { texts, single: !Array.isArray(value) };
}
