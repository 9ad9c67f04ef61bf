import Stripe from 'stripe';
import {
  CardRejected,
  GatewayUnavailable,
  type AuthenticationOutcome,
  type ChargeOutcome,
  type CheckoutOutcome,
  type Customer,
  type FailureReason,
  type GatewayEvent,
  type PaymentGateway,
  type SavedCard,
} from './types';

/**
 * The Stripe events the billing module acts on: a checkout session paid, or one that ended
 * unpaid. Stripe has some two hundred more event types, and every other one is ignored, so
 * this is a table of the few rather than a switch that would have to name them all.
 */
const CHECKOUT_EVENTS = new Map<Stripe.Event.Type, 'checkout.completed' | 'checkout.failed'>([
  ['checkout.session.completed', 'checkout.completed'],
  ['checkout.session.async_payment_succeeded', 'checkout.completed'],
  ['checkout.session.expired', 'checkout.failed'],
  ['checkout.session.async_payment_failed', 'checkout.failed'],
]);

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret?: string;
  /** https://api.stripe.com, or a stand-in's address in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

/** The official client pointed at the configured host (host, port and protocol from the URL). */
export function createStripeClient(options: StripeGatewayOptions): Stripe {
  const url = new URL(options.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(options.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
  });
}

function failureOf(error: unknown): { reason: FailureReason; message: string } | null {
  if (error instanceof Stripe.errors.StripeCardError) {
    const code = error.code ?? '';
    const reason: FailureReason = code === 'authentication_required' || code === 'card_not_authenticated' ? 'authentication_failed' : 'declined';
    return { reason, message: error.message };
  }
  return null;
}

function savedCardOf(paymentMethod: Stripe.PaymentMethod | string | null | undefined): SavedCard | null {
  if (!paymentMethod || typeof paymentMethod === 'string' || !paymentMethod.card) return null;
  const card = paymentMethod.card;
  return {
    token: paymentMethod.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    holderName: paymentMethod.billing_details?.name ?? '',
  };
}

