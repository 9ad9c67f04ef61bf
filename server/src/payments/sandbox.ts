import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { cardBrand, cardDigits, luhnValid } from './cards.fns';
import { cardLabel } from '../../../contract/cards';
import {
  CardRejected,
  type AuthenticationOutcome,
  type CardInput,
  type ChargeOutcome,
  type CheckoutOutcome,
  type FailureReason,
  type PaymentGateway,
  type SavedCard,
} from './types';

/**
 * The sandbox gateway: needs no keys and serves its own hosted checkout page
 * (web: /sandbox/checkout/:id). Test cards behave like Stripe's:
 *   4242 4242 4242 4242  succeeds
 *   4000 0000 0000 0002  is declined
 *   4000 0000 0000 3220  asks for 3-D Secure, and authentication fails
 *   4000 0000 0000 0341  is saved and paid now, but later off-session charges are declined
 * Any other number passing the Luhn check succeeds.
 */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  authenticationFails: '4000000000003220',
  declineLater: '4000000000000341',
} as const;

type Behaviour = 'ok' | 'decline' | 'auth' | 'later';

export const SANDBOX_MESSAGES: Record<Exclude<FailureReason, 'error'> | 'error', string> = {
  declined: 'Your card was declined.',
  authentication_failed: 'Card authentication failed',
  canceled: 'The payment was canceled.',
  error: 'The payment could not be processed.',
};

function behaviourOf(number: string): Behaviour {
  switch (cardDigits(number)) {
    case SANDBOX_CARDS.decline:
      return 'decline';
    case SANDBOX_CARDS.authenticationFails:
      return 'auth';
    case SANDBOX_CARDS.declineLater:
      return 'later';
    default:
      return 'ok';
  }
}

const behaviourOfToken = (token: string) => (/^sbx_card_(ok|decline|auth|later)_/.exec(token)?.[1] ?? 'ok') as Behaviour;
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

function tokenize(card: CardInput): SavedCard {
  const digits = cardDigits(card.number);
  return {
    token: newId(`sbx_card_${behaviourOf(digits)}`),
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
    holderName: card.holderName,
  };
}

export type SandboxPayResult =
  | { status: 'redirect'; url: string }
  | { status: 'declined'; message: string };

export function createSandboxGateway(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  const withRef = (url: string, id: string) => `${url}${url.includes('?') ? '&' : '?'}session_id=${encodeURIComponent(id)}`;

  const gateway: PaymentGateway & {
    session(id: string): Promise<{ id: string; mode: 'payment' | 'authenticate'; amount_minor: number; currency: string; description: string; status: 'open' | 'paid'; last_failure: string | null; locale: string; cancel_url: string } | undefined>;
    pay(id: string, card: CardInput | null): Promise<SandboxPayResult>;
  } = {
    id: 'sandbox',

    async startCheckout(request) {
      const id = newId('sbx_cs');
      await db
        .insertInto('sandbox_sessions')
        .values({
          id,
          mode: 'payment',
          amount_minor: request.amountMinor,
          currency: request.currency,
          description: request.description,
          customer_email: request.customer.email,
          return_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          locale: request.locale,
          card_token: null,
          last_failure: null,
          payment_ref: null,
          card: null,
        })
        .execute();
      return { gatewayRef: id, redirectUrl: `/sandbox/checkout/${id}` };
    },

    async checkoutOutcome(gatewayRef): Promise<CheckoutOutcome> {
      const session = await db.selectFrom('sandbox_sessions').selectAll().where('id', '=', gatewayRef).executeTakeFirst();
      if (!session) return { status: 'failed', reason: 'error', message: SANDBOX_MESSAGES.error };
      if (session.status === 'paid') {
        const card = session.card as unknown as SavedCard | null;
        return { status: 'paid', paymentRef: session.payment_ref ?? session.id, card };
      }
      if (session.last_failure) {
        const reason = session.last_failure as FailureReason;
        return { status: 'failed', reason, message: SANDBOX_MESSAGES[reason] ?? SANDBOX_MESSAGES.error };
      }
      return { status: 'open' };
    },

    async chargeSavedCard(request): Promise<ChargeOutcome> {
      const behaviour = behaviourOfToken(request.card.token);
      if (behaviour === 'decline' || behaviour === 'later') return { status: 'declined', reason: 'declined', message: SANDBOX_MESSAGES.declined };
      if (behaviour === 'auth') return { status: 'declined', reason: 'authentication_failed', message: SANDBOX_MESSAGES.authentication_failed };
      // Deterministic per idempotency key, as a real gateway answers a retried request.
      return { status: 'succeeded', paymentRef: `sbx_pay_${request.idempotencyKey}` };
    },

    async saveCard(_customer, input) {
      if (!luhnValid(input.number)) throw new CardRejected('declined', SANDBOX_MESSAGES.declined);
      const card = tokenize(input);
      if (behaviourOf(input.number) === 'decline') throw new CardRejected('declined', SANDBOX_MESSAGES.declined);
      return { card, customerRef: null };
    },

    async authenticateCard(customer, card, returnUrl): Promise<AuthenticationOutcome> {
      const id = newId('sbx_auth');
      await db
        .insertInto('sandbox_sessions')
        .values({
          id,
          mode: 'authenticate',
          amount_minor: 0,
          currency: 'USD',
          // The brand as the payment management page writes it ("VISA •••• 4242", not "visa").
          description: cardLabel(card),
          customer_email: customer.email,
          return_url: returnUrl,
          cancel_url: returnUrl,
          card_token: card.token,
          last_failure: null,
          payment_ref: null,
          card: JSON.stringify(card),
        })
        .execute();
      return { status: 'redirect', url: `/sandbox/checkout/${id}`, ref: id };
    },

    session(id) {
      return db
        .selectFrom('sandbox_sessions')
        .select(['id', 'mode', 'amount_minor', 'currency', 'description', 'status', 'last_failure', 'locale', 'cancel_url'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * The hosted page's "Pay" (or, for a 3-D Secure check, "Complete authentication").
     * A declined card stays on the page; a failed authentication returns to the shop, which
     * offers to go back to checkout.
     */
    async pay(id, input) {
      const session = await db.selectFrom('sandbox_sessions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!session) throw new CardRejected('error', SANDBOX_MESSAGES.error);
      if (session.status === 'paid') return { status: 'redirect', url: withRef(session.return_url, id) };
      let card: SavedCard;
      if (session.mode === 'authenticate') {
        card = session.card as unknown as SavedCard;
      } else {
        if (!input || !luhnValid(input.number)) return { status: 'declined', message: SANDBOX_MESSAGES.declined };
        card = tokenize(input);
      }
      const behaviour = behaviourOfToken(card.token);
      if (behaviour === 'decline') {
        await db.updateTable('sandbox_sessions').set({ last_failure: 'declined' }).where('id', '=', id).execute();
        return { status: 'declined', message: SANDBOX_MESSAGES.declined };
      }
      if (behaviour === 'auth') {
        await db.updateTable('sandbox_sessions').set({ last_failure: 'authentication_failed' }).where('id', '=', id).execute();
        return { status: 'redirect', url: withRef(session.return_url, id) };
      }
      await db
        .updateTable('sandbox_sessions')
        .set({ status: 'paid', last_failure: null, payment_ref: newId('sbx_pay'), card: JSON.stringify(card), card_token: card.token })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
      return { status: 'redirect', url: withRef(session.return_url, id) };
    },
  };
  return gateway;
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
