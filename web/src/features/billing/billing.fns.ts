import { cardBrand, cvvValid, expiryPassed, luhnValid, parseExpiry } from '../../../../server/src/payments/cards.fns';
import type { ApiError } from '../../api/client';
import type { CardForm, PlanPreview, SubscribeAnswer, Subscription } from './billing-types';

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
  else if (expiryPassed(expiry, now)) errors.expiry = 'card.errors.expiryPast';
  if (!card.cvv.trim()) errors.cvv = 'card.errors.cvvRequired';
  else if (!cvvValid(card.cvv.trim(), cardBrand(card.card_number))) errors.cvv = 'card.errors.cvvInvalid';
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
  action?: 'payNow' | 'choosePlan' | 'addCard' | 'contactUs';
}

/** The warnings of the membership screen, most urgent first. */
export function membershipNotices(subscription: Subscription | undefined): MembershipNotice[] {
  if (!subscription) return [];
  const notices: MembershipNotice[] = [];
  // While payments are not set up, an overdue invoice cannot be paid (nor a card added): the
  // notice says so and points to the contact page instead of a disabled pay now.
  if (subscription.pending_invoice?.status === 'overdue') {
    notices.push(subscription.payments === 'off' ? { tone: 'error', key: 'notices.overduePaymentsOff', action: 'contactUs' } : { tone: 'error', key: 'notices.overdue', action: 'payNow' });
  }
  if (subscription.downgraded) notices.push({ tone: 'error', key: 'notices.downgraded', action: 'choosePlan' });
  if (subscription.status === 'trial_expired' && !subscription.downgraded) notices.push({ tone: 'error', key: 'notices.trialExpired', action: 'choosePlan' });
  if (subscription.status === 'trial' && subscription.expiring_soon) notices.push({ tone: 'warning', key: 'notices.trialExpiringSoon', values: { count: subscription.days_left ?? 0 }, action: 'choosePlan' });
  if (subscription.status === 'active' && subscription.expiring_soon && !subscription.card) {
    // No card can be added while payments are not set up: the notice says how to keep the plan instead.
    const values = { count: subscription.days_left ?? 0 };
    notices.push(subscription.payments === 'off' ? { tone: 'warning', key: 'notices.expiringSoonPaymentsOff', values, action: 'contactUs' } : { tone: 'warning', key: 'notices.expiringSoon', values, action: 'addCard' });
  }
  // How payments work now: the sandbox (test cards, no money) or not at all yet.
  if (subscription.payments === 'off') notices.push({ tone: 'warning', key: 'notices.paymentsOff' });
  if (subscription.payments === 'sandbox') notices.push({ tone: 'info', key: 'notices.sandboxMode' });
  return notices;
}

/**
 * The plan card the membership screen marks as the user's pick (chosen on the pricing page, kept
 * by save-plan): only until they subscribe. Afterwards the pick is history, and marking it would
 * single out, say, Hobbyist on the screen of someone who has since moved to Start-up.
 */
export function pickedPlanId(subscription: Pick<Subscription, 'status' | 'selected_plan'> | undefined): number | null {
  if (!subscription || subscription.status === 'active' || subscription.status === 'past_due') return null;
  return subscription.selected_plan?.plan_id ?? null;
}

/**
 * Whether the membership screen shows a paid team plan's seats form. When it does, that form's
 * input is the screen's one seats input: the plan picker uses its number and shows none of its own
 * (a team owner saw two inputs, "Seats (team plans)" and "Seats", that could disagree).
 */
export function hasSeatsForm(subscription: Pick<Subscription, 'status' | 'source' | 'plan' | 'cancellation'> | undefined): boolean {
  return Boolean(subscription && subscription.status === 'active' && subscription.source === 'paid' && subscription.plan?.is_team && !subscription.cancellation);
}

/**
 * The membership summary's ways on. A team's manager or member (usesTeamPlan) works under the plan the owner pays for:
 * "Payment management" only with a card of their own (one kept from before they joined, to change), else the sentence
 * that the owner pays (`teamPays`, payment management's own words); "Invoices" only when they have invoices of their own
 * (from before they joined; `invoices` undefined while unknown). Anyone else: both links.
 */
export function membershipLinks(teamPlan: boolean, hasCard: boolean, invoices: number | undefined): { paymentManagement: boolean; invoices: boolean; teamPays: boolean } {
  if (!teamPlan) return { paymentManagement: true, invoices: true, teamPays: false };
  return { paymentManagement: hasCard, invoices: (invoices ?? 0) > 0, teamPays: !hasCard };
}

