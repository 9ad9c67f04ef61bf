import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createUsersRepo } from '../users/repo';
import type { Frequency, InvoiceRow, NewInvoice } from '../../db/tables/billing';

/** An invoice's JSON columns as JSON text: the drivers would write its `lines` array as a PostgreSQL array. */
const withJsonText = (values: NewInvoice): NewInvoice => ({ ...values, lines: jsonText(values.lines), customer: jsonText(values.customer), seller: jsonText(values.seller) });
const jsonText = <T>(value: T | string): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** All SQL of the billing domain. Bind it to a transaction with `createBillingRepo(trx)`. */
export function createBillingRepo(db: Kysely<DB>) {
  const users = createUsersRepo(db);
  return {
    db,

    // The account's plan columns (plan_id, trial_ends_at), through the users module's repo on
    // this repo's executor (so in this repo's transaction when it has one).
    findUser: (id: number) => users.findById(id),
    setUserPlan: (userId: number, planId: number, now: Date) => users.setPlan(userId, planId, now),
    /** An admin's grant of a paid plan: the plan, and the trial (if still running) ends now. */
    grantUserPlan: (userId: number, planId: number, now: Date) => users.grantPlan(userId, planId, now),
    /** Downgraded accounts land on the trial plan with the trial over. */
    downgradeUserToTrial: (userId: number, trialPlanId: number, now: Date) => users.downgradeToTrial(userId, trialPlanId, now),
    /** Trial users whose trial ends within (now, now + days], with no subscription. */
    trialsEndingWithin: (trialPlanIds: number[], now: Date, until: Date) => users.trialsEndingBetween(trialPlanIds, now, until),
    /** Trial users whose trial ended within (since, now], but not those downgraded for an unpaid invoice. */
    async trialsEndedSince(trialPlanIds: number[], since: Date, now: Date) {
      const ended = await users.trialsEndingBetween(trialPlanIds, since, now);
      if (!ended.length) return ended;
      const downgraded = await db
        .selectFrom('subscriptions')
        .select('user_id')
        .where('user_id', 'in', ended.map((user) => user.id))
        .where('status', '=', 'ended')
        .where('end_reason', '=', 'overdue')
        .execute();
      const skip = new Set(downgraded.map((row) => Number(row.user_id)));
      return ended.filter((user) => !skip.has(Number(user.id)));
    },
    /** Inserts a notice marker; true only the first time (user, kind, ref) is seen. */
    async markNotice(userId: number, kind: string, ref: string, now: Date) {
      const row = await db
        .insertInto('billing_notices')
        .values({ user_id: userId, kind, ref, sent_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'ref']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return Boolean(row);
    },

    // billing account
    findAccount(userId: number) {
      return db.selectFrom('billing_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    upsertAccount(userId: number, values: { gateway?: string | null; customer_ref?: string | null; selected_plan_id?: number | null; selected_frequency?: Frequency | null; selected_seats?: number | null }, now: Date) {
      return db
        .insertInto('billing_accounts')
        .values({ user_id: userId, ...values, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
        .execute();
    },

    /** Takes the account's purchase lease until `until`, unless another purchase holds it (true: taken). */
    async takePurchaseLease(userId: number, now: Date, until: Date) {
      const taken = await db
        .insertInto('billing_accounts')
        .values({ user_id: userId, updated_at: now, purchase_lease_until: until })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ purchase_lease_until: until })
            .where((eb) => eb.or([eb('billing_accounts.purchase_lease_until', 'is', null), eb('billing_accounts.purchase_lease_until', '<=', now)])),
        )
        .returning('user_id')
        .executeTakeFirst();
      return taken !== undefined;
    },

    /** Gives the lease back (only the one taken until `until`: a lapsed lease since taken by another purchase stays). */
    async releasePurchaseLease(userId: number, until: Date) {
      await db.updateTable('billing_accounts').set({ purchase_lease_until: null }).where('user_id', '=', userId).where('purchase_lease_until', '=', until).execute();
    },

    // cards
    findCard(userId: number) {
      return db.selectFrom('payment_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    upsertCard(userId: number, card: { gateway: string; token: string; brand: string; last4: string; exp_month: number; exp_year: number; holder_name: string }, now: Date) {
      return db
        .insertInto('payment_cards')
        .values({ user_id: userId, ...card, verified_at: null, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...card, verified_at: null, updated_at: now }))
        .execute();
    },
    markCardVerified(userId: number, token: string, now: Date) {
      return db.updateTable('payment_cards').set({ verified_at: now }).where('user_id', '=', userId).where('token', '=', token).execute();
    },

    // subscriptions
    findSubscription(userId: number) {
      return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    findSubscriptionById(id: number) {
      return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    upsertSubscription(values: { user_id: number; plan_id: number; frequency: Frequency; seats: number; gateway: string; current_period_start: Date; current_period_end: Date }, now: Date) {
      const row = { ...values, status: 'active' as const, next_plan_id: null, next_frequency: null, next_seats: null, ended_at: null, end_reason: null, cancel_at_period_end: false, updated_at: now };
      return db
        .insertInto('subscriptions')
        .values({ ...row, created_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    dueForRenewal(now: Date, limit = 100) {
      return db.selectFrom('subscriptions').selectAll().where('status', '=', 'active').where('current_period_end', '<=', now).orderBy('current_period_end').limit(limit).execute();
    },
    /** Moves a subscription to its next period; false when another run already did. */
    async advanceSubscription(id: number, fromEnd: Date, values: { plan_id: number; frequency: Frequency; seats: number; current_period_start: Date; current_period_end: Date; gateway?: string }, now: Date) {
      const result = await db
        .updateTable('subscriptions')
        .set({ ...values, next_plan_id: null, next_frequency: null, next_seats: null, updated_at: now })
        .where('id', '=', id)
        .where('current_period_end', '=', fromEnd)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    updateSubscription(id: number, values: Partial<{ plan_id: number; frequency: Frequency; seats: number; status: 'active' | 'past_due' | 'ended'; current_period_start: Date; current_period_end: Date; next_plan_id: number | null; next_frequency: Frequency | null; next_seats: number | null; ended_at: Date | null; end_reason: string | null; cancel_at_period_end: boolean }>, now: Date) {
      return db.updateTable('subscriptions').set({ ...values, updated_at: now }).where('id', '=', id).execute();
    },
    /** Plans some user or subscription (now or from the next period) is on. */
    async planIdsInUse() {
      const [onUsers, rows] = await Promise.all([
        users.planIdsInUse(),
        db.selectFrom('subscriptions').select('plan_id as id').union(db.selectFrom('subscriptions').select('next_plan_id as id').where('next_plan_id', 'is not', null).$narrowType<{ id: number }>()).execute(),
      ]);
      return new Set([...onUsers, ...rows.map((r) => Number(r.id))]);
    },

    // invoices
    insertInvoice(values: NewInvoice) {
      return db
        .insertInto('invoices')
        .values(withJsonText(values))
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** The renewal invoice of a period, issued at most once (unique index on its subscription, kind and period start). */
    async insertRenewalInvoiceOnce(values: NewInvoice & Pick<InvoiceRow, 'subscription_id' | 'period_start'>) {
      const inserted = await db
        .insertInto('invoices')
        .values(withJsonText(values))
        .onConflict((oc) => oc.columns(['subscription_id', 'kind', 'period_start']).where('kind', '=', 'renewal').doNothing())
        .returningAll()
        .executeTakeFirst();
      return (
        inserted ??
        (await db
          .selectFrom('invoices')
          .selectAll()
          .where('subscription_id', '=', values.subscription_id)
          .where('kind', '=', 'renewal')
          .where('period_start', '=', values.period_start)
          .executeTakeFirstOrThrow())
      );
    },
    findInvoice(id: number) {
      return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
    },
    listInvoices(userId: number) {
      return db.selectFrom('invoices').selectAll().where('user_id', '=', userId).orderBy('issued_at', 'desc').orderBy('id', 'desc').execute();
    },
    /** The invoice a user still owes (overdue first, then open), if any. */
    pendingInvoice(userId: number) {
      return db
        .selectFrom('invoices')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', ['overdue', 'open'])
        .orderBy(sql`case status when 'overdue' then 0 else 1 end`)
        .orderBy('issued_at')
        .executeTakeFirst();
    },
    /** Renewal invoices issued before `before` and never charged (their run was cut off). */
    openRenewalInvoicesIssuedBefore(before: Date, limit = 100) {
      return db.selectFrom('invoices').selectAll().where('kind', '=', 'renewal').where('status', '=', 'open').where('issued_at', '<', before).orderBy('issued_at').limit(limit).execute();
    },
    openInvoicesOlderThan(before: Date) {
      return db.selectFrom('invoices').selectAll().where('status', '=', 'open').where('issued_at', '<=', before).execute();
    },
    overdueSince(before: Date) {
      return db.selectFrom('invoices').selectAll().where('status', '=', 'overdue').where('overdue_since', '<=', before).execute();
    },
    async setInvoiceAttempt(id: number, attempts: number) {
      await db.updateTable('invoices').set({ attempts }).where('id', '=', id).execute();
    },
    /** Paid once: a second call (replayed webhook, double click) changes nothing. */
    /**
     * Paid: with the card it was paid with, the user's saved card at this moment (a saved-card
     * charge uses it, and a checkout's card is saved before its invoice is marked paid);
     * `byCard: false` for an invoice of nothing to pay (a free renewal), which no card paid.
     */
    async markInvoicePaid(id: number, values: { paid_at: Date; gateway: string; payment_ref: string }, options: { byCard: boolean } = { byCard: true }) {
      const card = (column: 'brand' | 'last4') =>
        options.byCard ? sql<string | null>`(select ${sql.ref(`payment_cards.${column}`)} from payment_cards where payment_cards.user_id = invoices.user_id)` : null;
      const result = await db
        .updateTable('invoices')
        .set({ status: 'paid', ...values, last_error: null, paid_card_brand: card('brand'), paid_card_last4: card('last4') })
        .where('id', '=', id)
        .where('status', 'in', ['open', 'overdue'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async markInvoiceOverdue(id: number, now: Date, error: string) {
      await db
        .updateTable('invoices')
        .set({ status: 'overdue', overdue_since: sql<Date>`coalesce(overdue_since, ${now})`, last_error: error })
        .where('id', '=', id)
        .where('status', 'in', ['open', 'overdue'])
        .execute();
    },
    /** Voids every open or overdue invoice of the user (an admin grant replaces what they owed). */
    async voidPendingInvoices(userId: number, now: Date, reason: string) {
      const result = await db.updateTable('invoices').set({ status: 'void', voided_at: now, last_error: reason }).where('user_id', '=', userId).where('status', 'in', ['open', 'overdue']).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async voidInvoice(id: number, now: Date, reason: string) {
      const result = await db.updateTable('invoices').set({ status: 'void', voided_at: now, last_error: reason }).where('id', '=', id).where('status', 'in', ['open', 'overdue']).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    // checkouts
    insertCheckout(values: { id: string; user_id: number; gateway: string; purpose: 'subscribe' | 'capture' | 'card' | 'authenticate'; plan_id: number | null; frequency: Frequency | null; seats: number | null; invoice_id: number | null; amount: string; description: string; created_at: Date }) {
      return db.insertInto('checkouts').values(values).returningAll().executeTakeFirstOrThrow();
    },
    setCheckoutRef(id: string, gatewayRef: string, redirectUrl: string | null) {
      return db.updateTable('checkouts').set({ gateway_ref: gatewayRef, redirect_url: redirectUrl }).where('id', '=', id).execute();
    },
    findCheckoutByRef(gateway: string, gatewayRef: string) {
      return db.selectFrom('checkouts').selectAll().where('gateway', '=', gateway).where('gateway_ref', '=', gatewayRef).executeTakeFirst();
    },
    findCheckoutByAnyRef(gatewayRef: string) {
      return db.selectFrom('checkouts').selectAll().where('gateway_ref', '=', gatewayRef).executeTakeFirst();
    },
    /** Claims an open checkout for completion; only one caller ever gets the row. */
    claimCheckout(id: string, now: Date) {
      return db.updateTable('checkouts').set({ status: 'completed', completed_at: now }).where('id', '=', id).where('status', '=', 'open').returningAll().executeTakeFirst();
    },
    failCheckout(id: string, failure: string) {
      return db.updateTable('checkouts').set({ failure }).where('id', '=', id).where('status', '=', 'open').execute();
    },

    // webhooks
    async recordEvent(gateway: string, eventId: string, type: string, now: Date) {
      const row = await db
        .insertInto('payment_events')
        .values({ gateway, event_id: eventId, type, received_at: now })
        .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return Boolean(row);
    },

  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;

/** Runs fn in one transaction with the repo bound to it. */
export function inTransaction<T>(db: Kysely<DB>, fn: (repo: BillingRepo) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => fn(createBillingRepo(trx)));
}
