/**
 * The one interface the billing module pays through. Adapters: sandbox (default, no keys),
 * stripe, hyperpay. Amounts are in minor units (cents) of `currency`.
 */
export type GatewayId = 'sandbox' | 'stripe' | 'hyperpay';

export const GATEWAY_IDS: readonly GatewayId[] = ['sandbox', 'stripe', 'hyperpay'];

/** What we may keep of a card: the gateway's token, brand, last four digits and expiry. */
export interface SavedCard {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
}

/** Raw card details as typed by the user; passed straight to the gateway, never stored. */
export interface CardInput {
  holderName: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
}

export interface Customer {
  userId: number;
  email: string;
  name: string;
  /** The gateway's customer id, when the gateway keeps customers (Stripe). */
  customerRef: string | null;
}

export interface CheckoutRequest {
  /** Our checkout id; the gateway echoes it back. */
  checkoutId: string;
  customer: Customer;
  amountMinor: number;
  currency: string;
  description: string;
  /** Where the gateway sends the shopper back (our return page). */
  returnUrl: string;
  cancelUrl: string;
  locale: 'en' | 'ar';
}

export interface StartedCheckout {
  /** The gateway's reference (Stripe session id, HyperPay checkout id, sandbox id). */
  gatewayRef: string;
  /** The hosted page to send the shopper to (sandbox, Stripe). */
  redirectUrl?: string;
  /** HyperPay: the checkout id its payment widget needs, and the widget script. */
  widgetCheckoutId?: string;
  widgetScriptUrl?: string;
  customerRef?: string | null;
}

export type FailureReason = 'declined' | 'authentication_failed' | 'canceled' | 'error';

export type CheckoutOutcome =
  | { status: 'paid'; paymentRef: string; card: SavedCard | null; customerRef?: string | null }
  | { status: 'open' }
  | { status: 'failed'; reason: FailureReason; message: string };

export type ChargeOutcome =
  | { status: 'succeeded'; paymentRef: string }
  | { status: 'declined'; reason: FailureReason; message: string };

export interface ChargeRequest {
  customer: Customer;
  card: SavedCard;
  amountMinor: number;
  currency: string;
  description: string;
  /** Same key, same charge: a retried renewal never charges twice. */
  idempotencyKey: string;
}

export type AuthenticationOutcome =
  | { status: 'succeeded' }
  | { status: 'redirect'; url: string; ref: string }
  | { status: 'failed'; reason: FailureReason; message: string };

/** A webhook event the billing module acts on, after the adapter verified its signature. */
export type GatewayEvent =
  | { id: string; type: 'checkout.completed'; gatewayRef: string }
  | { id: string; type: 'checkout.failed'; gatewayRef: string }
  | { id: string; type: 'ignored'; original: string };

export interface PaymentGateway {
  readonly id: GatewayId;
  /** Starts a hosted checkout that pays now and saves the card for later charges. */
  startCheckout(request: CheckoutRequest): Promise<StartedCheckout>;
  /** Asks the gateway how a checkout ended (never trusts what the browser says). */
  checkoutOutcome(gatewayRef: string, extra?: { resourcePath?: string }): Promise<CheckoutOutcome>;
  /** Charges a saved card off-session (renewals, prorations, captures). */
  chargeSavedCard(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Tokenises a card typed on our card screen; the raw details go to the gateway only. */
  saveCard(customer: Customer, card: CardInput): Promise<{ card: SavedCard; customerRef: string | null }>;
  /** Starts a 3-D Secure check of a saved card (POST /api/test3d). */
  authenticateCard(customer: Customer, card: SavedCard, returnUrl: string): Promise<AuthenticationOutcome>;
  /** Verifies and decodes a webhook; throws on a bad signature. */
  parseWebhook?(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent;
}

/** A gateway that refused or failed in a way the user cannot fix by another card. */
export class GatewayUnavailable extends Error {}

/** No gateway takes payments: the sandbox is off (production) and no real gateway is chosen. */
export class PaymentsNotSetUp extends GatewayUnavailable {
  constructor() {
    super('payments are not set up: choose Stripe or HyperPay (with its keys), or set PAYMENTS_SANDBOX=true');
  }
}

/** The card was refused while saving it (bad number, declined, ...). */
export class CardRejected extends Error {
  constructor(
    readonly reason: FailureReason,
    message: string,
  ) {
    super(message);
  }
}

export const toMinor = (amount: number | string) => Math.round(Number(amount) * 100);