/**
 * The membership page's status badge: the subscription's status, except that a canceled plan still running until its
 * end date says "Canceled" (it was badged "Active" beside "Ends on"). A payment overdue says so first: that needs the
 * owner now, whether or not the plan renews.
 */
export function statusBadge(subscription: Pick<Subscription, 'status' | 'cancellation'>): Subscription['status'] | 'canceled' {
  return subscription.status === 'active' && subscription.cancellation ? 'canceled' : subscription.status;
}

/**
 * What a control asks of the payment provider. `subscribe`: a plan card's button, reviewed
 * first, so a paid subscriber keeps it (a downgrade needs no payment, and the preview says
 * which a change is). `payment`: a charge, or a card sent to the provider, at once (pay an
 * invoice, more seats, a confirmed change that charges, save or check a card). `none`:
 * nothing to pay (fewer seats, a downgrade, keeping the plan).
 */
export type PaymentIntent = 'subscribe' | 'payment' | 'none';

/**
 * Why a control must stay disabled: `loading` while the subscription is not known yet (the
 * control would otherwise be enabled for a moment), `payments-off` while payments are not set
 * up (the "not set up yet" notice describes the control); null when it may be used.
 */
export type PaymentBlock = 'loading' | 'payments-off' | null;

/**
 * The one rule for every control that would pay: while payments are not set up
 * (`payments: 'off'`, the field the notice reads) a payment would only end in the server's
 * 503, which stays the real guard. `subscription` is the subscription query (its data and
 * whether it is still loading).
 */
export function paymentBlock(subscription: { data: Subscription | undefined; isPending: boolean }, intent: PaymentIntent): PaymentBlock {
  if (intent === 'none') return null;
  if (subscription.isPending) return 'loading';
  const data = subscription.data;
  if (data?.payments !== 'off') return null;
  if (intent === 'subscribe' && data.status === 'active' && data.source === 'paid') return null;
  return 'payments-off';
}

/** A plan change's intent from its preview: a payment when something is charged now. */
export function previewIntent(preview: Pick<PlanPreview, 'charge_now'>): PaymentIntent {
  return preview.charge_now > 0 ? 'payment' : 'none';
}

/** A team's seats form: more seats are charged now (prorated); fewer take effect at the renewal. */
export function seatsIntent(current: number, wanted: number): PaymentIntent {
  return wanted > current ? 'payment' : 'none';
}


/**
 * What the plan-change confirmation asks: a seats change when it keeps the plan and its billing of the live subscription
 * (the membership page's seats form; "Change to Start-up now?" asked a Start-up owner who added seats), else a plan change.
 */
export function confirmTitleKey(
  preview: Pick<PlanPreview, 'kind' | 'plan' | 'frequency'>,
  subscription: { plan: Pick<NonNullable<Subscription['plan']>, 'id'> | null; frequency: Subscription['frequency'] } | undefined,
): 'subscribe' | 'upgrade' | 'downgrade' | 'keep' | 'seatsNow' | 'seatsAtRenewal' {
  const kind = preview.kind === 'unchanged' ? 'keep' : preview.kind;
  const samePlan = subscription?.plan?.id === preview.plan.id && subscription.frequency === preview.frequency;
  if (samePlan && kind === 'upgrade') return 'seatsNow';
  if (samePlan && kind === 'downgrade') return 'seatsAtRenewal';
  return kind;
}

/**
 * The confirmation of a team plan bought (or changed to) lets the buyer choose its seats, priced per seat by the
 * server's preview: a first purchase bought one seat, and more were a prorated purchase afterwards. Not where the
 * membership page's seats form sets them (a live team plan), nor for a seats change or keeping the plan.
 */
export function confirmChoosesSeats(
  preview: Pick<PlanPreview, 'kind' | 'plan' | 'frequency'>,
  subscription: Pick<Subscription, 'status' | 'source' | 'cancellation' | 'frequency' | 'plan'> | undefined,
): boolean {
  if (!preview.plan.is_team || hasSeatsForm(subscription)) return false;
  const key = confirmTitleKey(preview, subscription);
  return key === 'subscribe' || key === 'upgrade' || key === 'downgrade';
}

/** The confirmation names the seats of a team plan, one included (the owner's alone: a first Start-up bought one), and any seats above one. */
export function confirmShowsSeats(preview: Pick<PlanPreview, 'seats' | 'plan'>): boolean {
  return preview.plan.is_team || preview.seats > 1;
}
