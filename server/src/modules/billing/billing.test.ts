import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { createTrialUser, queuedMails, signIn, signInRoute, subscribeInDatabase, testClock } from '../../../test/billing-fixtures';
import { renderMail } from '../../mail/mailer';
import { SANDBOX_CARDS } from '../../payments/sandbox';
import { BILLING_SWEEP_CRON } from './jobs';
import { invoiceZatcaFields } from './zatca';

const DAY = 86_400_000;
const clock = testClock();
let t: TestApp;
let planIds: Record<string, number>;

beforeAll(async () => {
  // An api process: jobs are queued (mail, visible in pgboss.job) but no worker runs them.
  t = await createTestApp({ role: 'api', startQueue: true, overrides: { now: clock.now }, extend: signInRoute });
  const plans = await t.container.database.db.selectFrom('plans').select(['id', 'slug']).execute();
  planIds = Object.fromEntries(plans.map((p) => [p.slug, p.id]));
});
afterAll(() => t.close());

const card = (number: string) => ({ card_name: 'Layla Ahmad', card_number: number, expiry: '12/30', cvv: '123' });

/** Subscribes through the sandbox hosted checkout and returns the return call's answer. */
async function buyThroughSandbox(client: TestClient, planSlug: string, number: string = SANDBOX_CARDS.success, frequency = 'monthly') {
  const subscribe = await client.post('/api/user/subscribe', { plan_id: planIds[planSlug], frequency });
  expect(subscribe.statusCode, subscribe.body).toBe(200);
  const checkoutUrl: string = subscribe.json().checkout_url;
  expect(checkoutUrl).toMatch(/^\/sandbox\/checkout\/sbx_cs_/);
  const sessionId = checkoutUrl.split('/').pop()!;
  const pay = await client.post(`/api/sandbox/checkout/${sessionId}/pay`, card(number));
  return { sessionId, pay };
}

