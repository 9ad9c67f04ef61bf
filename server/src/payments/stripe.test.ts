import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createTrialUser, signIn, signInRoute, testClock } from '../../test/billing-fixtures';
import { startStripeStandIn, type StripeStandIn } from '../../test/stand-ins/stripe';
import { createStripeGateway } from './stripe';

const clock = testClock('2026-03-01T10:00:00Z');
let stripe: StripeStandIn;
let t: TestApp;
let planIds: Record<string, number>;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: 'sk_test_lisan', webhookSecret: 'whsec_lisan' });
  t = await createTestApp({
    role: 'api',
    startQueue: true,
    env: { STRIPE_SECRET_KEY: 'sk_test_lisan', STRIPE_WEBHOOK_SECRET: 'whsec_lisan', STRIPE_API_URL: stripe.url, APP_URL: 'https://lisan.example' },
    overrides: { now: clock.now },
    extend: signInRoute,
  });
  await t.container.settings.update({ payment_gateway: 'stripe' });
  planIds = Object.fromEntries((await t.container.database.db.selectFrom('plans').select(['id', 'slug']).execute()).map((p) => [p.slug, p.id]));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function startCheckout(email: string, plan = 'hobbyist') {
  await createTrialUser(t, { email });
  const client = await signIn(t, email);
  const response = await client.post('/api/user/subscribe', { plan_id: planIds[plan], frequency: 'monthly' });
  expect(response.statusCode, response.body).toBe(200);
  const url: string = response.json().checkout_url;
  const sessionId = url.split('/').pop()!;
  return { client, sessionId, url };
}

const invoicesOf = async (email: string) => (await (await signIn(t, email)).get('/api/user/invoices')).json().data;

