import { createHmac, randomBytes } from 'node:crypto';
import { startStandIn, type Answer, type RecordedRequest } from './http';

/**
 * A stand-in for api.stripe.com speaking its wire format: form-encoded requests with
 * bracketed keys, Bearer secret keys, Idempotency-Key replays, JSON objects carrying their
 * `object` type, card errors as 402 {error: {type: "card_error", code, decline_code}}, and
 * webhook events signed with the Stripe-Signature scheme (t=<unix>,v1=<HMAC-SHA256>).
 * Test cards follow Stripe's: 4242… succeeds, 0002 is declined on attach, 0341 attaches
 * but off-session charges are declined, 3220 needs 3-D Secure.
 */
export async function startStripeStandIn(options: { secretKey: string; webhookSecret: string }) {
  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
  const customers = new Map<string, any>();
  const paymentMethods = new Map<string, any & { number: string }>();
  const sessions = new Map<string, any>();
  const intents = new Map<string, any>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const interceptions: Array<{ match: (request: RecordedRequest) => boolean; left: number; mode: 'hold' | 'drop'; reached: Array<() => void>; hits: number; release: Promise<void> }> = [];

  const cardError = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
    status: 402,
    body: { error: { type: 'card_error', code, decline_code: code === 'card_declined' ? 'generic_decline' : undefined, message, ...extra } },
  });
  const notFound = (what: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } } });
  const brandOf = (number: string) => (number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'unknown');
  const publicPm = ({ number: _n, ...pm }: any) => pm;

  function route(request: RecordedRequest) {
    const f = request.form;
    const parts = request.path.split('/').filter(Boolean); // ['v1', ...]
    const key = `${request.method} ${parts.slice(1).join('/')}`;
    if (request.method === 'POST' && key === 'POST customers') {
      const customer = { id: id('cus'), object: 'customer', email: f.email, name: f.name, metadata: { user_id: f['metadata[user_id]'] }, invoice_settings: { default_payment_method: null } };
      customers.set(customer.id, customer);
      return { body: customer };
    }
    if (request.method === 'POST' && parts[1] === 'customers' && parts[2]) {
      const customer = customers.get(parts[2]);
      if (!customer) return notFound('customer');
      if (f['invoice_settings[default_payment_method]']) customer.invoice_settings.default_payment_method = f['invoice_settings[default_payment_method]'];
      return { body: customer };
    }
    if (key === 'POST checkout/sessions') {
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: f.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: f.customer,
        client_reference_id: f.client_reference_id,
        metadata: { checkout_id: f['metadata[checkout_id]'] },
        amount_total: Number(f['line_items[0][price_data][unit_amount]']) * Number(f['line_items[0][quantity]']),
        currency: f['line_items[0][price_data][currency]'],
        success_url: f.success_url,
        cancel_url: f.cancel_url,
        payment_intent: null as string | null,
        url: '',
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { body: session };
    }
    if (request.method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
      const session = sessions.get(parts[3]);
      if (!session) return notFound('checkout.session');
      const expand = [...request.query.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
      if (session.payment_intent && expand.includes('payment_intent.payment_method')) {
        const intent = intents.get(session.payment_intent);
        return { body: { ...session, payment_intent: { ...intent, payment_method: publicPm(paymentMethods.get(intent.payment_method)) } } };
      }
      return { body: session };
    }
    if (key === 'POST payment_methods') {
      const number = f['card[number]'];
      const pm = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        customer: null,
        billing_details: { name: f['billing_details[name]'] ?? null },
        card: { brand: brandOf(number), last4: number.slice(-4), exp_month: Number(f['card[exp_month]']), exp_year: Number(f['card[exp_year]']), funding: 'credit' },
        number,
      };
      paymentMethods.set(pm.id, pm);
      return { body: publicPm(pm) };
    }
    if (request.method === 'POST' && parts[1] === 'payment_methods' && parts[3] === 'attach') {
      const pm = paymentMethods.get(parts[2]!);
      if (!pm) return notFound('payment_method');
      if (pm.number === '4000000000000002') return cardError('card_declined', 'Your card was declined.');
      pm.customer = f.customer;
      return { body: publicPm(pm) };
    }
    if (key === 'POST payment_intents') {
      const pm = paymentMethods.get(f.payment_method);
      if (!pm) return notFound('payment_method');
      const intent = { id: id('pi'), object: 'payment_intent', amount: Number(f.amount), currency: f.currency, customer: f.customer, payment_method: pm.id, status: 'succeeded', description: f.description };
      if (pm.customer !== f.customer) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'The provided PaymentMethod is not attached to this customer.' } } };
      if (pm.number === '4000000000000341' || pm.number === '4000000000000002') {
        intents.set(intent.id, { ...intent, status: 'requires_payment_method' });
        return cardError('card_declined', 'Your card was declined.', { payment_intent: { ...intent, status: 'requires_payment_method' } });
      }
      if (pm.number === '4000000000003220' && f.off_session === 'true') {
        return cardError('authentication_required', 'Your card was declined. This transaction requires authentication.', { payment_intent: { ...intent, status: 'requires_payment_method' } });
      }
      intents.set(intent.id, intent);
      return { body: intent };
    }
    if (key === 'POST setup_intents') {
      const pm = paymentMethods.get(f.payment_method);
      if (!pm) return notFound('payment_method');
      const intent: any = { id: id('seti'), object: 'setup_intent', customer: f.customer, payment_method: pm.id, usage: f.usage, status: 'succeeded', next_action: null };
      if (pm.number === '4000000000003220') {
        intent.status = 'requires_action';
        intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `https://hooks.stripe.test/3d_secure_2/authenticate/${intent.id}`, return_url: f.return_url } };
      }
      return { body: intent };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.path})` } } };
  }

  const server = await startStandIn((request) => {
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    if (request.method === 'POST' && !String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Expected form encoding' } } };
    }
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const cacheKey = idempotencyKey && `${request.path} ${idempotencyKey}`;
    let answer: Answer;
    if (cacheKey && idempotent.has(cacheKey)) answer = { ...idempotent.get(cacheKey)!, headers: { 'idempotent-replayed': 'true' } };
    else {
      answer = route(request);
      if (cacheKey) idempotent.set(cacheKey, { status: answer.status ?? 200, body: answer.body });
    }
    const interception = interceptions.find((candidate) => candidate.left > 0 && candidate.match(request));
    if (!interception) return answer;
    interception.left -= 1;
    interception.hits += 1;
    for (const notify of interception.reached.splice(0)) notify();
    return interception.mode === 'drop' ? { ...answer, drop: true } : { ...answer, heldUntil: interception.release };
  });

  function signedEvent(type: string, object: unknown) {
    const event = { id: id('evt'), object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), type, data: { object }, livemode: false };
    const payload = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', options.webhookSecret).update(`${timestamp}.${payload}`).digest('hex');
    return { event, payload, header: `t=${timestamp},v1=${signature}` };
  }

  return {
    ...server,
    sessions,
    /** Every PaymentIntent created (a replayed Idempotency-Key creates none). */
    intents,
    /**
     * The next `times` requests matching `match` are processed (a charge is taken) but their
     * answers are lost: `drop` closes the connection, `hold` keeps the answer on its way until
     * release(). `reached()` resolves when the first of them has arrived.
     */
    interceptAnswers(match: (request: RecordedRequest) => boolean, mode: 'hold' | 'drop', times = 1) {
      let release!: () => void;
      const interception = { match, left: times, mode, reached: [] as Array<() => void>, hits: 0, release: new Promise<void>((resolve) => (release = resolve)) };
      interceptions.push(interception);
      return {
        reached: () => (interception.hits > 0 ? Promise.resolve() : new Promise<void>((resolve) => interception.reached.push(resolve))),
        release,
      };
    },
    /** A customer with a card saved for off-session charges, as a finished checkout leaves them. */
    savedCard(email: string, number = '4242424242424242') {
      const customer = { id: id('cus'), object: 'customer', email, name: email, metadata: {}, invoice_settings: { default_payment_method: null as string | null } };
      customers.set(customer.id, customer);
      const pm = { id: id('pm'), object: 'payment_method', type: 'card', customer: customer.id, billing_details: { name: email }, card: { brand: brandOf(number), last4: number.slice(-4), exp_month: 12, exp_year: 2030, funding: 'credit' }, number };
      paymentMethods.set(pm.id, pm);
      customer.invoice_settings.default_payment_method = pm.id;
      return { customerId: customer.id, paymentMethodId: pm.id, brand: pm.card.brand, last4: pm.card.last4 };
    },
    /** The customer pays on Stripe's hosted page with a test card. */
    pay(sessionId: string, number: string) {
      const session = sessions.get(sessionId)!;
      const pm = { id: id('pm'), object: 'payment_method', type: 'card', customer: session.customer, billing_details: { name: 'Stand-in Payer' }, card: { brand: brandOf(number), last4: number.slice(-4), exp_month: 12, exp_year: 2030, funding: 'credit' }, number };
      paymentMethods.set(pm.id, pm);
      const intent = { id: id('pi'), object: 'payment_intent', amount: session.amount_total, currency: session.currency, customer: session.customer, payment_method: pm.id, status: 'succeeded', setup_future_usage: 'off_session' };
      intents.set(intent.id, intent);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
      return session;
    },
    /** A signed webhook request for an event about `object`. */
    signedEvent,
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