async function returnFromCheckout(client: TestClient, sessionId: string) {
  const response = await client.post('/api/checkout-auth', { session_id: sessionId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function subscribedUser(email: string, number: string = SANDBOX_CARDS.success, plan = 'hobbyist') {
  await createTrialUser(t, { email });
  const client = await signIn(t, email);
  const { sessionId, pay } = await buyThroughSandbox(client, plan, number);
  expect(pay.statusCode, pay.body).toBe(200);
  expect((await returnFromCheckout(client, sessionId)).status).toBe('paid');
  return client;
}

const subscriptionOf = async (client: TestClient) => (await client.get('/api/user/subscription')).json().data.data;

describe('trial', () => {
  it('starts a new account on a 7-day trial that counts down in GET /api/user', async () => {
    clock.set('2026-03-01T09:00:00Z');
    await createTrialUser(t, { email: 'trial@example.com' });
    const client = await signIn(t, 'trial@example.com');
    const profile = (await client.get('/api/user')).json();
    expect(profile).toMatchObject({ trial_remaining_days: 7, trial_expired: false, plan: { slug: 'free-trial', status: 'trial', expires_at: '2026-03-08T09:00:00.000Z' } });
    clock.advance(2.5 * DAY);
    const later = await signIn(t, 'trial@example.com');
    expect((await later.get('/api/user')).json().trial_remaining_days).toBe(5);
  });

  it('sends the reminder 3 days before the end (day 4), exactly once', async () => {
    clock.set('2026-04-01T00:00:00Z');
    await createTrialUser(t, { email: 'remind@example.com', locale: 'ar', name: 'سارة' });
    const reminders = () => queuedMails(t, { to: 'remind@example.com', kind: 'trial_reminder' });

    clock.set('2026-04-04T23:00:00Z'); // day 3 and 23 hours: more than 3 days left
    await t.container.billing.sweep();
    expect(await reminders()).toHaveLength(0);

    clock.set('2026-04-05T00:00:00Z'); // day 4: 3 days left
    await t.container.billing.sweep();
    await t.container.billing.sweep();
    clock.set('2026-04-06T12:00:00Z');
    await t.container.billing.sweep();
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    const mail = renderMail(sent[0]);
    expect(mail.subject).toBe('تنتهي فترتك التجريبية المجانية بعد 3 أيام');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('8 أبريل 2026');
  });

  it('expires after 7 days: "Trial period expired", translation refused with 402 trial_expired, one notice', async () => {
    clock.set('2026-05-01T00:00:00Z');
    const user = await createTrialUser(t, { email: 'expire@example.com' });
    clock.set('2026-05-08T00:00:01Z');
    await t.container.billing.sweep();
    await t.container.billing.sweep();
    const expired = await queuedMails(t, { to: 'expire@example.com', kind: 'trial_expired' });
    expect(expired).toHaveLength(1);
    expect(renderMail(expired[0]).subject).toBe('Trial period expired');
    const client = await signIn(t, 'expire@example.com');
    const profile = (await client.get('/api/user')).json();
    expect(profile).toMatchObject({ trial_remaining_days: 0, trial_expired: true, plan: { status: 'trial_expired' } });
    const fresh = (await client.get('/api/user/subscription')).json().data.data.status;
    expect(fresh).toBe('trial_expired');
    // The one decision on trials (entitlements module) agrees.
    expect((await t.container.entitlements.entitlementsFor({ user })).trial.expired).toBe(true);
  });
});

describe('subscribe through the sandbox checkout', () => {
  it('pays, activates the plan, issues one paid invoice and saves only the card token', async () => {
    clock.set('2026-06-01T10:00:00Z');
    await createTrialUser(t, { email: 'buyer@example.com' });
    const client = await signIn(t, 'buyer@example.com');
    const { sessionId, pay } = await buyThroughSandbox(client, 'hobbyist');
    expect(pay.json().redirect_url).toContain(`session_id=${sessionId}`);

    const first = await returnFromCheckout(client, sessionId);
    expect(first).toMatchObject({ status: 'paid', purpose: 'subscribe', message: 'Your subscription to Hobbyist is active.' });
    // The return is idempotent: a reload changes nothing twice.
    expect((await returnFromCheckout(client, sessionId)).status).toBe('paid');
    // A checkout whose plan is gone since (its row no longer names one) says so without a name.
    await t.container.database.db.updateTable('checkouts').set({ plan_id: null }).where('gateway_ref', '=', sessionId).execute();
    expect(await returnFromCheckout(client, sessionId)).toMatchObject({ status: 'paid', message: 'Your subscription is active.' });

    const profile = (await client.get('/api/user')).json();
    expect(profile.plan).toMatchObject({ slug: 'hobbyist', frequency: 'monthly', status: 'active', starts_at: '2026-06-01T10:00:00.000Z', expires_at: '2026-07-01T10:00:00.000Z' });
    expect(profile.trial_remaining_days).toBeNull();

    const invoices = (await client.get('/api/user/invoices')).json().data;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amount: 9, currency: 'USD', status: 'paid', kind: 'subscription', period: { start: '2026-06-01T10:00:00.000Z', end: '2026-07-01T10:00:00.000Z' } });
    expect(invoices[0].number).toMatch(/^INV-\d{6}$/);
    expect(await queuedMails(t, { to: 'buyer@example.com', kind: 'invoice_paid' })).toHaveLength(1);

    const row = await t.container.database.db.selectFrom('payment_cards').selectAll().innerJoin('users', 'users.id', 'payment_cards.user_id').where('email', '=', 'buyer@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ gateway: 'sandbox', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    expect(JSON.stringify(row)).not.toContain(SANDBOX_CARDS.success);
    expect(JSON.stringify(row)).not.toContain('"123"');
  });

  it('names a plan the admin called «باقة الأعمال» / "Business Plan" once, in the message and the invoice line', async () => {
    clock.set('2026-06-02T10:00:00Z');
    const db = t.container.database.db;
    const seeded = await db.selectFrom('plans').select(['name_en', 'name_ar']).where('slug', '=', 'hobbyist').executeTakeFirstOrThrow();
    await db.updateTable('plans').set({ name_en: 'Business Plan', name_ar: 'باقة الأعمال' }).where('slug', '=', 'hobbyist').execute();
    await t.container.plans.invalidate();
    try {
      await createTrialUser(t, { email: 'business-plan@example.com', locale: 'ar' });
      const client = await signIn(t, 'business-plan@example.com');
      client.locale = 'ar';
      const { sessionId } = await buyThroughSandbox(client, 'hobbyist');
      expect((await returnFromCheckout(client, sessionId)).message).toBe('اشتراكك في باقة الأعمال مفعَّل.');
      const [invoice] = (await client.get('/api/user/invoices')).json().data;
      expect(invoice).toMatchObject({ description_en: 'Business Plan, monthly, 1 seat', description_ar: 'باقة الأعمال، اشتراك شهري، عدد المستخدمين: 1' });
    } finally {
      await db.updateTable('plans').set(seeded).where('slug', '=', 'hobbyist').execute();
      await t.container.plans.invalidate();
    }
  });

  it('keeps a declined card on the checkout page, and a failed 3-D Secure check offers "back to checkout"', async () => {
    clock.set('2026-06-02T10:00:00Z');
    await createTrialUser(t, { email: 'unlucky@example.com' });
    const client = await signIn(t, 'unlucky@example.com');
    const { sessionId, pay } = await buyThroughSandbox(client, 'pro', SANDBOX_CARDS.decline);
    expect(pay.statusCode).toBe(402);
    expect(pay.json().message).toBe('Your card was declined.');

    const threeDs = await client.post(`/api/sandbox/checkout/${sessionId}/pay`, card(SANDBOX_CARDS.authenticationFails));
    expect(threeDs.statusCode).toBe(200);
    const failed = await returnFromCheckout(client, sessionId);
    expect(failed).toMatchObject({
      status: 'failed',
      reason: 'authentication_failed',
      message: 'Card authentication failed',
      hint: 'Please try again and use another card',
      back_to_checkout: 'back to checkout',
      checkout_url: `/sandbox/checkout/${sessionId}`,
    });
    expect((await client.get('/api/user')).json().plan.slug).toBe('free-trial');

    // Back to checkout with another card.
    expect((await client.post(`/api/sandbox/checkout/${sessionId}/pay`, card(SANDBOX_CARDS.success))).statusCode).toBe(200);
    expect((await returnFromCheckout(client, sessionId)).status).toBe('paid');
    expect((await client.get('/api/user')).json().plan.slug).toBe('pro');
  });

  it('answers 201 with a message for refused subscriptions and 422 with error_codes for bad input', async () => {
    clock.set('2026-06-03T10:00:00Z');
    const client = await subscribedUser('refused@example.com');
    const enterprise = await client.post('/api/user/subscribe', { plan_id: planIds.enterprise, frequency: 'monthly' });
    expect(enterprise.statusCode).toBe(201);
    expect(enterprise.json().message).toBe('This plan is sold by quotation. Please request a quotation.');
    const again = await client.post('/api/user/subscribe', { plan_id: planIds.hobbyist, frequency: 'monthly' });
    expect(again.statusCode).toBe(201);
    expect(again.json().message).toBe('You are already subscribed to this plan.');
    const bad = await client.post('/api/user/subscribe', { plan_id: 999_999, frequency: 'weekly' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error_codes.length).toBeGreaterThan(0);
    client.locale = 'ar';
    const arabic = await client.post('/api/user/subscribe', { plan_id: planIds.enterprise, frequency: 'monthly' });
    expect(arabic.json().message).toBe('تُباع هذه الباقة بعرض سعر. يُرجى طلب عرض سعر.');
  });

  it('charges a saved card at once on a later subscription (200 with the message)', async () => {
    clock.set('2026-06-04T10:00:00Z');
    await createTrialUser(t, { email: 'saved@example.com' });
    const client = await signIn(t, 'saved@example.com');
    expect((await client.post('/api/user/update-billing', card(SANDBOX_CARDS.success))).statusCode).toBe(200);
    const response = await client.post('/api/user/subscribe', { plan_id: planIds['start-up'], frequency: 'yearly', seats: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Your subscription to Start-up is active.');
    const sub = await subscriptionOf(client);
    expect(sub).toMatchObject({ status: 'active', frequency: 'yearly', seats: 3, amount: 870, expires_at: '2027-06-04T10:00:00.000Z' });
  });
});

describe('the seats of a team plan chosen before paying', () => {
  it('prices the preview, the hosted checkout and the invoice per seat, and sizes the team from them; limits kept', async () => {
    clock.set('2026-06-10T10:00:00Z');
    await createTrialUser(t, { email: 'team-buyer@example.com' });
    const client = await signIn(t, 'team-buyer@example.com');
    const choice = { plan_id: planIds['start-up'], frequency: 'monthly', seats: 4 };
    // The confirmation's preview: four seats at Start-up's $29 a user.
    const preview = (await client.post('/api/user/plan-preview', choice)).json().data;
    expect(preview).toMatchObject({ kind: 'subscribe', seats: 4, charge_now: 116, renewal_amount: 116, payment: 'checkout' });
    // Beyond the limits, or seats on a plan without teams: refused with the field named.
    expect((await client.post('/api/user/plan-preview', { ...choice, seats: 1001 })).json().errors).toHaveProperty('seats');
    expect((await client.post('/api/user/plan-preview', { ...choice, seats: 0 })).json().errors).toHaveProperty('seats');
    expect((await client.post('/api/user/subscribe', { plan_id: planIds.hobbyist, frequency: 'monthly', seats: 2 })).json().errors).toHaveProperty('seats');

    const subscribe = await client.post('/api/user/subscribe', choice);
    expect(subscribe.statusCode, subscribe.body).toBe(200);
    const sessionId = String(subscribe.json().checkout_url).split('/').pop()!;
    // The payment gateway stand-in's session: the amount of four seats, its line saying so.
    const session = (await client.get(`/api/sandbox/checkout/${sessionId}`)).json().data;
    expect(session).toMatchObject({ amount: 116, currency: 'USD', description: 'Start-up plan, monthly, 4 seats' });
    expect((await client.post(`/api/sandbox/checkout/${sessionId}/pay`, card(SANDBOX_CARDS.success))).statusCode).toBe(200);
    expect((await returnFromCheckout(client, sessionId)).status).toBe('paid');

    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', seats: 4, amount: 116 });
    const [invoice] = (await client.get('/api/user/invoices')).json().data;
    expect(invoice).toMatchObject({ amount: 116, description_en: 'Start-up plan, monthly, 4 seats', description_ar: 'باقة الشركات الناشئة، اشتراك شهري، عدد المستخدمين: 4' });
    expect((await client.post('/api/team', { name: 'Four & Co' })).json().data.seats).toBe(4);
  });
});

describe('renewal, decline, overdue, capture, downgrade', () => {
  it('issues and charges an invoice each period, once', async () => {
    clock.set('2026-07-01T08:00:00Z');
    const client = await subscribedUser('renew@example.com');
    clock.set('2026-08-01T08:00:01Z');
    await t.container.billing.sweep();
    await t.container.billing.sweep();
    let invoices = (await (await signIn(t, 'renew@example.com')).get('/api/user/invoices')).json().data;
    expect(invoices.map((i: { kind: string; status: string }) => `${i.kind}:${i.status}`)).toEqual(['renewal:paid', 'subscription:paid']);
    expect(invoices[0].period).toEqual({ start: '2026-08-01T08:00:00.000Z', end: '2026-09-01T08:00:00.000Z' });
    clock.set('2026-09-01T09:00:00Z');
    await t.container.billing.sweep();
    invoices = (await (await signIn(t, 'renew@example.com')).get('/api/user/invoices')).json().data;
    expect(invoices).toHaveLength(3);
    expect(new Set(invoices.map((i: { number: string }) => i.number)).size).toBe(3);
    void client;
  });

  it('sends one "invoice paid" mail per renewal invoice when two sweeps run at once', async () => {
    clock.set('2026-07-03T08:00:00Z');
    await subscribedUser('overlap@example.com');
    clock.set('2026-08-03T09:00:00Z');
    // Two processes' sweeps (or a cron run overlapping a slow one) over the same due renewal.
    await Promise.all([t.container.billing.sweep(), t.container.billing.sweep()]);
    const invoices = (await (await signIn(t, 'overlap@example.com')).get('/api/user/invoices')).json().data;
    expect(invoices.map((i: { kind: string; status: string }) => `${i.kind}:${i.status}`)).toEqual(['renewal:paid', 'subscription:paid']);
    const paidMails = await queuedMails(t, { to: 'overlap@example.com', kind: 'invoice_paid' });
    // The checkout's invoice and the renewal's, each once.
    expect(paidMails.map((mail) => mail.data.params.number).sort()).toEqual(invoices.map((i: { number: string }) => i.number).sort());
  });

  it('makes a declined renewal overdue, and capture retries it after the card is changed', async () => {
    clock.set('2026-07-02T08:00:00Z');
    await subscribedUser('decline@example.com', SANDBOX_CARDS.declineLater);
    clock.set('2026-08-02T09:00:00Z');
    await t.container.billing.sweep();
    let client = await signIn(t, 'decline@example.com');
    const profile = (await client.get('/api/user')).json();
    expect(profile.pending_invoice).toMatchObject({ amount: 9, status: 'overdue' });
    expect(await subscriptionOf(client)).toMatchObject({ status: 'past_due', pending_invoice: { status: 'overdue', overdue_since: '2026-08-02T09:00:00.000Z' } });
    const failedMail = await queuedMails(t, { to: 'decline@example.com', kind: 'payment_failed' });
    expect(failedMail).toHaveLength(1);
    expect(renderMail(failedMail[0]).text).toContain('Your billing card seems not authorized or added, please add or change your card');

    const retry = await client.post('/api/user/pending-invoice/capture', {});
    expect(retry.statusCode).toBe(201);
    expect(retry.json().message).toBe('Your billing card seems not authorized or added, please add or change your card');
    // Owed, not paid: the list names no card (the declined one paid nothing).
    const listed = async () => (await client.get('/api/user/invoices')).json().data[0];
    expect(await listed()).toMatchObject({ kind: 'renewal', status: 'overdue', paid_card: null });

    clock.set('2026-08-05T09:00:00Z');
    client = await signIn(t, 'decline@example.com');
    expect((await client.post('/api/user/update-billing', card('5555 5555 5555 4444'))).statusCode).toBe(200);
    const capture = await client.post('/api/user/pending-invoice/capture', {});
    expect(capture.statusCode).toBe(200);
    expect(capture.json().message).toBe('The invoice was paid. Thank you!');
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', pending_invoice: null, card: { brand: 'mastercard', last4: '4444' } });
    expect(await listed()).toMatchObject({ kind: 'renewal', status: 'paid', paid_card: { brand: 'mastercard', last4: '4444' } });
    expect((await client.post('/api/user/pending-invoice/capture', {})).json().message).toBe('You have no invoice to pay.');
  });

  it('downgrades a plan whose invoice stays overdue past the grace period (14 days)', async () => {
    clock.set('2026-07-03T08:00:00Z');
    await subscribedUser('downgrade@example.com', SANDBOX_CARDS.declineLater, 'pro');
    clock.set('2026-08-03T09:00:00Z');
    await t.container.billing.sweep();
    clock.set('2026-08-17T08:59:00Z'); // 13 days 23 hours later
    await t.container.billing.sweep();
    let client = await signIn(t, 'downgrade@example.com');
    expect((await client.get('/api/user')).json().plan.slug).toBe('pro');

    clock.set('2026-08-17T09:00:00Z');
    await t.container.billing.sweep();
    await t.container.billing.sweep();
    client = await signIn(t, 'downgrade@example.com');
    const profile = (await client.get('/api/user')).json();
    expect(profile).toMatchObject({ plan: { slug: 'free-trial', status: 'trial_expired' }, trial_expired: true, pending_invoice: null });
    const sub = await subscriptionOf(client);
    expect(sub).toMatchObject({ status: 'trial_expired', downgraded: { at: '2026-08-17T09:00:00.000Z' } });
    const invoices = (await client.get('/api/user/invoices')).json().data;
    expect(invoices[0]).toMatchObject({ kind: 'renewal', status: 'void' });
    const mails = await queuedMails(t, { to: 'downgrade@example.com', kind: 'plan_downgraded' });
    expect(mails).toHaveLength(1);
    expect(renderMail(mails[0]).subject).toBe('Plan downgraded for overdue invoice');
  });

  it('mails about an invoice with no plan (its plan deleted since, a line that is no plan) without a hole where the name was', async () => {
    clock.set('2026-07-04T08:00:00Z');
    await subscribedUser('planless-paid@example.com', SANDBOX_CARDS.declineLater);
    await subscribedUser('planless-overdue@example.com', SANDBOX_CARDS.declineLater);
    clock.set('2026-08-04T09:00:00Z');
    await t.container.billing.sweep();
    const db = t.container.database.db;
    const users = await db.selectFrom('users').select('id').where('email', 'in', ['planless-paid@example.com', 'planless-overdue@example.com']).execute();
    const cut = await db.updateTable('invoices').set({ plan_id: null }).where('kind', '=', 'renewal').where('user_id', 'in', users.map((u) => u.id)).executeTakeFirst();
    expect(Number(cut.numUpdatedRows)).toBe(2);
    // One pays the open renewal with another card; the other's stays unpaid past the grace period.
    const client = await signIn(t, 'planless-paid@example.com');
    expect((await client.post('/api/user/update-billing', card('5555 5555 5555 4444'))).statusCode).toBe(200);
    expect((await client.post('/api/user/pending-invoice/capture', {})).statusCode).toBe(200);
    clock.set('2026-08-18T09:00:00Z');
    await t.container.billing.sweep();

    const paid = (await queuedMails(t, { to: 'planless-paid@example.com', kind: 'invoice_paid' })).at(-1);
    const [downgraded] = await queuedMails(t, { to: 'planless-overdue@example.com', kind: 'plan_downgraded' });
    for (const job of [paid, downgraded]) {
      expect(job.data.localized?.plan).toBeUndefined();
      for (const locale of ['en', 'ar'] as const) {
        const mail = renderMail({ ...job, locale });
        for (const part of [mail.subject, mail.text]) expect(part).not.toMatch(/\(\s*\)| {2}|\s[.،]|\u2068\u2069|:plan/);
      }
    }
    const number = `\u2068${paid.data.params.number}\u2069`;
    expect(renderMail({ ...paid, locale: 'en' }).text).toContain(`We received 9.00 USD for invoice ${number}. You can download it from your account.`);
    expect(renderMail({ ...paid, locale: 'ar' }).text).toContain(`استلمنا 9.00 دولار أمريكي عن الفاتورة ${number}. يمكنك تنزيلها من حسابك.`);
    expect(renderMail({ ...downgraded, locale: 'en' }).text).toContain('stayed unpaid, so your plan was downgraded.');
    expect(renderMail({ ...downgraded, locale: 'ar' }).text).toContain('دون سداد، لذا خُفِّضت باقتك.');
  });

  it('prorates an upgrade mid-period and moves a downgrade to the renewal', async () => {
    clock.set('2026-09-01T00:00:00Z');
    let client = await subscribedUser('upgrade@example.com');
    clock.set('2026-09-16T00:00:00Z'); // 15 of 30 days left
    client = await signIn(t, 'upgrade@example.com');
    const up = await client.post('/api/user/update-plan', { plan: planIds.pro, frequency: 'monthly' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().message).toBe('Your plan is now Pro.');
    const invoices = (await client.get('/api/user/invoices')).json().data;
    expect(invoices[0]).toMatchObject({ kind: 'proration', status: 'paid', amount: 25 }); // (59 - 9) * 15/30
    // In Arabic the plan is named as a plan ("باقة الاحترافية"): "إلى الاحترافية" alone reads "to the professionals".
    expect(invoices[0].description_ar).toBe('الترقية إلى باقة الاحترافية (بالتناسب مع المدة المتبقية من الفترة)');
    expect((await client.get('/api/user')).json().plan).toMatchObject({ slug: 'pro', expires_at: '2026-10-01T00:00:00.000Z' });

    const down = await client.post('/api/user/update-plan', { plan: planIds.hobbyist, frequency: 'monthly' });
    expect(down.json().message).toBe('Your plan will change to Hobbyist at the next renewal on 1 October 2026.');
    const arabic = await client.post('/api/user/update-plan', { plan: planIds.hobbyist, frequency: 'monthly' }, { 'accept-language': 'ar' });
    expect(arabic.json().message).toBe('ستتغير باقتك إلى باقة الهواة عند التجديد القادم في 1 أكتوبر 2026.');
    expect((await client.get('/api/user')).json().plan.slug).toBe('pro');
    expect(await subscriptionOf(client)).toMatchObject({ next_change: { plan: { slug: 'hobbyist' }, starts_at: '2026-10-01T00:00:00.000Z' } });

    // Keeping Pro (the membership screen's "Keep Pro") drops the scheduled change: the preview says "keep", and
    // subscribing to the plan as it is does it, with nothing charged (it used to answer "already subscribed").
    const keep = { plan_id: planIds.pro, frequency: 'monthly', seats: 1 };
    expect((await client.post('/api/user/plan-preview', keep)).json().data).toMatchObject({ kind: 'keep', charge_now: 0, payment: 'none' });
    const kept = await client.post('/api/user/subscribe', keep);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().message).toBe('Your plan is now Pro.');
    expect(await subscriptionOf(client)).toMatchObject({ next_change: null, plan: { slug: 'pro' } });
    expect((await client.get('/api/user/invoices')).json().data).toHaveLength(invoices.length);
    // With nothing scheduled, the same plan again is refused as before.
    expect((await client.post('/api/user/subscribe', keep)).json()).toMatchObject({ status: 201 });
    // Scheduled again, the downgrade happens at the renewal.
    await client.post('/api/user/update-plan', { plan: planIds.hobbyist, frequency: 'monthly' });

    clock.set('2026-10-01T00:30:00Z');
    await t.container.billing.sweep();
    const after = await signIn(t, 'upgrade@example.com');
    expect((await after.get('/api/user')).json().plan.slug).toBe('hobbyist');
    expect((await after.get('/api/user/invoices')).json().data[0]).toMatchObject({ kind: 'renewal', amount: 9, status: 'paid' });
  });

  it('charges an upgrade sent three times at once (a double click, a retry) once; the others are told to wait', async () => {
    clock.set('2026-09-01T00:00:00Z');
    let client = await subscribedUser('double-click@example.com');
    clock.set('2026-09-16T00:00:00Z');
    client = await signIn(t, 'double-click@example.com');
    const answers = await Promise.all([0, 1, 2].map(() => client.post('/api/user/update-plan', { plan: planIds.pro, frequency: 'monthly' })));
    const done = answers.filter((answer) => answer.statusCode === 200);
    expect(done).toHaveLength(1);
    expect(done[0]!.json().message).toBe('Your plan is now Pro.');
    for (const answer of answers.filter((a) => a !== done[0])) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe('A payment or plan change for your account is already in progress. Please wait a moment, then check your plan.');
    }
    const invoices = (await client.get('/api/user/invoices')).json().data as Array<{ kind: string; status: string; amount: number }>;
    expect(invoices.filter((invoice) => invoice.kind === 'proration')).toEqual([expect.objectContaining({ status: 'paid', amount: 25 })]);
    // The lease is given back: the next change goes through, and says so when there is nothing to do.
    const again = await client.post('/api/user/update-plan', { plan: planIds.pro, frequency: 'monthly' });
    expect(again.statusCode).not.toBe(409);
    // A lease held by another process blocks every purchase of the account; one left by a process that died lapses.
    const { id } = await t.container.database.db.selectFrom('users').select('id').where('email', '=', 'double-click@example.com').executeTakeFirstOrThrow();
    const lease = (until: number) => t.container.database.db.updateTable('billing_accounts').set({ purchase_lease_until: new Date(clock.now().getTime() + until) }).where('user_id', '=', id).execute();
    await lease(60_000);
    expect((await client.post('/api/user/subscription/cancel', {})).statusCode).toBe(409);
    await lease(-1);
    expect((await client.post('/api/user/subscription/cancel', {})).statusCode).toBe(200);
  });

  it('remembers the chosen plan with save-plan', async () => {
    clock.set('2026-09-02T00:00:00Z');
    await createTrialUser(t, { email: 'chooser@example.com' });
    const client = await signIn(t, 'chooser@example.com');
    const saved = await client.post('/api/user/save-plan', { plan_id: planIds.pro, frequency: 'yearly', seats: 2 });
    expect(saved.json().message).toBe('Your plan choice was saved.');
    expect((await subscriptionOf(client)).selected_plan).toEqual({ plan_id: planIds.pro, frequency: 'yearly', seats: 2 });
  });
});

describe('billing card', () => {
  it('validates holder name, number (Luhn), expiry (not past) and CVV with the spec messages', async () => {
    clock.set('2026-10-10T00:00:00Z');
    await createTrialUser(t, { email: 'card@example.com' });
    const client = await signIn(t, 'card@example.com');
    const empty = await client.post('/api/user/update-billing', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      card_name: ['Card Name is required'],
      card_number: ['Card Number is required'],
      expiry: ['Expiry is required'],
      cvv: ['Cvv is required'],
    });
    const wrong = await client.post('/api/user/update-billing', { card_name: 'X', card_number: '4242 4242 4242 4241', expiry: '09/26', cvv: '12' });
    expect(wrong.json().errors).toEqual({ card_number: ['The card number is not valid.'], expiry: ['The card has expired.'], cvv: ['The CVV is not valid.'] });
    client.locale = 'ar';
    const arabic = await client.post('/api/user/update-billing', { billing: {} });
    expect(arabic.json().errors.card_name).toEqual(['اسم حامل البطاقة مطلوب']);
    client.locale = null;
    client.cookies.delete('locale');
    const ok = await client.post('/api/user/update-billing', { billing: { card_name: 'Card Holder', card_number: '4242424242424242', expiry: '10/26', cvv: '123' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Your card was saved.', card: { brand: 'visa', last4: '4242', exp_month: 10, exp_year: 2026 } });
  });

  it('runs a 3-D Secure check of the saved card (POST /api/test3d)', async () => {
    clock.set('2026-10-11T00:00:00Z');
    await createTrialUser(t, { email: 'threeds@example.com' });
    const client = await signIn(t, 'threeds@example.com');
    expect((await client.post('/api/test3d', {})).json().message).toBe('Add a billing card first.');
    await client.post('/api/user/update-billing', card(SANDBOX_CARDS.authenticationFails));
    let start = (await client.post('/api/test3d', { token: 'x' })).json();
    let id = start.redirect_url.split('/').pop();
    await client.post(`/api/sandbox/checkout/${id}/pay`, {});
    expect((await returnFromCheckout(client, id)).message).toBe('Card authentication failed');

    await client.post('/api/user/update-billing', card(SANDBOX_CARDS.success));
    start = (await client.post('/api/test3d', {})).json();
    id = start.redirect_url.split('/').pop();
    // The check's page names the card as the payment management page does.
    expect((await client.get(`/api/sandbox/checkout/${id}`)).json().data).toMatchObject({ mode: 'authenticate', description: 'VISA •••• 4242' });
    await client.post(`/api/sandbox/checkout/${id}/pay`, {});
    expect(await returnFromCheckout(client, id)).toMatchObject({ status: 'paid', message: 'Your card passed the 3-D Secure check.' });
    expect((await subscriptionOf(client)).card.verified).toBe(true);
  });
});

describe('invoices', () => {
  it('downloads the PDF, only for its owner, and refuses to change an issued invoice', async () => {
    clock.set('2026-11-01T00:00:00Z');
    const client = await subscribedUser('pdf@example.com');
    const [invoice] = (await client.get('/api/user/invoices')).json().data;
    const download = await client.get(invoice.download_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(`${invoice.number}.pdf`);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    await createTrialUser(t, { email: 'snoop@example.com' });
    const other = await signIn(t, 'snoop@example.com');
    expect((await other.get(invoice.download_url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: invoice.download_url })).statusCode).toBe(401);

    await expect(t.container.database.db.updateTable('invoices').set({ amount: '1.00' }).where('id', '=', invoice.id).execute()).rejects.toThrow(/cannot be changed/);
    await expect(t.container.database.db.updateTable('invoices').set({ status: 'open' }).where('id', '=', invoice.id).execute()).rejects.toThrow(/cannot change state/);
  });
});

describe('the invoice says who sold and how it was paid', () => {
  it("keeps the admin's seller details and the card each invoice was paid with, as they were when it was issued and paid", async () => {
    clock.set('2026-11-02T00:00:00Z');
    await t.container.settings.update({
      invoice_seller_name: 'Lisan Translation Co.',
      invoice_seller_name_ar: 'شركة لسان للترجمة',
      invoice_seller_address: '12 King Fahd Road\nRiyadh 12345',
      invoice_seller_vat_number: '310123456700003',
    });
    const client = await subscribedUser('seller@example.com');
    const row = async (number: string) => t.container.database.db.selectFrom('invoices').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
    const [first] = (await client.get('/api/user/invoices')).json().data;
    const issued = await row(first.number);
    expect(issued.seller).toEqual({ name: 'Lisan Translation Co.', name_ar: 'شركة لسان للترجمة', address: '12 King Fahd Road\nRiyadh 12345', tax_id: '310123456700003' });
    // ZATCA's QR of this invoice names the seller in Arabic (invoice-pdf.test.ts reads it back from the PDF).
    expect(invoiceZatcaFields(issued)).toMatchObject({ sellerName: 'شركة لسان للترجمة', vatNumber: '310123456700003', total: Number(issued.amount).toFixed(2), vatTotal: '0.00' });
    expect(issued).toMatchObject({ paid_card_brand: 'visa', paid_card_last4: '4242' });
    // The list names the card as the PDF does (contract's `paid_card`, not the table's columns).
    expect(first.paid_card).toEqual({ brand: 'visa', last4: '4242' });
    expect(first).not.toHaveProperty('paid_card_brand');
    // Its line in both languages; the Arabic seats in the label form ("عدد المستخدمين: 1"), not "عدد المستخدمين 1".
    expect(first).toMatchObject({ description_en: 'Hobbyist plan, monthly, 1 seat', description_ar: 'باقة الهواة، اشتراك شهري، عدد المستخدمين: 1' });
    const pdf = await client.get(first.download_url);
    expect(pdf.statusCode).toBe(200);

    // Settings changed later do not change an issued invoice; an emptied one falls back to the environment's seller.
    await t.container.settings.update({ invoice_seller_name: '', invoice_seller_name_ar: '', invoice_seller_address: '', invoice_seller_vat_number: '' });
    expect((await row(first.number)).seller).toMatchObject({ name: 'Lisan Translation Co.', name_ar: 'شركة لسان للترجمة' });

    // A renewal charged on a card changed since names that card; the first invoice keeps its own.
    expect((await client.post('/api/user/update-billing', card('5555 5555 5555 4444'))).statusCode).toBe(200);
    clock.set('2026-12-02T00:00:01Z');
    await t.container.billing.sweep();
    const [renewal] = (await (await signIn(t, 'seller@example.com')).get('/api/user/invoices')).json().data;
    expect(renewal.kind).toBe('renewal');
    const renewed = await row(renewal.number);
    expect(renewed).toMatchObject({ status: 'paid', paid_card_brand: 'mastercard', paid_card_last4: '4444' });
    expect(renewal.paid_card).toEqual({ brand: 'mastercard', last4: '4444' });
    expect(renewed.seller).toEqual({ name: t.container.config.billing.sellerName, address: t.container.config.billing.sellerAddress });
    expect(await row(first.number)).toMatchObject({ paid_card_brand: 'visa', paid_card_last4: '4242' });
    await expect(t.container.database.db.updateTable('invoices').set({ paid_card_last4: '0000' }).where('number', '=', first.number).execute()).rejects.toThrow(/its card cannot be changed/);
  });
});

describe('team seats follow the subscription', () => {
  const teamOf = async (client: TestClient) => (await client.get('/api/team')).json().data;
  /** Invites the address and accepts with a new account (the link from the queued mail). */
  async function join(owner: TestClient, email: string) {
    expect((await owner.post('/api/team/invite', { email })).statusCode).toBe(200);
    const [mail] = (await queuedMails(t, { to: email })).slice(-1);
    const token = new URL(mail.data.link).searchParams.get('token');
    const created = await t.client().post('/api/create-user', { token, name: 'Member', password: 'password123', password_confirmation: 'password123' });
    expect(created.statusCode, created.body).toBe(201);
  }

  it('sizes the team from the seats bought, and resizes it on upgrade, renewal and overdue downgrade', async () => {
    clock.set('2027-01-04T10:00:00Z');
    await createTrialUser(t, { email: 'seats-owner@example.com' });
    let client = await signIn(t, 'seats-owner@example.com');
    expect((await client.post('/api/user/update-billing', card(SANDBOX_CARDS.success))).statusCode).toBe(200);
    // Subscribe: 3 seats bought, so the team has 3 seats (not the plan's 5 included ones).
    expect((await client.post('/api/user/subscribe', { plan_id: planIds['start-up'], frequency: 'monthly', seats: 3 })).statusCode).toBe(200);
    expect((await client.post('/api/team', { name: 'Seats & Co' })).json().data.seats).toBe(3);
    await join(client, 's1@example.com');
    await join(client, 's2@example.com');
    const refused = await client.post('/api/team/invite', { email: 's3@example.com' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ type: 'seat_limit', message: 'All 3 seats of your plan are taken. Upgrade your plan or add seats to invite more members.' });

    // Change: more seats is an upgrade, applied (and prorated) now.
    clock.set('2027-01-19T10:00:00Z');
    client = await signIn(t, 'seats-owner@example.com');
    const up = await client.post('/api/user/update-plan', { plan_id: planIds['start-up'], frequency: 'monthly', seats: 6 });
    expect(up.statusCode, up.body).toBe(200);
    // The seats form's answer names the seats it changed, not the plan it kept ("Your plan is now Start-up.").
    expect(up.json().message).toBe('Your team plan now has 6 seats.');
    expect(await teamOf(client)).toMatchObject({ seats: 6 });
    await join(client, 's3@example.com');
    await join(client, 's4@example.com');

    // Fewer seats is a downgrade: the team keeps 6 until the renewal, then has 4.
    const down = await client.post('/api/user/update-plan', { plan_id: planIds['start-up'], frequency: 'monthly', seats: 4 });
    expect(down.json().message).toBe('Your team plan will have 4 seats from the next renewal on 4 February 2027.');
    client.locale = 'ar';
    const downAgain = await client.post('/api/user/update-plan', { plan_id: planIds['start-up'], frequency: 'monthly', seats: 4 });
    expect(downAgain.json().message).toBe('سيصبح عدد المستخدمين في باقة فريقك 4 بدءًا من التجديد القادم في 4 فبراير 2027.');
    client.locale = 'en';
    expect(await teamOf(client)).toMatchObject({ seats: 6 });
    clock.set('2027-02-04T10:30:00Z');
    await t.container.billing.sweep();
    client = await signIn(t, 'seats-owner@example.com');
    expect(await subscriptionOf(client)).toMatchObject({ seats: 4, status: 'active' });
    // Four seats for five people: nobody is dropped, but nobody more can be invited.
    expect(await teamOf(client)).toMatchObject({ seats: 4, seats_taken: 5 });
    expect((await client.post('/api/team/invite', { email: 's5@example.com' })).json()).toMatchObject({ type: 'seat_limit' });

    // A declined renewal keeps the seats while the invoice is overdue; the downgrade past the
    // grace period leaves the owner's seat only.
    expect((await client.post('/api/user/update-billing', card(SANDBOX_CARDS.declineLater))).statusCode).toBe(200);
    clock.set('2027-03-04T10:30:00Z');
    await t.container.billing.sweep();
    client = await signIn(t, 'seats-owner@example.com');
    expect(await subscriptionOf(client)).toMatchObject({ status: 'past_due' });
    expect(await teamOf(client)).toMatchObject({ seats: 4 });
    clock.set('2027-03-18T10:31:00Z');
    await t.container.billing.sweep();
    client = await signIn(t, 'seats-owner@example.com');
    expect(await subscriptionOf(client)).toMatchObject({ status: 'trial_expired', downgraded: expect.any(Object) });
    const downgraded = await teamOf(client);
    expect(downgraded).toMatchObject({ seats: 1, seats_taken: 5 });
    expect((await client.post('/api/team/invite', { email: 's5@example.com' })).json()).toMatchObject({ type: 'seat_limit' });

    // Subscribing again through the hosted checkout gives the team the seats bought.
    await t.container.database.db.deleteFrom('payment_cards').where('user_id', '=', (await client.get('/api/user')).json().id).execute();
    const again = await client.post('/api/user/subscribe', { plan_id: planIds['start-up'], frequency: 'monthly', seats: 6 });
    const sessionId = again.json().checkout_url.split('/').pop();
    expect((await client.post(`/api/sandbox/checkout/${sessionId}/pay`, card(SANDBOX_CARDS.success))).statusCode).toBe(200);
    expect((await returnFromCheckout(client, sessionId)).status).toBe('paid');
    expect(await teamOf(client)).toMatchObject({ seats: 6, seats_taken: 5 });
    expect((await client.post('/api/team/invite', { email: 's5@example.com' })).statusCode).toBe(200);
  });

  it('has a subscriber cancel their own plan before joining a team, then refuses them a plan that would change nothing', async () => {
    clock.set('2027-07-01T10:00:00Z');
    const member = await subscribedUser('own-plan-member@example.com');
    await createTrialUser(t, { email: 'own-plan-owner@example.com' });
    const owner = await signIn(t, 'own-plan-owner@example.com');
    expect((await owner.post('/api/user/update-billing', card(SANDBOX_CARDS.success))).statusCode).toBe(200);
    expect((await owner.post('/api/user/subscribe', { plan_id: planIds['start-up'], frequency: 'monthly', seats: 3 })).statusCode).toBe(200);
    expect((await owner.post('/api/team', { name: 'Own plans' })).statusCode).toBe(201);
    expect((await owner.post('/api/team/invite', { email: 'own-plan-member@example.com' })).statusCode).toBe(200);
    const [mail] = (await queuedMails(t, { to: 'own-plan-member@example.com' })).slice(-1);
    const token = new URL(mail.data.link).searchParams.get('token');
    // Their own Hobbyist would keep renewing for a plan they no longer use: they cancel it first.
    const refused = await member.post('/api/team/invitations/accept', { token });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("You pay for a plan of your own, which would keep renewing. Please cancel it on the membership page before joining the team; once you join, you use your team's plan.");
    expect((await member.post('/api/user/subscription/cancel', {})).statusCode).toBe(200);
    const accepted = await member.post('/api/team/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // The plan in force is the owner's; the amount is what the member's own Hobbyist charges, not Start-up's price.
    expect(await subscriptionOf(member)).toMatchObject({ plan: { slug: 'start-up' }, seats: 1, amount: 9 });
    // Buying, changing or previewing a plan of their own would charge them and change nothing they use.
    for (const url of ['/api/user/plan-preview', '/api/user/subscribe', '/api/user/update-plan']) {
      const answer = await member.post(url, { plan_id: planIds.pro, frequency: 'monthly', seats: 1 });
      expect(answer.statusCode, url).toBe(201);
      expect(answer.json().message).toBe("You are in a team, so you work under your team's plan. Only the team's owner can change it.");
    }
    member.locale = 'ar';
    expect((await member.post('/api/user/subscribe', { plan_id: planIds.pro, frequency: 'monthly' })).json().message).toBe('أنت عضو في فريق، لذا تستخدم باقة فريقك. ولا يمكن تغييرها إلا لمالك الفريق.');
    expect((await member.get('/api/user/invoices')).json().data).toHaveLength(1);
    // Nor can the canceled subscription be resumed: it would renew again for a plan they do not use.
    member.locale = 'en';
    const resumed = await member.post('/api/user/subscription/resume', {});
    expect(resumed.statusCode).toBe(201);
    expect(resumed.json().message).toBe("You are in a team, so you work under your team's plan: your own subscription cannot be resumed. It ends on its date.");

    // A member who joined before that rule, their own plan still renewing, is not charged again: at the period's end it ends.
    const memberId = Number((await member.get('/api/user')).json().id);
    await t.container.database.db.updateTable('subscriptions').set({ cancel_at_period_end: false }).where('user_id', '=', memberId).execute();
    clock.set('2027-08-01T10:00:01Z');
    await t.container.billing.sweep();
    const again = await signIn(t, 'own-plan-member@example.com');
    const invoices = (await again.get('/api/user/invoices')).json().data as Array<{ kind: string }>;
    expect(invoices.map((invoice) => invoice.kind)).toEqual(['subscription']);
    const own = await t.container.database.db.selectFrom('subscriptions').select(['status', 'end_reason']).where('user_id', '=', memberId).executeTakeFirstOrThrow();
    expect(own).toEqual({ status: 'ended', end_reason: 'canceled' });
    // Its mail says why it ended, and leads to the membership page rather than to choosing a plan.
    const [ended] = await queuedMails(t, { to: 'own-plan-member@example.com', kind: 'subscription_ended' });
    const endedMail = renderMail(ended!);
    expect(endedMail.text).toMatch(/you now work under your team's plan|تعمل الآن ضمن باقة فريقك/);
    expect(endedMail.text).not.toMatch(/as you asked|كما طلبت/);
    expect(endedMail.text).toMatch(/Open the membership page|فتح صفحة العضوية/);
    // Still on the team's plan.
    expect(await subscriptionOf(again)).toMatchObject({ plan: { slug: 'start-up' } });
  });

  it("refuses an administrator a plan of their own: buying, changing, previewing, a checkout and resuming; canceling and the admin area's grant stay", async () => {
    clock.set('2027-09-01T10:00:00Z');
    const ADMIN_PLAN = "An administrator's account buys no plan. You can change your own account's plan in the admin area.";
    const adminRow = await createTrialUser(t, { email: 'buyer-admin@example.com', roleId: 1 });
    const admin = await signIn(t, 'buyer-admin@example.com');
    // With a saved card, a subscription would be charged at once (200) were it not refused.
    expect((await admin.post('/api/user/update-billing', card(SANDBOX_CARDS.success))).statusCode).toBe(200);
    const choice = { plan_id: planIds.pro, frequency: 'monthly', seats: 1 };
    for (const url of ['/api/user/plan-preview', '/api/user/subscribe', '/api/user/update-plan']) {
      const answer = await admin.post(url, choice);
      expect(answer.statusCode, url).toBe(201);
      expect(answer.json(), url).toEqual({ status: 201, message: ADMIN_PLAN });
    }
    const checkout = await admin.get(`/api/hyperpay/checkout?plan_id=${planIds.pro}&frequency=monthly`);
    expect(checkout.statusCode).toBe(201);
    expect(checkout.json()).toEqual({ status: 201, message: ADMIN_PLAN });
    admin.locale = 'ar';
    const arabic = await admin.post('/api/user/subscribe', choice);
    expect(arabic.statusCode).toBe(201);
    expect(arabic.json().message).toBe('لا تُشترى باقة لحساب المسؤول. ويمكنك تغيير باقة حسابك من لوحة الإدارة.');
    admin.locale = 'en';
    // Nothing was bought or started: no invoice, no checkout, still the trial.
    expect((await admin.get('/api/user/invoices')).json().data).toEqual([]);
    expect(await t.container.database.db.selectFrom('checkouts').select('id').where('user_id', '=', adminRow.id).execute()).toEqual([]);
    expect(await subscriptionOf(admin)).toMatchObject({ status: 'trial', plan: { slug: 'free-trial' }, source: null });
    // Remembering a pick buys nothing (the membership page saves it from ?plan=): not refused.
    expect((await admin.post('/api/user/save-plan', choice)).statusCode).toBe(200);

    // An admin whose account still has a paid subscription (bought before this rule): canceling it
    // is the way out and stays; resuming it, which would have it renew (charged) again, is refused.
    await subscribeInDatabase(t, 'buyer-admin@example.com', { plan: 'hobbyist' });
    expect((await admin.post('/api/user/update-plan', choice)).json()).toEqual({ status: 201, message: ADMIN_PLAN });
    const canceled = await admin.post('/api/user/subscription/cancel', {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    const resumed = await admin.post('/api/user/subscription/resume', {});
    expect(resumed.statusCode).toBe(201);
    expect(resumed.json().message).toBe(ADMIN_PLAN);
    expect(await subscriptionOf(admin)).toMatchObject({ status: 'active', source: 'paid', cancellation: expect.anything() });

    // The admin area gives the admin's own account a plan, free of charge.
    const granted = await admin.post('/api/admin/user-plan', { user_id: adminRow.id, plan_id: planIds.pro });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await subscriptionOf(admin)).toMatchObject({ status: 'active', source: 'admin', amount: 0, plan: { slug: 'pro' } });
  });

  it("carries an administrator's paid subscription on as a grant at its renewal: no invoice, no charge, the same plan", async () => {
    clock.set('2027-10-01T10:00:00Z');
    await createTrialUser(t, { email: 'promoted-admin@example.com', roleId: 1 });
    const admin = await signIn(t, 'promoted-admin@example.com');
    // A subscription bought before the account became an administrator's, with a saved card.
    await subscribeInDatabase(t, 'promoted-admin@example.com', { plan: 'hobbyist' });
    const before = await subscriptionOf(admin);
    expect(before).toMatchObject({ status: 'active', source: 'paid', plan: { slug: 'hobbyist' } });
    const invoicesBefore = (await admin.get('/api/user/invoices')).json().data.length;

    clock.set(new Date(new Date(before.expires_at).getTime() + 3_600_000).toISOString());
    await t.container.billing.sweep();
    await t.container.billing.sweep();
    const again = await signIn(t, 'promoted-admin@example.com');
    const after = await subscriptionOf(again);
    expect(after).toMatchObject({ status: 'active', source: 'admin', amount: 0, plan: { slug: 'hobbyist' } });
    expect(new Date(after.expires_at).getTime()).toBeGreaterThan(new Date(before.expires_at).getTime());
    expect((await again.get('/api/user/invoices')).json().data).toHaveLength(invoicesBefore);
  });

  it("renews an admin's grant free of charge, and a plan bought replaces it", async () => {
    clock.set('2027-04-01T10:00:00Z');
    const granted = await createTrialUser(t, { email: 'granted@example.com' });
    await createTrialUser(t, { email: 'billing-admin@example.com', roleId: 1 });
    const admin = await signIn(t, 'billing-admin@example.com');
    expect((await admin.post('/api/admin/user-plan', { user_id: granted.id, plan_id: planIds['start-up'], seats: 8 })).statusCode).toBe(200);
    let client = await signIn(t, 'granted@example.com');
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', source: 'admin', amount: 0, seats: 8, trial: null, expires_at: '2027-05-01T10:00:00.000Z' });
    expect((await client.post('/api/team', { name: 'Granted' })).json().data.seats).toBe(8);

    clock.set('2027-05-01T10:30:00Z');
    await t.container.billing.sweep();
    client = await signIn(t, 'granted@example.com');
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', source: 'admin', seats: 8, expires_at: '2027-06-01T10:00:00.000Z' });
    expect((await client.get('/api/user/invoices')).json().data).toEqual([]);

    // Buying replaces the grant with a paid subscription from now, with the seats bought.
    expect((await client.post('/api/user/update-billing', card(SANDBOX_CARDS.success))).statusCode).toBe(200);
    const bought = await client.post('/api/user/update-plan', { plan_id: planIds['start-up'], frequency: 'yearly', seats: 2 });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', source: 'paid', seats: 2, frequency: 'yearly', amount: 580 });
    expect((await client.get('/api/team')).json().data).toMatchObject({ seats: 2 });
  });
});

describe('billing job', () => {
  it('is scheduled with cron in worker processes', async () => {
    const worker = await createTestApp({ startQueue: true });
    try {
      const schedules = await worker.container.queue.boss.getSchedules();
      expect(schedules.find((s) => s.name === 'billing-sweep')).toMatchObject({ cron: BILLING_SWEEP_CRON });
    } finally {
      await worker.close();
    }
  });
});
