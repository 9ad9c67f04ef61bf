import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createTrialUser, signIn, signInRoute, testClock } from '../../test/billing-fixtures';
import { HYPERPAY_CARDS, startHyperPayStandIn, type HyperPayStandIn } from '../../test/stand-ins/hyperpay';
import { classifyResultCode } from './hyperpay';

const clock = testClock('2026-03-01T10:00:00Z');
let hyperpay: HyperPayStandIn;
let t: TestApp;
let planIds: Record<string, number>;

beforeAll(async () => {
  hyperpay = await startHyperPayStandIn({ accessToken: 'OGE4Mjk0MTc0YjdlY2IyODAxNGI5Njk5MjIwMDE1Y2N8c3k2S0pzVDg=', entityId: '8a8294174b7ecb28014b9699220015ca' });
  t = await createTestApp({
    role: 'api',
    startQueue: true,
    env: { HYPERPAY_URL: hyperpay.url, HYPERPAY_ACCESS_TOKEN: 'OGE4Mjk0MTc0YjdlY2IyODAxNGI5Njk5MjIwMDE1Y2N8c3k2S0pzVDg=', HYPERPAY_ENTITY_ID: '8a8294174b7ecb28014b9699220015ca' },
    overrides: { now: clock.now },
    extend: signInRoute,
  });
  await t.container.settings.update({ payment_gateway: 'hyperpay' });
  planIds = Object.fromEntries((await t.container.database.db.selectFrom('plans').select(['id', 'slug']).execute()).map((p) => [p.slug, p.id]));
});
afterAll(async () => {
  await t.close();
  await hyperpay.close();
});

async function prepare(email: string, plan = 'hobbyist') {
  await createTrialUser(t, { email });
  const client = await signIn(t, email);
  const response = await client.get(`/api/hyperpay/checkout?plan_id=${planIds[plan]}&frequency=monthly`);
  expect(response.statusCode, response.body).toBe(200);
  return { client, ...(response.json() as { checkout_id: string; script_url: string }) };
}

describe('HyperPay result codes', () => {
  it('classifies success, pending, 3-D Secure failures and declines', () => {
    expect(classifyResultCode('000.100.110')).toBe('success');
    expect(classifyResultCode('000.000.000')).toBe('success');
    expect(classifyResultCode('000.200.100')).toBe('pending');
    expect(classifyResultCode('100.390.112')).toBe('authentication_failed');
    expect(classifyResultCode('800.100.151')).toBe('declined');
    expect(classifyResultCode('800.100.152')).toBe('declined');
    expect(classifyResultCode('900.100.300')).toBe('error');
  });
});

