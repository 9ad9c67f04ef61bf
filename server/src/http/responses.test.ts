import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf, jsonText, timestamp } from '../../../contract/common';
import { createTestApp, type TestApp } from '../../test/harness';
import { answers, file, isRawResponse, noContent, registerResponseSerialization, type ZodResponses } from './responses';

async function demoApp() {
  const app = Fastify();
  registerResponseSerialization(app);
  const routes = app.withTypeProvider<ZodResponses>();
  const user = dataOf(z.object({ id: z.number(), name: z.string(), created_at: timestamp }));
  routes.get('/user', { schema: answers(user) }, async () => {
    const row = { id: 1, name: 'Salma', created_at: new Date('2026-01-02T03:04:05Z'), password_hash: 'secret' };
    return { data: row };
  });
  routes.get('/broken', { schema: answers(user) }, async () => ({ data: { id: 'one', name: 'Salma', created_at: 'x' } }) as never);
  routes.get('/created', { schema: answers(z.object({ id: z.number() })) }, async (_request, reply) => reply.code(201).send({ id: 2, extra: true } as { id: number }));
  routes.get('/text', { schema: answers(z.object({ data: jsonText(z.array(z.object({ word: z.string() }))) })) }, async () => ({ data: [{ word: 'كتاب', note: 'x' } as { word: string }] }));
  routes.get('/pdf', { schema: answers(file('application/pdf')) }, async (_request, reply) => reply.type('application/pdf').send(Buffer.from('%PDF-1.7')));
  routes.get('/nothing', { schema: answers({ 204: noContent }) }, async (_request, reply) => reply.code(204).send());
  await app.ready();
  return app;
}

describe('declared answers', () => {
  it('strip fields the schema does not name, whatever the 2xx status, and write dates as ISO text', async () => {
    const app = await demoApp();
    const user = await app.inject('/user');
    expect(user.json()).toEqual({ data: { id: 1, name: 'Salma', created_at: '2026-01-02T03:04:05.000Z' } });
    expect(user.body).not.toContain('secret');
    const created = await app.inject('/created');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 2 });
  });

  it('answer 500, never the wrong shape, when a handler breaks its contract', async () => {
    const app = await demoApp();
    const broken = await app.inject('/broken');
    expect(broken.statusCode).toBe(500);
    expect(broken.body).not.toContain('Salma');
  });

  it('write the spec\'s JSON-text fields from the value, in one place', async () => {
    const app = await demoApp();
    const answer = (await app.inject('/text')).json() as { data: string };
    expect(typeof answer.data).toBe('string');
    expect(JSON.parse(answer.data)).toEqual([{ word: 'كتاب' }]);
  });

  it('leave files and empty answers alone', async () => {
    const app = await demoApp();
    const pdf = await app.inject('/pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body).toBe('%PDF-1.7');
    expect((await app.inject('/nothing')).statusCode).toBe(204);
  });
});

describe('the application', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('declares what every route answers', () => {
    const undeclared = t.app.routeAccess.filter((route) => !route.url.startsWith('/__test') && !route.response).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
    for (const route of t.app.routeAccess) {
      for (const schema of Object.values(route.response ?? {})) expect(schema instanceof z.ZodType || isRawResponse(schema), `${route.method} ${route.url}`).toBe(true);
    }
  });
});
