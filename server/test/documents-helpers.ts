// Helpers for the documents API tests: accounts on plans with chosen limits, sign-in, uploads.
import type { FastifyInstance } from 'fastify';
import type { Container } from '../src/container';
import type { NewPlan, UserRow } from '../src/db/schema';
import type { TestApp, TestClient } from './harness';
import { multipart } from './multipart';

/** Test-only sign-in route, as the HTTP plumbing tests do. */
export function signInRoute(app: FastifyInstance, container: Container) {
  app.post('/api/test/sign-in', async (request, reply) => {
    const { email } = request.body as { email: string };
    const user = await container.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    await container.sessions.start(request, reply, { userId: user.id });
    return reply.code(204).send();
  });
}

let planCounter = 0;

export async function createPlan(t: TestApp, limits: Partial<NewPlan> = {}) {
  planCounter++;
  return t.container.database.db
    .insertInto('plans')
    .values({
      slug: `test-plan-${planCounter}-${Date.now()}`,
      name_en: 'Test plan',
      name_ar: 'باقة اختبار',
      price: 10,
      price_yearly: 100,
      features_en: JSON.stringify([]),
      features_ar: JSON.stringify([]),
      daily_text_requests: 100,
      monthly_doc_requests: 10,
      char_limit: 5000,
      text_words: 1000,
      doc_words: 10_000,
      doc_chars: 100_000,
      monthly_files: 10,
      web_pages: 10,
      max_file_size_mb: 10,
      file_formats: ['docx', 'xlsx', 'pptx', 'xliff', 'pdf'],
      llm_enabled: false,
      ...limits,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

let userCounter = 0;

export async function createUser(t: TestApp, options: { planId?: number; verified?: boolean; locale?: 'en' | 'ar'; trialEndsAt?: Date | null; name?: string } = {}): Promise<UserRow> {
  userCounter++;
  return t.container.database.db
    .insertInto('users')
    .values({
      name: options.name ?? `User ${userCounter}`,
      email: `user${userCounter}-${Date.now()}@example.com`,
      email_verified_at: options.verified === false ? null : new Date(),
      locale: options.locale ?? 'en',
      plan_id: options.planId ?? null,
      trial_ends_at: options.trialEndsAt ?? null,
      personal_info: JSON.stringify({}),
      company_info: JSON.stringify({}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function signedIn(t: TestApp, user: UserRow, locale?: 'en' | 'ar'): Promise<TestClient> {
  const client = t.client();
  if (locale) client.locale = locale;
  const response = await client.post('/api/test/sign-in', { email: user.email });
  if (response.statusCode !== 204) throw new Error(`sign-in failed: ${response.statusCode}`);
  return client;
}

export function upload(client: TestClient, url: string, file: { name: string; content: Buffer } | null, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const body = multipart(fields, file ?? undefined);
  return client.request({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
}
