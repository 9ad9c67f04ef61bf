import { z } from 'zod';
import { Invalid } from './errors';
import { rejectNulBytes } from './input-guard';

type IssueMessage = { key: string; params?: Record<string, string | number> };

/** A field's key for `:attribute`; t() names it in the message's language ("job title", «المسمى الوظيفي»). */
function attributeName(path: PropertyKey[]): string {
  return path.map(String).join('.') || 'input';
}

/** The value the caller sent at an issue's path (zod 4 issues do not carry it). */
function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function issueMessage(issue: z.core.$ZodIssue, input: unknown): IssueMessage {
  const attribute = attributeName(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAt(input, issue.path);
      return value === undefined || value === null || value === ''
        ? { key: 'validation.required', params: { attribute } }
        : { key: 'validation.invalid', params: { attribute } };
    }
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? { key: 'validation.required', params: { attribute } }
          : { key: 'validation.string_min', params: { attribute, count: Number(issue.minimum) } };
      }
      return { key: 'validation.number_min', params: { attribute, min: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'validation.string_max', params: { attribute, count: Number(issue.maximum) } }
        : { key: 'validation.number_max', params: { attribute, max: Number(issue.maximum) } };
    case 'unrecognized_keys':
      return { key: 'validation.unknown_fields', params: { fields: issue.keys.join(', ') } };
    case 'invalid_value':
      return { key: 'validation.enum', params: { attribute } };
    case 'invalid_format':
      return issue.format === 'email' ? { key: 'validation.email_format' } : { key: 'validation.invalid', params: { attribute } };
    // The generic wording. Every code of zod's is named, so a code a later zod adds fails the
    // type check here and gets its wording chosen, rather than falling to this one unseen.
    case 'not_multiple_of':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return { key: 'validation.invalid', params: { attribute } };
  }
}

// A required string with its own "missing" key: in the shared contract, the request bodies there use it.
export { requiredString } from '../../../contract/common';

/**
 * Parses input with a zod schema or throws Invalid (422) with one entry per field.
 * A schema attaches a catalog key to a check with `{ error: 'validation.name_required' }`;
 * such keys win over the generic wording. A NUL character anywhere answers 422 first.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // JSON bodies and query strings are checked for every route in http/input-guard.ts;
  // this covers the fields of multipart forms, which are read inside the routes.
  rejectNulBytes(input);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, IssueMessage[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'input';
    const explicit = issue.message.includes('.') && /^[a-z_]+\.[a-z_.]+$/.test(issue.message);
    const message = explicit ? { key: issue.message, params: { attribute: attributeName(issue.path) } } : issueMessage(issue, input);
    const list = (fields[field] ??= []);
    if (!list.some((m) => m.key === message.key)) list.push(message);
  }
  throw new Invalid(fields);
}

/** A decimal number as forms and query strings carry it: "2", " 2 ", "-1", "19.99". */
const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number from JSON, or from a form field / query parameter written in digits. Unlike
 * `z.coerce.number()` it never turns an array (`[2]`), a boolean, `null` or an empty string
 * into a number: those fail the inner schema (issue 17 item 7). Ids and counts use this.
 */
export function formNumber<S extends z.ZodType<number, unknown>>(schema: S) {
  return z.preprocess((value) => (typeof value === 'string' && NUMERIC_TEXT.test(value) ? Number(value) : value), schema);
}

/** Form fields and query parameters arrive as strings: an empty one (or null) counts as absent. */
export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