/**
 * Stripe: Checkout Sessions in payment mode that save the card (setup_future_usage
 * off_session), the session_id return checked with the API, off-session PaymentIntents
 * for renewals, SetupIntents for the 3-D Secure check, and signed webhooks.
 */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = createStripeClient(options);

  async function call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw error;
      if (error instanceof Stripe.errors.StripeError) throw new GatewayUnavailable(`Stripe: ${error.message}`, { cause: error });
      throw error;
    }
  }

  async function ensureCustomer(customer: Customer): Promise<string> {
    if (customer.customerRef) return customer.customerRef;
    const created = await call(() =>
      stripe.customers.create({ email: customer.email, name: customer.name, metadata: { user_id: String(customer.userId) } }, { idempotencyKey: `customer-${customer.userId}` }),
    );
    return created.id;
  }

  return {
    id: 'stripe',

    async startCheckout(request) {
      const customerRef = await ensureCustomer(request.customer);
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            customer: customerRef,
            client_reference_id: request.checkoutId,
            locale: request.locale === 'ar' ? 'auto' : 'en',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountMinor, product_data: { name: request.description } },
              },
            ],
            payment_intent_data: { setup_future_usage: 'off_session', metadata: { checkout_id: request.checkoutId } },
            metadata: { checkout_id: request.checkoutId },
            success_url: `${request.returnUrl}${request.returnUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: `checkout-${request.checkoutId}` },
        ),
      );
      if (!session.url) throw new GatewayUnavailable('Stripe returned a Checkout Session without a URL');
      return { gatewayRef: session.id, redirectUrl: session.url, customerRef };
    },

    async checkoutOutcome(gatewayRef): Promise<CheckoutOutcome> {
      if (gatewayRef.startsWith('seti_')) {
        // The return from a 3-D Secure check started by authenticateCard.
        const intent = await call(() => stripe.setupIntents.retrieve(gatewayRef));
        if (intent.status === 'succeeded') return { status: 'paid', paymentRef: intent.id, card: null };
        if (intent.status === 'processing' || intent.status === 'requires_action') return { status: 'open' };
        return { status: 'failed', reason: 'authentication_failed', message: intent.last_setup_error?.message ?? 'Card authentication failed' };
      }
      const session = await call(() => stripe.checkout.sessions.retrieve(gatewayRef, { expand: ['payment_intent.payment_method'] }));
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
        return {
          status: 'paid',
          paymentRef: intent?.id ?? session.id,
          card: savedCardOf(intent?.payment_method as Stripe.PaymentMethod | string | null),
          customerRef: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
        };
      }
      if (session.status === 'expired') return { status: 'failed', reason: 'canceled', message: 'The checkout session expired.' };
      const lastError = intent?.last_payment_error;
      if (lastError) {
        const reason: FailureReason = lastError.code === 'payment_intent_authentication_failure' ? 'authentication_failed' : 'declined';
        return { status: 'failed', reason, message: lastError.message ?? 'Your card was declined.' };
      }
      return { status: 'open' };
    },

    async chargeSavedCard(request): Promise<ChargeOutcome> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currency.toLowerCase(),
            customer: request.customer.customerRef ?? undefined,
            payment_method: request.card.token,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { user_id: String(request.customer.userId) },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded' || intent.status === 'processing') return { status: 'succeeded', paymentRef: intent.id };
        if (intent.status === 'requires_action') return { status: 'declined', reason: 'authentication_failed', message: 'Card authentication failed' };
        return { status: 'declined', reason: 'declined', message: intent.last_payment_error?.message ?? 'Your card was declined.' };
      } catch (error) {
        const failure = failureOf(error);
        if (failure) return { status: 'declined', ...failure };
        if (error instanceof Stripe.errors.StripeError) throw new GatewayUnavailable(`Stripe: ${error.message}`, { cause: error });
        throw error;
      }
    },

    async saveCard(customer, input) {
      const customerRef = await ensureCustomer(customer);
      try {
        const method = await stripe.paymentMethods.create({
          type: 'card',
          card: { number: input.number.replace(/\D/g, ''), exp_month: input.expMonth, exp_year: input.expYear, cvc: input.cvv },
          billing_details: { name: input.holderName },
        });
        await stripe.paymentMethods.attach(method.id, { customer: customerRef });
        await stripe.customers.update(customerRef, { invoice_settings: { default_payment_method: method.id } });
        const card = savedCardOf(method);
        if (!card) throw new GatewayUnavailable('Stripe returned a payment method without card details');
        return { card: { ...card, holderName: input.holderName }, customerRef };
      } catch (error) {
        const failure = failureOf(error);
        if (failure) throw new CardRejected(failure.reason, failure.message);
        if (error instanceof Stripe.errors.StripeError) throw new GatewayUnavailable(`Stripe: ${error.message}`, { cause: error });
        throw error;
      }
    },

    async authenticateCard(customer, card, returnUrl): Promise<AuthenticationOutcome> {
      const customerRef = await ensureCustomer(customer);
      try {
        const intent = await stripe.setupIntents.create({
          customer: customerRef,
          payment_method: card.token,
          usage: 'off_session',
          confirm: true,
          return_url: returnUrl,
          payment_method_options: { card: { request_three_d_secure: 'any' } },
        });
        if (intent.status === 'succeeded') return { status: 'succeeded' };
        const url = intent.next_action?.redirect_to_url?.url;
        if (intent.status === 'requires_action' && url) return { status: 'redirect', url, ref: intent.id };
        return { status: 'failed', reason: 'authentication_failed', message: 'Card authentication failed' };
      } catch (error) {
        const failure = failureOf(error);
        if (failure) return { status: 'failed', ...failure };
        if (error instanceof Stripe.errors.StripeError) throw new GatewayUnavailable(`Stripe: ${error.message}`, { cause: error });
        throw error;
      }
    },

    parseWebhook(rawBody, headers): GatewayEvent {
      if (!options.webhookSecret) throw new GatewayUnavailable('STRIPE_WEBHOOK_SECRET is not set');
      const signature = headers['stripe-signature'];
      const event = stripe.webhooks.constructEvent(rawBody, Array.isArray(signature) ? signature[0]! : (signature ?? ''), options.webhookSecret);
      const object = event.data.object as { id?: string; object?: string };
      const type = CHECKOUT_EVENTS.get(event.type);
      return type ? { id: event.id, type, gatewayRef: object.id! } : { id: event.id, type: 'ignored', original: event.type };
    },
  };
}
