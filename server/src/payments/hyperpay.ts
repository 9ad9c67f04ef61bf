import { CardRejected, GatewayUnavailable, type ChargeOutcome, type CheckoutOutcome, type FailureReason, type PaymentGateway, type SavedCard } from './types';
import { cardBrand, cardDigits } from './cards.fns';

export interface HyperPayOptions {
  /** https://eu-test.oppwa.com (test) or https://eu-prod.oppwa.com, or a stand-in. */
  url: string;
  accessToken: string;
  entityId: string;
  timeoutMs?: number;
}

/**
 * HyperPay result codes (OPPWA). Successful: 000.000.*, 000.100.1*, 000.3*, 000.6*;
 * pending: 000.200.*; 3-D Secure and authentication failures: 100.380.*, 100.390.*,
 * 800.400.*; everything else is a rejection (800.100.151 "transaction declined (invalid
 * card)" and friends).
 */
export function classifyResultCode(code: string): 'success' | 'pending' | 'authentication_failed' | 'declined' | 'error' {
  if (/^(000\.000\.|000\.100\.1|000\.[36])/.test(code)) return 'success';
  if (/^(000\.200)/.test(code) || /^(800\.400\.5|100\.400\.500)/.test(code)) return 'pending';
  if (/^(100\.380|100\.390|800\.400\.[12])/.test(code)) return 'authentication_failed';
  if (/^(800\.[17]00|800\.800\.[123]|100\.100|100\.[23]00|100\.396|800\.1[56]0)/.test(code)) return 'declined';
  return 'error';
}

const BRANDS: Record<string, string> = { visa: 'VISA', mastercard: 'MASTER', amex: 'AMEX', mada: 'MADA' };
const BRAND_NAMES: Record<string, string> = { VISA: 'visa', MASTER: 'mastercard', AMEX: 'amex', MADA: 'mada' };

interface HyperPayCard {
  bin?: string;
  last4Digits?: string;
  holder?: string;
  expiryMonth?: string;
  expiryYear?: string;
}

interface HyperPayResponse {
  id?: string;
  registrationId?: string;
  paymentBrand?: string;
  result: { code: string; description: string };
  card?: HyperPayCard;
}

/** The path a shopper comes back with must be one of this checkout's, never an arbitrary URL. */
export function isCheckoutResourcePath(path: string, checkoutId: string) {
  return path === `/v1/checkouts/${checkoutId}/payment` || path === `/v1/checkouts/${checkoutId}/registration`;
}

/**
 * HyperPay COPYandPAY: prepare a checkout server-to-server (POST /v1/checkouts), the
 * shopper pays in HyperPay's widget, then we read the result (GET resourcePath) and keep
 * the registration id (createRegistration=true) for off-session renewals
 * (POST /v1/registrations/{id}/payments with a merchant-initiated standing instruction).
 */
export function createHyperPayGateway(options: HyperPayOptions): PaymentGateway {
  const amountText = (minor: number) => (minor / 100).toFixed(2);

  async function send(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<HyperPayResponse> {
    const url = new URL(options.url + path);
    let body: string | undefined;
    if (method === 'GET') url.searchParams.set('entityId', options.entityId);
    else body = new URLSearchParams({ entityId: options.entityId, ...form }).toString();
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${options.accessToken}`, ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw new GatewayUnavailable(`HyperPay unreachable: ${(error as Error).message}`, { cause: error });
    }
    const json = (await response.json().catch(() => null)) as HyperPayResponse | null;
    if (!json?.result?.code) throw new GatewayUnavailable(`HyperPay answered ${response.status} without a result code`);
    return json;
  }

  function savedCard(response: HyperPayResponse): SavedCard | null {
    const token = response.registrationId ?? null;
    const card = response.card;
    if (!token || !card?.last4Digits) return null;
    return {
      token,
      brand: BRAND_NAMES[response.paymentBrand ?? ''] ?? (response.paymentBrand ?? 'card').toLowerCase(),
      last4: card.last4Digits,
      expMonth: Number(card.expiryMonth),
      expYear: Number(card.expiryYear),
      holderName: card.holder ?? '',
    };
  }

  const failure = (result: HyperPayResponse['result']): { reason: FailureReason; message: string } => {
    const kind = classifyResultCode(result.code);
    return { reason: kind === 'authentication_failed' ? 'authentication_failed' : kind === 'declined' ? 'declined' : 'error', message: result.description };
  };

  return {
    id: 'hyperpay',

    async startCheckout(request) {
      const response = await send('POST', '/v1/checkouts', {
        amount: amountText(request.amountMinor),
        currency: request.currency,
        paymentType: 'DB',
        merchantTransactionId: request.checkoutId,
        'customer.email': request.customer.email,
        'customer.givenName': request.customer.name,
        createRegistration: 'true',
      });
      if (!/^000\.200/.test(response.result.code) || !response.id) throw new GatewayUnavailable(`HyperPay refused the checkout: ${response.result.code} ${response.result.description}`);
      return {
        gatewayRef: response.id,
        widgetCheckoutId: response.id,
        widgetScriptUrl: `${options.url}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(response.id)}`,
      };
    },

    async checkoutOutcome(gatewayRef, extra): Promise<CheckoutOutcome> {
      const path = extra?.resourcePath ?? `/v1/checkouts/${gatewayRef}/payment`;
      if (!isCheckoutResourcePath(path, gatewayRef)) return { status: 'failed', reason: 'error', message: 'Unknown payment resource' };
      const response = await send('GET', path);
      const kind = classifyResultCode(response.result.code);
      if (kind === 'success') return { status: 'paid', paymentRef: response.id ?? gatewayRef, card: savedCard(response) };
      if (kind === 'pending') return { status: 'open' };
      return { status: 'failed', ...failure(response.result) };
    },

    async chargeSavedCard(request): Promise<ChargeOutcome> {
      const response = await send('POST', `/v1/registrations/${encodeURIComponent(request.card.token)}/payments`, {
        amount: amountText(request.amountMinor),
        currency: request.currency,
        paymentType: 'DB',
        merchantTransactionId: request.idempotencyKey,
        'standingInstruction.mode': 'REPEATED',
        'standingInstruction.type': 'UNSCHEDULED',
        'standingInstruction.source': 'MIT',
        recurringType: 'REPEATED',
      });
      if (classifyResultCode(response.result.code) === 'success') return { status: 'succeeded', paymentRef: response.id ?? request.idempotencyKey };
      return { status: 'declined', ...failure(response.result) };
    },

    async saveCard(_customer, input) {
      const digits = cardDigits(input.number);
      const response = await send('POST', '/v1/registrations', {
        paymentBrand: BRANDS[cardBrand(digits)] ?? 'VISA',
        'card.number': digits,
        'card.holder': input.holderName,
        'card.expiryMonth': String(input.expMonth).padStart(2, '0'),
        'card.expiryYear': String(input.expYear),
        'card.cvv': input.cvv,
      });
      if (classifyResultCode(response.result.code) !== 'success' || !response.id) {
        const f = failure(response.result);
        throw new CardRejected(f.reason, f.message);
      }
      return {
        card: {
          token: response.id,
          brand: cardBrand(digits),
          last4: response.card?.last4Digits ?? digits.slice(-4),
          expMonth: input.expMonth,
          expYear: input.expYear,
          holderName: input.holderName,
        },
        customerRef: null,
      };
    },

    async authenticateCard() {
      // COPYandPAY runs 3-D Secure inside its widget at checkout; a stored registration has
      // no separate authentication call, so the check answers from the last checkout.
      return { status: 'succeeded' };
    },
  };
}
