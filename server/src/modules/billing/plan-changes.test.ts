// Billing trust (issue 14): a plan change is previewed before anything is charged, and a
// subscription can be canceled at period end and resumed, with the e-mails and the effect
// on invoices and seats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { createTrialUser, queuedMails, signIn, signInRoute, testClock } from '../../../test/billing-fixtures';
import { renderMail } from '../../mail/mailer';
import { SANDBOX_CARDS } from '../../payments/sandbox';
// The membership page's own date formatter (web/src/features/billing/membership-page.tsx).
import { formatDate } from '../../../../web/src/i18n/format';

const clock = testClock();
let t: TestApp;
let planIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({ role: 'api', startQueue: true, overrides: { now: clock.now }, extend: signInRoute });
  const plans = await t.container.database.db.selectFrom('plans').select(['id', 'slug']).execute();
  planIds = Object.fromEntries(plans.map((p) => [p.slug, p.id]));
});
afterAll(() => t.close());

/** A trial user who bought `plan` through the sandbox checkout (the card is saved). */
async function subscribed(email: string, plan: string, extra: { seats?: number; locale?: 'en' | 'ar' } = {}): Promise<TestClient> {
  await createTrialUser(t, { email, locale: extra.locale });
  const client = await signIn(t, email);
  const subscribe = await client.post('/api/user/subscribe', { plan_id: planIds[plan], frequency: 'monthly', seats: extra.seats ?? 1 });
  expect(subscribe.statusCode, subscribe.body).toBe(200);
  const sessionId = String(subscribe.json().checkout_url).split('/').pop()!;
  const pay = await client.post(`/api/sandbox/checkout/${sessionId}/pay`, { card_name: 'Layla Ahmad', card_number: SANDBOX_CARDS.success, expiry: '12/30', cvv: '123' });
  expect(pay.statusCode, pay.body).toBe(200);
  expect((await client.post('/api/checkout-auth', { session_id: sessionId })).json().status).toBe('paid');
  return client;
}

const invoicesOf = async (client: TestClient) => (await client.get('/api/user/invoices')).json().data as Array<{ kind: string; amount: number }>;
const subscriptionOf = async (client: TestClient) => (await client.get('/api/user/subscription')).json().data.data;

