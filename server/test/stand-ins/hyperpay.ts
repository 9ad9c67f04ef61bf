import { randomBytes } from 'node:crypto';
import { startStandIn } from './http';

/**
 * A stand-in for HyperPay's OPPWA API (COPYandPAY): form POST /v1/checkouts with
 * entityId and a Bearer token, GET <resourcePath>?entityId=, POST /v1/registrations and
 * /v1/registrations/{id}/payments, every answer a JSON object with result.code and
 * result.description (000.200.100 checkout created, 000.100.110 success in integrator test
 * mode, 800.100.151 invalid card, 100.390.112 3-D Secure failed).
 */
export const HYPERPAY_CARDS = {
  success: '4200000000000000',
  decline: '4000000000000002',
  authenticationFails: '4000000000003220',
} as const;

const RESULTS = {
  created: { code: '000.200.100', description: 'successfully created checkout' },
  pending: { code: '000.200.000', description: 'transaction pending' },
  success: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
  declined: { code: '800.100.151', description: 'transaction declined (invalid card)' },
  authentication: { code: '100.390.112', description: 'Technical Error in 3D system' },
  badEntity: { code: '800.900.300', description: 'invalid authentication information' },
};

export async function startHyperPayStandIn(options: { accessToken: string; entityId: string }) {
  const id = () => randomBytes(16).toString('hex').toUpperCase().slice(0, 32);
  const envelope = (result: { code: string; description: string }, extra: Record<string, unknown> = {}) => ({
    result,
    buildNumber: 'standin@2026-01-01',
    timestamp: new Date().toISOString().replace('T', ' ').replace('Z', '+0000'),
    ndc: randomBytes(16).toString('hex').toUpperCase(),
    ...extra,
  });
  const checkouts = new Map<string, { form: Record<string, string>; number?: string; paymentId?: string; registrationId?: string }>();
  const registrations = new Map<string, string>();
  const outcome = (number: string) => (number === HYPERPAY_CARDS.decline ? RESULTS.declined : number === HYPERPAY_CARDS.authenticationFails ? RESULTS.authentication : RESULTS.success);
  const card = (number: string, holder = 'Stand-in Payer') => ({ bin: number.slice(0, 6), last4Digits: number.slice(-4), holder, expiryMonth: '12', expiryYear: '2030' });

  const server = await startStandIn((request) => {
    if (request.headers.authorization !== `Bearer ${options.accessToken}`) return { status: 401, body: envelope(RESULTS.badEntity) };
    const entityId = request.method === 'GET' ? request.query.get('entityId') : request.form.entityId;
    if (entityId !== options.entityId) return { status: 400, body: envelope(RESULTS.badEntity) };
    const f = request.form;
    if (request.method === 'POST' && request.path === '/v1/checkouts') {
      const checkoutId = `${id()}.uat01-vm-tx04`;
      checkouts.set(checkoutId, { form: f });
      return { body: envelope(RESULTS.created, { id: checkoutId }) };
    }
    const payment = /^\/v1\/checkouts\/([^/]+)\/payment$/.exec(request.path);
    if (request.method === 'GET' && payment) {
      const checkout = checkouts.get(payment[1]!);
      if (!checkout) return { status: 404, body: envelope({ code: '200.300.404', description: 'invalid or missing parameter' }) };
      if (!checkout.number) return { body: envelope(RESULTS.pending) };
      const result = outcome(checkout.number);
      return {
        status: result === RESULTS.success ? 200 : 400,
        body: envelope(result, {
          id: checkout.paymentId,
          paymentType: 'DB',
          paymentBrand: 'VISA',
          amount: checkout.form.amount,
          currency: checkout.form.currency,
          merchantTransactionId: checkout.form.merchantTransactionId,
          card: card(checkout.number),
          ...(result === RESULTS.success && checkout.form.createRegistration === 'true' ? { registrationId: checkout.registrationId } : {}),
        }),
      };
    }
    if (request.method === 'POST' && request.path === '/v1/registrations') {
      const number = f['card.number']!;
      const result = outcome(number);
      if (result !== RESULTS.success) return { status: 400, body: envelope(result) };
      const registrationId = id();
      registrations.set(registrationId, number);
      return { body: envelope(result, { id: registrationId, paymentBrand: f.paymentBrand, card: card(number, f['card.holder']) }) };
    }
    const recurring = /^\/v1\/registrations\/([^/]+)\/payments$/.exec(request.path);
    if (request.method === 'POST' && recurring) {
      const number = registrations.get(recurring[1]!);
      if (!number) return { status: 400, body: envelope({ code: '100.150.101', description: 'invalid format of specified registration ID (must be uuid format)' }) };
      const result = outcome(number);
      return { status: result === RESULTS.success ? 200 : 400, body: envelope(result, { id: id(), paymentType: f.paymentType, amount: f.amount, currency: f.currency }) };
    }
    return { status: 404, body: envelope({ code: '200.300.404', description: 'invalid or missing parameter' }) };
  });

  return {
    ...server,
    /** The shopper pays in the COPYandPAY widget; returns the resourcePath HyperPay appends to shopperResultUrl. */
    pay(checkoutId: string, number: string) {
      const checkout = checkouts.get(checkoutId)!;
      checkout.number = number;
      checkout.paymentId = id();
      checkout.registrationId = id();
      registrations.set(checkout.registrationId, number);
      return `/v1/checkouts/${checkoutId}/payment`;
    },
    /** A card saved earlier whose later charges are declined (the card was blocked). */
    blockRegistration(registrationId: string) {
      registrations.set(registrationId, HYPERPAY_CARDS.decline);
    },
  };
}

export type HyperPayStandIn = Awaited<ReturnType<typeof startHyperPayStandIn>>;
