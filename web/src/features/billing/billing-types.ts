// Shapes of the billing calls of the contract (shared/API.md "Plans, subscription, billing").

export type Frequency = 'monthly' | 'yearly';

export interface PlanBrief {
  id: number;
  slug: string;
  name_en: string;
  name_ar: string;
  price: number;
  price_yearly: number;
  is_team: boolean;
  is_trial: boolean;
  archived: boolean;
}

/** GET /api/user/subscription -> data.data */
export interface Subscription {
  status: 'trial' | 'trial_expired' | 'active' | 'past_due' | 'ended' | 'none';
  plan: PlanBrief | null;
  frequency: Frequency | null;
  seats: number | null;
  amount: number | null;
  /** admin: granted by an administrator (nothing to cancel); paid: bought. */
  source?: 'admin' | 'paid' | null;
  currency: string;
  starts_at: string | null;
  expires_at: string | null;
  days_left: number | null;
  expiring_soon: boolean;
  /** Canceled at period end: when it ends (no renewal); resume undoes it. */
  cancellation?: { ends_at: string } | null;
  next_change: { plan: PlanBrief | null; frequency: Frequency; seats: number; starts_at: string } | null;
  trial: { ends_at: string; remaining_days: number; expired: boolean } | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; holder_name: string; verified: boolean; gateway: string } | null;
  pending_invoice: { id: number; number: string; amount: number; status: 'open' | 'overdue'; overdue_since: string | null } | null;
  downgraded: { at: string } | null;
  selected_plan: { plan_id: number; frequency: Frequency; seats: number } | null;
  /** null: no gateway takes payments (payments are not set up yet). */
  gateway: 'sandbox' | 'stripe' | 'hyperpay' | null;
  /** live, sandbox (test cards, no money charged) or off (payments are not set up yet). */
  payments?: 'live' | 'sandbox' | 'off';
  grace_days: number;
}

/** One row of GET /api/user/invoices. */
export interface Invoice {
  invoice_id: number;
  id: number;
  number: string;
  amount: number;
  currency: string;
  status: 'paid' | 'open' | 'overdue' | 'void';
  kind: 'subscription' | 'renewal' | 'proration';
  issued_at: string;
  paid_at: string | null;
  period: { start: string; end: string };
  description_en: string;
  description_ar: string;
  download_url: string;
}

/** Answer of subscribe, update-plan and capture (200, or 201 refused). */
export interface SubscribeAnswer {
  status?: number;
  message?: string;
  checkout_url?: string;
  checkout_id?: string;
  script_url?: string;
}

/** Answer of POST /api/checkout-auth and /api/hyperpay-auth. */
export interface CheckoutAnswer {
  status: 'paid' | 'open' | 'failed';
  purpose: 'subscribe' | 'capture' | 'card' | 'authenticate';
  message: string;
  reason?: string;
  hint?: string;
  back_to_checkout?: string;
  checkout_url?: string | null;
}

export interface CardForm {
  card_name: string;
  card_number: string;
  expiry: string;
  cvv: string;
}

/** POST /api/user/plan-preview -> data: what a plan change charges now and later, before it is made. */
export interface PlanPreview {
  kind: 'subscribe' | 'upgrade' | 'downgrade' | 'unchanged' | 'keep';
  plan: { id: number; name_en: string; name_ar: string; is_team: boolean };
  frequency: Frequency;
  seats: number;
  currency: 'USD';
  charge_now: number;
  credit: number | null;
  payment: 'saved_card' | 'checkout' | 'card_required' | 'none';
  takes_effect_at: string;
  renews_at: string;
  renewal_amount: number;
  trial_days_left: number | null;
}
