import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness';
import type { Invalid } from './errors';
import { parseInput, requiredString } from './validation';

const signUp = z.object({
  name: requiredString('validation.name_required').max(100),
  email: requiredString('validation.email_required').pipe(z.email({ error: 'validation.email_format' })),
  age: z.number().int().min(18).optional(),
  plan: z.enum(['monthly', 'yearly']).optional(),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.post('/api/test/validate', async (request) => parseInput(signUp, request.body));
    },
  });
});
afterAll(() => t.close());

describe('422 validation envelope', () => {
  it('lists every field with the spec messages in English', async () => {
    const response = await t.client().post('/api/test/validate', { email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Name is required', errors: { name: ['Name is required'], email: ['wrong email'] } });
  });

  it('answers in Arabic for an Arabic locale', async () => {
    const client = t.client();
    client.locale = 'ar';
    const response = await client.post('/api/test/validate', {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: ['الاسم مطلوب'], email: ['البريد الإلكتروني مطلوب'] });
  });

  it('words generic checks like Laravel does', async () => {
    const response = await t.client().post('/api/test/validate', { name: 'x'.repeat(101), email: 'a@b.co', age: 12.5, plan: 'weekly' });
    expect(response.json().errors).toEqual({
      name: ['The name field must not be greater than 100 characters.'],
      age: ['The age field is invalid.'],
      plan: ['The selected plan is invalid.'],
    });
  });

  it('gives the generic wording to the issue codes it has no message of its own for', () => {
    const schema = z.object({
      step: z.number().multipleOf(5),
      either: z.union([z.string(), z.number()]),
      map: z.record(z.string().min(2), z.number()),
      // A map whose key is an object: its value's issue is invalid_element (one whose key is a string is placed at the key).
      entries: z.map(z.object({}), z.number()),
      checked: z.string().refine((value) => value === 'yes'),
    });
    const fields = (() => {
      try {
        parseInput(schema, { step: 7, either: true, map: { b: 1 }, entries: new Map([[{}, 'x']]), checked: 'no' });
      } catch (error) {
        return (error as Invalid).fields;
      }
    })();
    const keys = Object.fromEntries(Object.entries(fields ?? {}).map(([field, messages]) => [field, messages.map((message) => (typeof message === 'string' ? message : message.key))]));
    // not_multiple_of, invalid_union, invalid_key, invalid_element and custom, in that order.
    expect(keys).toEqual({ step: ['validation.invalid'], either: ['validation.invalid'], 'map.b': ['validation.invalid'], entries: ['validation.invalid'], checked: ['validation.invalid'] });
  });

  it('a required string too long says so (not "required"), and an empty one gets only "required", not its format checks too', () => {
    const schema = z.object({ slug: requiredString('validation.required').max(10).regex(/^[a-z]+$/) });
    const keysOf = (input: unknown) => {
      try {
        parseInput(schema, input);
      } catch (error) {
        return Object.values((error as Invalid).fields).flat().map((message) => (typeof message === 'string' ? message : message.key));
      }
    };
    expect(keysOf({ slug: 'x'.repeat(11) })).toEqual(['validation.string_max']);
    expect(keysOf({ slug: '  ' })).toEqual(['validation.required']);
    expect(keysOf({})).toEqual(['validation.required']);
  });

  it('passes valid input through, trimmed', () => {
    expect(parseInput(signUp, { name: ' Sara ', email: 'sara@example.com' })).toEqual({ name: 'Sara', email: 'sara@example.com' });
  });
});