describe('HyperPay COPYandPAY against a stand-in speaking the OPPWA API', () => {
  it('GET /api/hyperpay/checkout prepares a checkout server-to-server and returns its id and widget script', async () => {
    const { checkout_id, script_url } = await prepare('hp-prepare@example.com');
    expect(checkout_id).toMatch(/^[0-9A-F]{32}\.uat01-vm-tx04$/);
    expect(script_url).toBe(`${hyperpay.url}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(checkout_id)}`);
    const request = hyperpay.requests.find((r) => r.path === '/v1/checkouts')!;
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.form).toMatchObject({ entityId: '8a8294174b7ecb28014b9699220015ca', amount: '9.00', currency: 'USD', paymentType: 'DB', createRegistration: 'true', 'customer.email': 'hp-prepare@example.com' });
    // The widget loads from HyperPay's host: the pages' Content-Security-Policy allows it.
    const csp = String((await t.app.inject({ method: 'GET', url: '/checkout/hyperpay' })).headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${hyperpay.url}`);
  });

  it('POST /api/hyperpay-auth checks the result code, once, and keeps the registration id for renewals', async () => {
    const { client, checkout_id } = await prepare('hp-pay@example.com');
    const pending = await client.post('/api/hyperpay-auth', { id: checkout_id, path: `/v1/checkouts/${checkout_id}/payment` });
    expect(pending.json().status).toBe('open');
    const path = hyperpay.pay(checkout_id, HYPERPAY_CARDS.success);
    const paid = await client.post('/api/hyperpay-auth', { id: checkout_id, path });
    expect(paid.json()).toMatchObject({ status: 'paid', message: 'Your subscription to Hobbyist is active.' });
    expect((await client.post('/api/hyperpay-auth', { id: checkout_id, path })).json().status).toBe('paid');
    expect((await client.get('/api/user/invoices')).json().data).toHaveLength(1);
    const status = hyperpay.requests.filter((r) => r.method === 'GET' && r.path === path).pop()!;
    expect(status.query.get('entityId')).toBe('8a8294174b7ecb28014b9699220015ca');
    const card = await t.container.database.db.selectFrom('payment_cards').selectAll().innerJoin('users', 'users.id', 'payment_cards.user_id').where('email', '=', 'hp-pay@example.com').executeTakeFirstOrThrow();
    expect(card).toMatchObject({ gateway: 'hyperpay', brand: 'visa', last4: '0000', exp_month: 12, exp_year: 2030 });

    // Renewal: a merchant-initiated payment on the registration.
    clock.set('2026-04-01T10:00:01Z');
    await t.container.billing.sweep();
    const renewal = hyperpay.requests.find((r) => r.path === `/v1/registrations/${card.token}/payments`)!;
    expect(renewal.form).toMatchObject({ amount: '9.00', currency: 'USD', paymentType: 'DB', 'standingInstruction.mode': 'REPEATED', 'standingInstruction.type': 'UNSCHEDULED', 'standingInstruction.source': 'MIT' });
    expect((await (await signIn(t, 'hp-pay@example.com')).get('/api/user/invoices')).json().data[0]).toMatchObject({ kind: 'renewal', status: 'paid' });

    // The card is blocked later: the next renewal is declined and the invoice goes overdue.
    hyperpay.blockRegistration(card.token);
    clock.set('2026-05-01T10:00:01Z');
    await t.container.billing.sweep();
    expect((await (await signIn(t, 'hp-pay@example.com')).get('/api/user/invoices')).json().data[0]).toMatchObject({ kind: 'renewal', status: 'overdue' });
  });

  it('reports a declined card and a failed 3-D Secure check from their result codes', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const declined = await prepare('hp-decline@example.com');
    let path = hyperpay.pay(declined.checkout_id, HYPERPAY_CARDS.decline);
    expect((await declined.client.post('/api/hyperpay-auth', { id: declined.checkout_id, path })).json()).toMatchObject({ status: 'failed', reason: 'declined', message: 'Your card was declined.' });
    const threeDs = await prepare('hp-3ds@example.com');
    path = hyperpay.pay(threeDs.checkout_id, HYPERPAY_CARDS.authenticationFails);
    threeDs.client.locale = 'ar';
    expect((await threeDs.client.post('/api/hyperpay-auth', { id: threeDs.checkout_id, path })).json()).toMatchObject({
      status: 'failed',
      reason: 'authentication_failed',
      message: 'فشل التحقق من البطاقة',
      hint: 'يُرجى المحاولة مرة أخرى واستخدام بطاقة أخرى',
    });
  });

  it('never follows a result path that is not this checkout’s, nor another user’s checkout', async () => {
    const { client, checkout_id } = await prepare('hp-guard@example.com');
    hyperpay.pay(checkout_id, HYPERPAY_CARDS.success);
    const before = hyperpay.requests.length;
    const foreign = await client.post('/api/hyperpay-auth', { id: checkout_id, path: '/v1/registrations/X/payments' });
    expect(foreign.json()).toMatchObject({ status: 'failed' });
    expect(hyperpay.requests.length).toBe(before);
    await createTrialUser(t, { email: 'hp-other@example.com' });
    const other = await signIn(t, 'hp-other@example.com');
    expect((await other.post('/api/hyperpay-auth', { id: checkout_id, path: `/v1/checkouts/${checkout_id}/payment` })).statusCode).toBe(404);
  });

  it('tokenises a card typed on the card screen with POST /v1/registrations', async () => {
    await createTrialUser(t, { email: 'hp-card@example.com' });
    const client = await signIn(t, 'hp-card@example.com');
    const saved = await client.post('/api/user/update-billing', { card_name: 'Noura', card_number: HYPERPAY_CARDS.success, expiry: '03/29', cvv: '123' });
    expect(saved.statusCode, saved.body).toBe(200);
    const request = hyperpay.requests.filter((r) => r.path === '/v1/registrations').pop()!;
    expect(request.form).toMatchObject({ paymentBrand: 'VISA', 'card.number': HYPERPAY_CARDS.success, 'card.holder': 'Noura', 'card.expiryMonth': '03', 'card.expiryYear': '2029', 'card.cvv': '123' });
    const declined = await client.post('/api/user/update-billing', { card_name: 'Noura', card_number: HYPERPAY_CARDS.decline, expiry: '03/29', cvv: '123' });
    expect(declined.json().errors.card_number).toEqual(['Your card was declined.']);
  });
});
