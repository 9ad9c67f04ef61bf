// Subscription and billing (shared/API.md "Plans, subscription, billing", spec sections 4 and 5):
// the subscription, subscribe and plan changes, invoices, the saved card, hosted checkouts'
// returns, the sandbox gateway's checkout page and the gateways' webhooks.
import { z } from 'zod';
import { dataOf, messageOnly, statusMessage, timestamp } from './common';

export const frequency = z.enum(['monthly', 'yearly']);
export type Frequency = z.output<typeof frequency>;
export const invoiceStatus = z.enum(['open', 'paid', 'overdue', 'void']);
export const checkoutPurpose = z.enum(['subscribe', 'capture', 'card', 'authenticate']);

/**
 * A refused subscription, plan change or payment (spec section 4: "Status 201: error dialog
 * with the message"). The calls that also carry `error_codes` on errors answer it with the
 * status; the others (save-plan, test3d, the sandbox checkout) with the message alone.
 */
export const refusal = statusMessage;
export const refusalMessage = messageOnly;

/** A plan in brief, on the subscription. */
export const planBrief = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  price: z.number(),
  price_yearly: z.number(),
  is_team: z.boolean(),
  is_trial: z.boolean(),
  archived: z.boolean(),
});
export type PlanBrief = z.output<typeof planBrief>;

/** GET /api/user/subscription -> data.data: the subscription as the membership screen shows it. */
export const subscription = z.object({
  status: z.enum(['trial', 'trial_expired', 'active', 'past_due', 'ended', 'none']),
  plan: planBrief.nullable(),
  frequency: frequency.nullable(),
  seats: z.number().int().nullable(),
  /** USD a period (0 when an admin granted the plan). */
  amount: z.number().nullable(),
  /** admin: granted by an administrator (nothing to cancel); paid: bought. */
  source: z.enum(['admin', 'paid']).nullable(),
  currency: z.string(),
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  days_left: z.number().int().nullable(),
  expiring_soon: z.boolean(),
  /** Canceled at period end: when it ends (no renewal); resume undoes it. */
  cancellation: z.object({ ends_at: z.string() }).nullable(),
  next_change: z.object({ plan: planBrief.nullable(), frequency, seats: z.number().int(), starts_at: z.string() }).nullable(),
  trial: z.object({ ends_at: z.string(), remaining_days: z.number().int(), expired: z.boolean() }).nullable(),
  card: z
    .object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int(), holder_name: z.string(), verified: z.boolean(), gateway: z.string() })
    .nullable(),
  pending_invoice: z.object({ id: z.number().int(), number: z.string(), amount: z.number(), status: invoiceStatus, overdue_since: z.string().nullable() }).nullable(),
  downgraded: z.object({ at: z.string() }).nullable(),
  selected_plan: z.object({ plan_id: z.number().int(), frequency, seats: z.number().int() }).nullable(),
  /** null: no gateway takes payments (payments are not set up yet). */
  gateway: z.enum(['sandbox', 'stripe', 'hyperpay']).nullable(),
  /** live, sandbox (test cards, no money charged) or off (payments are not set up yet). */
  payments: z.enum(['live', 'sandbox', 'off']),
  grace_days: z.number().int(),
});
export type Subscription = z.output<typeof subscription>;
export const subscriptionAnswer = dataOf(dataOf(subscription));

/**
 * 200 of subscribe, update-plan and capture: done (with the invoice paid, if any), or a hosted
 * checkout to go to (a page, or HyperPay's widget).
 */
export const subscribed = z.union([
  z.object({ status: z.number().int(), checkout_url: z.string() }),
  z.object({ status: z.number().int(), checkout_id: z.string(), script_url: z.string() }),
  z.object({ status: z.number().int(), message: z.string(), invoice_id: z.number().int().nullable() }),
]);
/** What subscribe, update-plan and capture answer: 200 `subscribed`, or 201 `refusal`. */
export type SubscribeAnswer = z.output<typeof subscribed> | z.output<typeof refusal>;

/** GET /api/hyperpay/checkout: a COPYandPAY widget for the chosen plan or the invoice owed. */
export const hyperpayWidget = z.object({ status: z.number().int(), checkout_id: z.string(), script_url: z.string() });