describe('POST /api/user/plan-preview', () => {
  it('tells a trial user what a first purchase charges, when it renews, and that the trial days left end', async () => {
    clock.set('2026-03-01T09:00:00Z');
    await createTrialUser(t, { email: 'preview-trial@example.com' });
    clock.set('2026-03-03T09:00:00Z'); // 5 trial days left
    const client = await signIn(t, 'preview-trial@example.com');
    const preview = await client.post('/api/user/plan-preview', { plan_id: planIds.hobbyist, frequency: 'monthly' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      kind: 'subscribe',
      plan: { id: planIds.hobbyist, name_en: 'Hobbyist' },
      charge_now: 9,
      payment: 'checkout',
      takes_effect_at: '2026-03-03T09:00:00.000Z',
      renews_at: '2026-04-03T09:00:00.000Z',
      renewal_amount: 9,
      trial_days_left: 5,
    });
    expect(await invoicesOf(client)).toEqual([]); // a preview charges nothing
  });

  it('prorates an upgrade on the saved card, schedules a downgrade, and prices extra seats, all without charging', async () => {
    clock.set('2026-05-01T00:00:00Z');
    await subscribed('preview-paid@example.com', 'hobbyist');
    clock.set('2026-05-16T12:00:00Z'); // half of May left
    const client = await signIn(t, 'preview-paid@example.com'); // sessions follow the moved clock
    const up = (await client.post('/api/user/plan-preview', { plan_id: planIds.pro, frequency: 'monthly' })).json().data;
    expect(up).toMatchObject({ kind: 'upgrade', charge_now: 25, payment: 'saved_card', renews_at: '2026-06-01T00:00:00.000Z', renewal_amount: 59, trial_days_left: null });
    const down = (await client.post('/api/user/plan-preview', { plan_id: planIds.hobbyist, frequency: 'monthly' })).json().data;
    expect(down).toMatchObject({ kind: 'unchanged', charge_now: 0 });
    expect(await invoicesOf(client)).toHaveLength(1); // only the first purchase

    // The preview and the real charge agree.
    const change = await client.post('/api/user/update-plan', { plan: planIds.pro, frequency: 'monthly' });
    expect(change.statusCode, change.body).toBe(200);
    expect((await invoicesOf(client))[0]).toMatchObject({ kind: 'proration', amount: 25 });
    const back = (await client.post('/api/user/plan-preview', { plan_id: planIds.hobbyist, frequency: 'monthly' })).json().data;
    expect(back).toMatchObject({ kind: 'downgrade', charge_now: 0, takes_effect_at: '2026-06-01T00:00:00.000Z', renewal_amount: 9 });
  });

  it('prices more seats on a team plan, prorated', async () => {
    clock.set('2026-06-01T00:00:00Z');
    await subscribed('preview-seats@example.com', 'start-up', { seats: 2 });
    clock.set('2026-06-16T00:00:00Z'); // 15 of 30 days left
    const client = await signIn(t, 'preview-seats@example.com');
    const more = (await client.post('/api/user/plan-preview', { plan_id: planIds['start-up'], frequency: 'monthly', seats: 4 })).json().data;
    expect(more).toMatchObject({ kind: 'upgrade', seats: 4, charge_now: 29, renewal_amount: 116 }); // (4 - 2) * 29 * 15/30
  });

  it('validates its input with the error envelope', async () => {
    await createTrialUser(t, { email: 'preview-bad@example.com' });
    const client = await signIn(t, 'preview-bad@example.com');
    const bad = await client.post('/api/user/plan-preview', { plan_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.plan_id).toBeDefined();
    const guest = await t.client().post('/api/user/plan-preview', { plan_id: planIds.pro });
    expect(guest.statusCode).toBe(401);
  });
});

describe('cancel at period end and resume', () => {
  it.each(['en', 'ar'] as const)('names the end day as the membership page does, in the answer and the e-mail (%s)', async (locale) => {
    // Bought late in the UTC day: the renewal is at 23:30 UTC, already the next day east of UTC.
    clock.set('2026-11-29T23:30:00Z');
    const client = await subscribed(`cancel-agree-${locale}@example.com`, 'hobbyist', { locale });
    client.locale = locale;
    const cancel = await client.post('/api/user/subscription/cancel', {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { cancellation, expires_at } = await subscriptionOf(client);
    expect(cancellation.ends_at).toBe('2026-12-29T23:30:00.000Z');
    // What the membership page shows for the cancellation (its `endsAt`), written by the web app's formatter.
    const shown = formatDate(cancellation.ends_at ?? expires_at, locale);
    expect(shown).toBe(locale === 'en' ? '29 December 2026' : '29 ديسمبر 2026');
    expect(cancel.json().message).toContain(shown);
    const [mail] = await queuedMails(t, { to: `cancel-agree-${locale}@example.com`, kind: 'subscription_canceled' });
    expect(renderMail(mail).text).toContain(shown);
  });

  it('keeps the plan to the end of the period, e-mails the date, resumes, and then ends with no new invoice', async () => {
    clock.set('2026-07-01T00:00:00Z');
    await subscribed('cancel@example.com', 'hobbyist', { locale: 'ar' });
    clock.set('2026-07-10T00:00:00Z');
    const client = await signIn(t, 'cancel@example.com');
    const cancel = await client.post('/api/user/subscription/cancel', {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The date as a reader of that language writes it (the caller here reads English), never ISO.
    expect(cancel.json().message).toContain('1 August 2026');
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', cancellation: { ends_at: '2026-08-01T00:00:00.000Z' } });
    const canceledMail = await queuedMails(t, { to: 'cancel@example.com', kind: 'subscription_canceled' });
    expect(canceledMail).toHaveLength(1);
    expect(renderMail(canceledMail[0]).subject).toContain('أُلغي اشتراكك');
    expect(JSON.stringify(renderMail(canceledMail[0]))).toContain('1 أغسطس 2026');
    expect(JSON.stringify(renderMail(canceledMail[0]))).not.toContain('2026-08-01');
    // The plan goes on until then: the button opens the membership page (where it is resumed), not "choose a plan".
    expect(renderMail(canceledMail[0]).text).toContain('فتح صفحة العضوية:\nhttp');
    expect((await client.post('/api/user/subscription/cancel', {})).statusCode).toBe(201); // already canceled: refused with a message

    const resume = await client.post('/api/user/subscription/resume', {});
    expect(resume.statusCode, resume.body).toBe(200);
    expect((await subscriptionOf(client)).cancellation).toBeNull();
    const resumedMail = await queuedMails(t, { to: 'cancel@example.com', kind: 'subscription_resumed' });
    expect(resumedMail).toHaveLength(1);
    expect(renderMail(resumedMail[0]).text).toContain('فتح صفحة العضوية:\nhttp');

    expect((await client.post('/api/user/subscription/cancel', {})).statusCode).toBe(200);
    clock.set('2026-08-01T00:30:00Z');
    await t.container.billing.sweep();
    await t.container.billing.sweep();
    const after = await signIn(t, 'cancel@example.com');
    expect(await invoicesOf(after)).toHaveLength(1); // no renewal invoice
    expect((await after.get('/api/user')).json().plan).toMatchObject({ slug: 'free-trial' });
    expect(await subscriptionOf(after)).toMatchObject({ status: 'trial_expired', cancellation: null });
    const endedMail = await queuedMails(t, { to: 'cancel@example.com', kind: 'subscription_ended' });
    expect(endedMail).toHaveLength(1);
    // One seat: nothing said of team seats.
    expect(renderMail(endedMail[0]!).text).toContain('بنهاية فترته المدفوعة كما طلبت. يمكنك الاشتراك مجددًا');
    expect(renderMail(endedMail[0]!).text).not.toContain('المستخدمين في الفريق');
    expect((await after.post('/api/user/subscription/resume', {})).statusCode).toBe(201);
  });

  it('refuses to cancel without a subscription, and needs a session', async () => {
    await createTrialUser(t, { email: 'nosub@example.com' });
    const client = await signIn(t, 'nosub@example.com');
    const refused = await client.post('/api/user/subscription/cancel', {});
    expect(refused.statusCode).toBe(201);
    expect(refused.json().message).toBe('You have no subscription yet. Choose a plan to subscribe.');
    expect((await t.client().post('/api/user/subscription/cancel', {})).statusCode).toBe(401);
  });
});
