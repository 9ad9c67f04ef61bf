import type { FastifyInstance } from 'fastify';
import type { Container } from '../src/container';
import type { TestApp, TestClient } from './harness';

const DAY = 86_400_000;

/** A movable clock for time-travel tests: pass `clock.now` as the container's `now`. */
export function testClock(start = '2026-03-01T09:00:00.000Z') {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set(value: Date | string) {
      current = new Date(value).getTime();
    },
    advance(ms: number) {
      current += ms;
    },
    days: (n: number) => n * DAY,
  };
}

/** Test-only sign-in route (accounts are built elsewhere): POST /api/test/sign-in {email}. */
export function signInRoute(app: FastifyInstance, container: Container) {
  app.post('/api/test/sign-in', async (request, reply) => {
    const { email } = request.body as { email: string };
    const user = await container.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    await container.sessions.start(request, reply, { userId: user.id });
    return reply.code(204).send();
  });
}

/** A new account as sign-up makes it: on the free trial, ending 7 days from now. */
export async function createTrialUser(t: TestApp, input: { email: string; name?: string; locale?: 'en' | 'ar'; roleId?: number }) {
  const trial = await t.container.plans.getBySlug('free-trial');
  const now = t.container.now();
  return t.container.database.db
    .insertInto('users')
    .values({
      name: input.name ?? 'Test User',
      email: input.email,
      role_id: input.roleId ?? 2,
      locale: input.locale ?? 'en',
      email_verified_at: now,
      plan_id: trial.id,
      trial_ends_at: new Date(now.getTime() + 7 * DAY),
      personal_info: {},
      company_info: {},
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function signIn(t: TestApp, email: string): Promise<TestClient> {
  const client = t.client();
  const response = await client.post('/api/test/sign-in', { email });
  if (response.statusCode !== 204) throw new Error(`sign-in failed: ${response.statusCode}`);
  return client;
}

/** Mails queued through the mail-send job (the queue is not started in these tests). */
export async function queuedMails(t: TestApp, filter: { to?: string; kind?: string } = {}) {
  const { rows } = await t.container.database.executeSql("select data from pgboss.job where name = 'mail-send' order by created_on");
  return rows
    .map((row: { data: any }) => row.data)
    .filter((job: any) => (!filter.to || job.to === filter.to) && (!filter.kind || job.data?.kind === filter.kind));
}
