import type { FastifyInstance } from 'fastify';
import type { Container } from '../src/container';
import { t as message } from '../src/i18n/messages';
import { createBillingRepo } from '../src/modules/billing/repo';
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

/**
 * A monthly subscription bought while a gateway was set up (here the sandbox, with its saved
 * card), written through the billing repo: for a Lisan whose payments are off now, where
 * nothing can be bought. `overdue`: the renewal's charge failed, so its invoice is owed and the
 * subscription is past due.
 */
export async function subscribeInDatabase(t: TestApp, email: string, input: { plan: string; seats?: number; overdue?: boolean }) {
  const repo = createBillingRepo(t.container.database.db);
  const plan = await t.container.plans.getBySlug(input.plan);
  const user = await t.container.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const now = t.container.now();
  const seats = input.seats ?? 1;
  const periodStart = new Date(now.getTime() - (input.overdue ? 3 : 10) * DAY);
  const periodEnd = new Date(periodStart.getTime() + 30 * DAY);
  await t.container.database.db.updateTable('users').set({ plan_id: plan.id, trial_ends_at: new Date(now.getTime() - 40 * DAY) }).where('id', '=', user.id).execute();
  await repo.upsertCard(user.id, { gateway: 'sandbox', token: `sbx_pm_${user.id}`, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, holder_name: user.name }, now);
  const subscription = await repo.upsertSubscription({ user_id: user.id, plan_id: plan.id, frequency: 'monthly', seats, gateway: 'sandbox', current_period_start: periodStart, current_period_end: periodEnd }, now);
  if (!input.overdue) return;
  const amount = (Number(plan.price) * seats).toFixed(2);
  const line = (locale: 'en' | 'ar') =>
    message(locale, 'billing.line.renewal', { plan: locale === 'en' ? plan.name_en : plan.name_ar, frequency: message(locale, 'billing.frequency.monthly'), count: seats });
  const invoice = await repo.insertInvoice({
    user_id: user.id,
    subscription_id: subscription.id,
    plan_id: plan.id,
    kind: 'renewal',
    frequency: 'monthly',
    seats,
    period_start: periodStart,
    period_end: periodEnd,
    amount,
    lines: [{ description_en: line('en'), description_ar: line('ar'), quantity: seats, unit_amount: Number(plan.price).toFixed(2), amount }],
    customer: { name: user.name, email: user.email },
    seller: { name: 'Lisan' },
    locale: user.locale,
    status: 'open',
    issued_at: periodStart,
    due_at: periodStart,
    paid_at: null,
    gateway: 'sandbox',
    payment_ref: null,
  });
  await repo.markInvoiceOverdue(invoice.id, periodStart, 'card declined');
  await repo.updateSubscription(subscription.id, { status: 'past_due' }, now);
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
