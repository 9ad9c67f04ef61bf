import type { ApiError } from '../../api/client';
import type { CardForm, SubscribeAnswer, Subscription } from './billing-types';

/** The Luhn (mod 10) check of a card number, spaces and dashes ignored. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM/YY" or "MM/YYYY" -> month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]) + (match[2]!.length === 2 ? 2000 : 0);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Card number in groups of four as the user types: "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1225" or "12/25" -> "12/25" while typing. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export type CardErrors = Partial<Record<keyof CardForm, string>>;

/**
 * The card screen's checks, with the spec's messages (keys of the billing namespace); the
 * server checks the same and is the authority.
 */
export function validateCard(card: CardForm, now: Date): CardErrors {
  const errors: CardErrors = {};
  if (!card.card_name.trim()) errors.card_name = 'card.errors.nameRequired';
  if (!card.card_number.trim()) errors.card_number = 'card.errors.numberRequired';
  else if (!luhnValid(card.card_number)) errors.card_number = 'card.errors.numberInvalid';
  const expiry = parseExpiry(card.expiry);
  if (!card.expiry.trim()) errors.expiry = 'card.errors.expiryRequired';
  else if (!expiry) errors.expiry = 'card.errors.expiryInvalid';
  else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)) errors.expiry = 'card.errors.expiryPast';
  if (!card.cvv.trim()) errors.cvv = 'card.errors.cvvRequired';
  else if (!/^\d{3,4}$/.test(card.cvv.trim())) errors.cvv = 'card.errors.cvvInvalid';
  return errors;
}

export type SubscribeOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'widget'; checkoutId: string; scriptUrl: string }
  | { kind: 'success'; message: string }
  | { kind: 'refused'; message: string };

/**
 * Spec section 4 for POST /api/user/subscribe (and update-plan, capture): 200 is a
 * success (or a hosted checkout to go to), 201 a refusal shown with its message.
 */
export function subscribeOutcome(answer: SubscribeAnswer | undefined, fallback: string): SubscribeOutcome {
  if (answer && 'checkout_url' in answer) return { kind: 'redirect', url: answer.checkout_url };
  if (answer && 'checkout_id' in answer) return { kind: 'widget', checkoutId: answer.checkout_id, scriptUrl: answer.script_url };
  if (answer?.status === 201) return { kind: 'refused', message: answer.message || fallback };
  return { kind: 'success', message: answer?.message || fallback };
}

/** Any other status: the first of error_codes (spec section 4), else the message. */
export function subscribeErrorMessage(error: ApiError): string {
  return error.errorCodes[0] ?? error.messages[0] ?? error.message;
}

export interface MembershipNotice {
  tone: 'error' | 'warning' | 'info';
  key: string;
  values?: Record<string, string | number>;
  action?: 'payNow' | 'choosePlan' | 'addCard';
}

/** The warnings of the membership screen, most urgent first. */
export function membershipNotices(subscription: Subscription | undefined): MembershipNotice[] {
  if (!subscription) return [];
  const notices: MembershipNotice[] = [];
  if (subscription.pending_invoice?.status === 'overdue') notices.push({ tone: 'error', key: 'notices.overdue', action: 'payNow' });
  if (subscription.downgraded) notices.push({ tone: 'error', key: 'notices.downgraded', action: 'choosePlan' });
  if (subscription.status === 'trial_expired' && !subscription.downgraded) notices.push({ tone: 'error', key: 'notices.trialExpired', action: 'choosePlan' });
  if (subscription.status === 'trial' && subscription.expiring_soon) notices.push({ tone: 'warning', key: 'notices.trialExpiringSoon', values: { count: subscription.days_left ?? 0 }, action: 'choosePlan' });
  if (subscription.status === 'active' && subscription.expiring_soon && !subscription.card) notices.push({ tone: 'warning', key: 'notices.expiringSoon', values: { count: subscription.days_left ?? 0 }, action: 'addCard' });
  // How payments work now: the sandbox (test cards, no money) or not at all yet.
  if (subscription.payments === 'off') notices.push({ tone: 'warning', key: 'notices.paymentsOff' });
  if (subscription.payments === 'sandbox') notices.push({ tone: 'info', key: 'notices.sandboxMode' });
  return notices;
}

/**
 * Whether a plan card's subscribe button must stay disabled: payments are not set up, so a
 * purchase would only end in the server's 503 (which stays the real guard). A paid
 * subscriber keeps the button: a downgrade needs no payment, and the preview says which it is.
 */
export function subscribingBlocked(subscription: Subscription | undefined): boolean {
  if (subscription?.payments !== 'off') return false;
  return !(subscription.status === 'active' && subscription.source === 'paid');
}

/** A date in the user's language with Latin digits, e.g. "1 March 2026" / "1 مارس 2026". */
export function formatDate(iso: string | null | undefined, language: 'en' | 'ar'): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

export function formatMoney(amount: number, language: 'en' | 'ar'): string {
  const formatted = new Intl.NumberFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return `$${formatted}`;
}
