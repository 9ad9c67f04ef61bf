import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness';
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

  it('passes valid input through, trimmed', () => {
    expect(parseInput(signUp, { name: ' Sara ', email: 'sara@example.com' })).toEqual({ name: 'Sara', email: 'sara@example.com' });
  });
});