describe('Stripe adapter against a stand-in speaking the Stripe API', () => {
  it('creates a Checkout Session with form-encoded fields, a customer, and saves the card for off-session use', async () => {
    const { url, sessionId } = await startCheckout('stripe-buyer@example.com');
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const create = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(create.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(create.headers['idempotency-key']).toMatch(/^checkout-/);
    expect(create.headers['stripe-version']).toBeTruthy();
    expect(create.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '900',
      'payment_intent_data[setup_future_usage]': 'off_session',
      success_url: expect.stringMatching(/^https:\/\/lisan\.example\/checkout\/return\?checkout=[\w-]+&session_id=\{CHECKOUT_SESSION_ID\}$/),
      cancel_url: 'https://lisan.example/user/membership',
    });
    expect(create.form.customer).toMatch(/^cus_/);
    expect(stripe.requests.find((r) => r.path === '/v1/customers')!.form).toMatchObject({ email: 'stripe-buyer@example.com' });
  });

  it('completes the return (session_id) by asking Stripe, once, and keeps only the payment method id, brand, last four and expiry', async () => {
    const { client, sessionId } = await startCheckout('stripe-return@example.com');
    const early = await client.post('/api/checkout-auth', { session_id: sessionId });
    expect(early.json().status).toBe('open');
    stripe.pay(sessionId, '4242424242424242');
    const paid = await client.post('/api/checkout-auth', { session_id: sessionId });
    expect(paid.json()).toMatchObject({ status: 'paid', message: 'Your subscription to Hobbyist is active.' });
    const retrieve = stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`).pop()!;
    expect([...retrieve.query.values()]).toContain('payment_intent.payment_method');
    await client.post('/api/checkout-auth', { session_id: sessionId });
    expect(await invoicesOf('stripe-return@example.com')).toHaveLength(1);
    const card = await t.container.database.db.selectFrom('payment_cards').selectAll().innerJoin('users', 'users.id', 'payment_cards.user_id').where('email', '=', 'stripe-return@example.com').executeTakeFirstOrThrow();
    expect(card).toMatchObject({ gateway: 'stripe', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    expect(card.token).toMatch(/^pm_/);
  });

  it('accepts signed webhooks, refuses bad signatures, and ignores a replayed event', async () => {
    const { sessionId } = await startCheckout('stripe-hook@example.com', 'pro');
    const session = stripe.pay(sessionId, '4242424242424242');
    const { payload, header } = stripe.signedEvent('checkout.session.completed', session);
    const post = (signature: string, body = payload) =>
      t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

    const forged = await post(header.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`));
    expect(forged.statusCode).toBe(400);
    const tampered = await post(header, payload.replace('"livemode":false', '"livemode":true'));
    expect(tampered.statusCode).toBe(400);

    const first = await post(header);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await post(header);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // The webhook activated the plan before the shopper came back; the return changes nothing.
    const client = await signIn(t, 'stripe-hook@example.com');
    expect((await client.get('/api/user')).json().plan.slug).toBe('pro');
    expect((await client.post('/api/checkout-auth', { session_id: sessionId })).json().status).toBe('paid');
    expect(await invoicesOf('stripe-hook@example.com')).toHaveLength(1);
  });

  it('reads the four checkout events it acts on, and names any other event type as ignored', () => {
    const gateway = createStripeGateway({ secretKey: 'sk_test_lisan', webhookSecret: 'whsec_lisan', apiUrl: stripe.url });
    const parsed = (type: string) => {
      const { event, payload, header } = stripe.signedEvent(type, { id: 'cs_test_1', object: 'checkout.session' });
      const { id, ...rest } = gateway.parseWebhook!(Buffer.from(payload), { 'stripe-signature': header });
      expect(id).toBe(event.id);
      return rest;
    };
    expect(parsed('checkout.session.completed')).toEqual({ type: 'checkout.completed', gatewayRef: 'cs_test_1' });
    expect(parsed('checkout.session.async_payment_succeeded')).toEqual({ type: 'checkout.completed', gatewayRef: 'cs_test_1' });
    expect(parsed('checkout.session.expired')).toEqual({ type: 'checkout.failed', gatewayRef: 'cs_test_1' });
    expect(parsed('checkout.session.async_payment_failed')).toEqual({ type: 'checkout.failed', gatewayRef: 'cs_test_1' });
    expect(parsed('customer.created')).toEqual({ type: 'ignored', original: 'customer.created' });
  });

  it('renews off-session with the saved card and an idempotency key, and a declined renewal goes overdue', async () => {
    clock.set('2026-04-01T10:00:00Z');
    const good = await startCheckout('stripe-renew@example.com');
    stripe.pay(good.sessionId, '4242424242424242');
    await good.client.post('/api/checkout-auth', { session_id: good.sessionId });
    const bad = await startCheckout('stripe-decline@example.com');
    stripe.pay(bad.sessionId, '4000000000000341');
    await bad.client.post('/api/checkout-auth', { session_id: bad.sessionId });

    clock.set('2026-05-01T10:00:01Z');
    await t.container.billing.sweep();
    const charges = stripe.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(charges.filter((c) => c.form.amount === '900').length).toBeGreaterThanOrEqual(2);
    for (const charge of charges) {
      expect(charge.form).toMatchObject({ off_session: 'true', confirm: 'true', currency: 'usd' });
      expect(charge.form.customer).toMatch(/^cus_/);
      expect(charge.form.payment_method).toMatch(/^pm_/);
      expect(charge.headers['idempotency-key']).toMatch(/^INV-\d{6}-1$/);
    }
    expect((await invoicesOf('stripe-renew@example.com'))[0]).toMatchObject({ kind: 'renewal', status: 'paid' });
    expect((await invoicesOf('stripe-decline@example.com'))[0]).toMatchObject({ kind: 'renewal', status: 'overdue' });
    const capture = await (await signIn(t, 'stripe-decline@example.com')).post('/api/user/pending-invoice/capture', {});
    expect(capture.statusCode).toBe(201);
    const retried = stripe.requests.filter((r) => r.path === '/v1/payment_intents').pop()!;
    expect(retried.headers['idempotency-key']).toMatch(/-2$/);
  });

  it('a renewal charge Stripe took but whose answer was lost is settled by the next sweep with the same idempotency key: charged once', async () => {
    clock.set('2026-04-20T10:00:00Z');
    const buyer = await startCheckout('stripe-lost-answer@example.com');
    stripe.pay(buyer.sessionId, '4242424242424242');
    await buyer.client.post('/api/checkout-auth', { session_id: buyer.sessionId });
    const { id: userId } = await t.container.database.db.selectFrom('users').select('id').where('email', '=', 'stripe-lost-answer@example.com').executeTakeFirstOrThrow();
    const ours = (r: { path: string; form: Record<string, string> }) => r.path === '/v1/payment_intents' && r.form['metadata[user_id]'] === String(userId);
    // The charge is made, its answer lost, and so is the answer to the client's own retry.
    stripe.interceptAnswers(ours, 'drop', 2);
    clock.set('2026-05-20T10:00:01Z');
    await t.container.billing.sweep();
    expect((await invoicesOf('stripe-lost-answer@example.com'))[0]).toMatchObject({ kind: 'renewal', status: 'open' });

    clock.set('2026-05-20T10:15:00Z');
    await t.container.billing.sweep();
    await t.container.billing.sweep();
    const invoices = await invoicesOf('stripe-lost-answer@example.com');
    expect(invoices.map((i: { kind: string; status: string }) => `${i.kind}:${i.status}`)).toEqual(['renewal:paid', 'subscription:paid']);
    const charges = stripe.requests.filter(ours);
    expect(charges.length).toBe(3);
    expect(new Set(charges.map((c) => c.headers['idempotency-key']))).toEqual(new Set([`${invoices[0].number}-1`]));
    const customer = charges[0]!.form.customer;
    const renewalIntents = [...stripe.intents.values()].filter((intent) => intent.customer === customer && intent.description === `Lisan ${invoices[0].number}`);
    expect(renewalIntents).toHaveLength(1);
  });

  it('saves a card typed on the card screen as an attached payment method, and starts a 3-D Secure check', async () => {
    clock.set('2026-06-01T10:00:00Z');
    await createTrialUser(t, { email: 'stripe-card@example.com' });
    const client = await signIn(t, 'stripe-card@example.com');
    const declined = await client.post('/api/user/update-billing', { card_name: 'A', card_number: '4000000000000002', expiry: '12/30', cvv: '123' });
    expect(declined.statusCode).toBe(422);
    expect(declined.json().errors.card_number).toEqual(['Your card was declined.']);
    const saved = await client.post('/api/user/update-billing', { card_name: 'Amal', card_number: '4000 0000 0000 3220', expiry: '12/30', cvv: '123' });
    expect(saved.statusCode, saved.body).toBe(200);
    const created = stripe.requests.filter((r) => r.path === '/v1/payment_methods').pop()!;
    expect(created.form).toMatchObject({ type: 'card', 'card[number]': '4000000000003220', 'card[exp_month]': '12', 'card[exp_year]': '2030', 'billing_details[name]': 'Amal' });
    expect(stripe.requests.some((r) => /^\/v1\/payment_methods\/pm_\w+\/attach$/.test(r.path))).toBe(true);
    const threeDs = await client.post('/api/test3d', {});
    expect(threeDs.json().redirect_url).toMatch(/^https:\/\/hooks\.stripe\.test\/3d_secure_2\/authenticate\/seti_/);
  });

  it('reports an unreachable or misconfigured Stripe as 503 with error_codes, never a stack trace', async () => {
    const broken = await createTestApp({ role: 'api', startQueue: true, env: { STRIPE_SECRET_KEY: 'sk_test_wrong', STRIPE_API_URL: stripe.url }, extend: signInRoute });
    try {
      await broken.container.settings.update({ payment_gateway: 'stripe' });
      await createTrialUser(broken, { email: 'broken@example.com' });
      const client = await signIn(broken, 'broken@example.com');
      const response = await client.post('/api/user/subscribe', { plan_id: planIds.hobbyist, frequency: 'monthly' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The payment service is unavailable. Please try again later.', error_codes: ['The payment service is unavailable. Please try again later.'] });
    } finally {
      await broken.close();
    }
  });
});
