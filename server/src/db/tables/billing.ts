import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Table types of the billing migrations (0040-0046). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string | T, string | T>;
type Numeric = ColumnType<string, number | string, number | string>;

export type Frequency = 'monthly' | 'yearly';
export type SubscriptionStatus = 'active' | 'past_due' | 'ended';
export type InvoiceStatus = 'open' | 'paid' | 'overdue' | 'void';
export type InvoiceKind = 'subscription' | 'renewal' | 'proration';
export type CheckoutPurpose = 'subscribe' | 'capture' | 'card' | 'authenticate';

export interface InvoiceLine {
  description_en: string;
  description_ar: string;
  quantity: number;
  unit_amount: string;
  amount: string;
}

export interface InvoiceParty {
  name: string;
  /** The seller's name in Arabic (migration 0520), when set: the Arabic invoice's heading and the QR code's name. */
  name_ar?: string;
  email?: string;
  company?: string;
  address?: string;
  tax_id?: string;
  logo_path?: string | null;
}

export interface BillingAccountsTable {
  user_id: number;
  gateway: string | null;
  customer_ref: string | null;
  selected_plan_id: number | null;
  selected_frequency: Frequency | null;
  selected_seats: number | null;
  updated_at: Timestamp;
  /** Until when a purchase of this account is under way (migration 0310); null when none is. */
  purchase_lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface PaymentCardsTable {
  user_id: number;
  gateway: string;
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: Generated<string>;
  verified_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  frequency: Frequency;
  seats: Generated<number>;
  status: SubscriptionStatus;
  gateway: string;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  next_plan_id: number | null;
  next_frequency: Frequency | null;
  next_seats: number | null;
  ended_at: Date | null;
  end_reason: string | null;
  /** Ends at `current_period_end` instead of renewing (the user canceled; "resume" clears it). */
  cancel_at_period_end: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvoicesTable {
  id: Generated<number>;
  number: Generated<string>;
  user_id: number;
  subscription_id: number | null;
  plan_id: number | null;
  kind: InvoiceKind;
  frequency: Frequency;
  seats: number;
  period_start: Timestamp;
  period_end: Timestamp;
  currency: Generated<string>;
  amount: Numeric;
  lines: Json<InvoiceLine[]>;
  customer: Json<InvoiceParty>;
  seller: Json<InvoiceParty>;
  locale: 'en' | 'ar';
  status: InvoiceStatus;
  issued_at: Timestamp;
  due_at: Timestamp;
  paid_at: Date | null;
  overdue_since: Date | null;
  voided_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  gateway: string | null;
  payment_ref: string | null;
  /** The card a paid invoice was paid with (migration 0370); null when not paid by a known card. */
  paid_card_brand: ColumnType<string | null, string | null | undefined, string | null>;
  paid_card_last4: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface CheckoutsTable {
  id: string;
  user_id: number;
  gateway: string;
  purpose: CheckoutPurpose;
  plan_id: number | null;
  frequency: Frequency | null;
  seats: number | null;
  invoice_id: number | null;
  amount: Generated<string>;
  currency: Generated<string>;
  description: Generated<string>;
  gateway_ref: string | null;
  redirect_url: string | null;
  status: Generated<'open' | 'completed' | 'failed'>;
  failure: string | null;
  created_at: Timestamp;
  completed_at: Date | null;
}

export interface PaymentEventsTable {
  gateway: string;
  event_id: string;
  type: string;
  received_at: Timestamp;
}

export interface BillingNoticesTable {
  user_id: number;
  kind: string;
  ref: string;
  sent_at: Timestamp;
}

export interface SandboxSessionsTable {
  id: string;
  mode: 'payment' | 'authenticate';
  amount_minor: number;
  currency: string;
  description: string;
  customer_email: string;
  return_url: string;
  cancel_url: string;
  locale: Generated<string>;
  card_token: string | null;
  status: Generated<'open' | 'paid'>;
  last_failure: string | null;
  payment_ref: string | null;
  card: Json<Record<string, unknown>> | null;
  created_at: CreatedAt;
}

export interface BillingTables {
  sandbox_sessions: SandboxSessionsTable;
  billing_accounts: BillingAccountsTable;
  payment_cards: PaymentCardsTable;
  subscriptions: SubscriptionsTable;
  invoices: InvoicesTable;
  checkouts: CheckoutsTable;
  payment_events: PaymentEventsTable;
  billing_notices: BillingNoticesTable;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type NewInvoice = Insertable<InvoicesTable>;
export type CheckoutRow = Selectable<CheckoutsTable>;
export type PaymentCardRow = Selectable<PaymentCardsTable>;