/** POST /api/user/plan-preview -> data: what a plan change charges now and later, before it is made. */
export const planPreview = z.object({
  /** subscribe: a first paid plan; upgrade: now, prorated; downgrade: at the renewal; unchanged: nothing to do; keep: drops a scheduled change. */
  kind: z.enum(['subscribe', 'upgrade', 'downgrade', 'unchanged', 'keep']),
  plan: z.object({ id: z.number().int(), name_en: z.string(), name_ar: z.string(), is_team: z.boolean() }),
  frequency,
  seats: z.number().int(),
  currency: z.literal('USD'),
  /** Charged at confirmation (USD). */
  charge_now: z.number(),
  /** The unused part of the current period taken off a restart (USD), or null. */
  credit: z.number().nullable(),
  /** How `charge_now` is paid: the saved card at once, a hosted checkout, a card to add first, or nothing to pay. */
  payment: z.enum(['saved_card', 'checkout', 'card_required', 'none']),
  takes_effect_at: z.string(),
  renews_at: z.string(),
  /** Charged at `renews_at` (USD). */
  renewal_amount: z.number(),
  /** Trial days left that end when the paid plan starts (null when not on a trial). */
  trial_days_left: z.number().int().nullable(),
});
export type PlanPreview = z.output<typeof planPreview>;
export const planPreviewAnswer = dataOf(planPreview);

/** POST /api/checkout-auth and /api/hyperpay-auth: the outcome of a hosted checkout; a failure says why and offers it again. */
export const checkoutAnswer = z.object({
  status: z.enum(['paid', 'open', 'failed']),
  purpose: checkoutPurpose,
  message: z.string(),
  reason: z.string().optional(),
  hint: z.string().optional(),
  back_to_checkout: z.string().optional(),
  checkout_url: z.string().nullable().optional(),
});
export type CheckoutAnswer = z.output<typeof checkoutAnswer>;

/** The saved card, as POST /api/user/update-billing answers it (the gateway keeps the number). */
export const savedCard = z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int(), holder_name: z.string() });
export const cardSaved = statusMessage.extend({ card: savedCard });
export type CardSaved = z.output<typeof cardSaved>;

/** POST /api/test3d: verified at once, or a 3-D Secure page to go to. */
export const cardCheck = z.union([z.object({ status: z.number().int(), redirect_url: z.string() }), statusMessage]);
export type CardCheck = z.output<typeof cardCheck>;

/** One row of GET /api/user/invoices. */
export const invoice = z.object({
  invoice_id: z.number().int(),
  id: z.number().int(),
  number: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: invoiceStatus,
  kind: z.enum(['subscription', 'renewal', 'proration']),
  issued_at: timestamp,
  paid_at: timestamp.nullable(),
  overdue_since: timestamp.nullable(),
  period: z.object({ start: timestamp, end: timestamp }),
  description_en: z.string(),
  description_ar: z.string(),
  /** The card it was paid with ("VISA •••• 4242" on the PDF); null when unpaid, free, or paid before cards were kept. */
  paid_card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  download_url: z.string(),
});
export type Invoice = z.output<typeof invoice>;
export const invoiceList = dataOf(z.array(invoice));

/** GET /api/sandbox/checkout/:id: the sandbox gateway's hosted checkout (test mode, no real money). */
export const sandboxSession = z.object({
  id: z.string(),
  mode: z.enum(['payment', 'authenticate']),
  /** USD. */
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  status: z.enum(['open', 'paid']),
  last_failure: z.string().nullable(),
  cancel_url: z.string(),
});
export type SandboxSession = z.output<typeof sandboxSession>;
export const sandboxSessionAnswer = dataOf(sandboxSession);

/** POST /api/sandbox/checkout/:id/pay: back to the shop (a declined card is a 402). */
export const sandboxPaid = z.object({ status: z.number().int(), redirect_url: z.string() });
export type SandboxPaid = z.output<typeof sandboxPaid>;

/** POST /api/stripe/webhook: Stripe wants a 2xx; the body says whether the event was new. */
export const webhookReceived = z.object({ received: z.boolean(), duplicate: z.boolean() });
