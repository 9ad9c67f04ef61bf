import type { UserRow } from '../../db/schema';
import { Invalid } from '../../http/errors';
import { t, type Locale } from '../../i18n/messages';
import { addPeriod, periodAmountMinor, planChange, textToMinor } from './billing.fns';
import type { Checkouts } from './checkout';
import { ADMIN_GRANT, type BillingContext, type PlanChoice, type SubscribeResult } from './context';
import { Refused } from './errors';
import type { Invoices } from './invoices';
import { planPreview, type PlanPreview } from './plan-changes';
import { inTransaction } from './repo';
import type { InvoiceRow } from '../../db/tables/billing';

/**
 * What a user buys or pays now: a subscription (saved card or hosted checkout), a plan change
 * (upgrade charged now, downgrade at renewal), its preview, and the invoice owed.
 */
export function createPurchases(ctx: BillingContext, invoices: Invoices, checkouts: Checkouts) {
  const { deps, repo, now, purchasablePlan, syncSeats } = ctx;
  const { invoiceSeller, issueInvoice, chargeInvoice, mailInvoicePaid, reactivateAfterPayment } = invoices;
  const { startCheckout, activate } = checkouts;

  /** POST /api/user/subscribe. */
  async function subscribe(user: UserRow, choice: PlanChoice, locale: Locale): Promise<SubscribeResult> {
    await ctx.refusePlanPurchase(user);
    const plan = await purchasablePlan(choice);
    const seats = plan.is_team ? choice.seats : 1;
    const subscription = await repo.findSubscription(user.id);
    // A plan an admin granted is replaced by the one bought (a new paid period from now).
    if (subscription && subscription.status !== 'ended' && subscription.gateway !== ADMIN_GRANT) {
      // The plan as it is, with a change scheduled for the renewal: keeping it drops the change (updatePlan), as the preview says ("keep").
      const same = subscription.plan_id === plan.id && subscription.frequency === choice.frequency && subscription.seats === seats;
      if (same && !subscription.next_plan_id) throw new Refused('billing.already_subscribed');
      return updatePlan(user, { ...choice, seats }, locale);
    }
    await repo.upsertAccount(user.id, { selected_plan_id: plan.id, selected_frequency: choice.frequency, selected_seats: seats }, now());
    const amountMinor = periodAmountMinor(plan, choice.frequency, seats);
    const card = await repo.findCard(user.id);
    if (card) {
      // A saved card pays at once: issue, charge, activate.
      const start = now();
      const invoice = await issueInvoice(repo, {
        user,
        subscriptionId: null,
        plan,
        kind: 'subscription',
        frequency: choice.frequency,
        seats,
        periodStart: start,
        periodEnd: addPeriod(start, choice.frequency),
        amountMinor,
        status: 'open',
        gateway: card.gateway,
        paymentRef: null,
        seller: await invoiceSeller(),
      });
      const charged = await chargeInvoice(invoice, { retry: false });
      if (!charged.ok) {
        await repo.voidInvoice(invoice.id, now(), charged.message);
        throw new Refused('billing.card_not_authorized');
      }
      const activated = await inTransaction(deps.db, (r) =>
        activate(r, { user, plan, frequency: choice.frequency, seats, gateway: card.gateway, paymentRef: charged.invoice.payment_ref ?? '', amountMinor, invoice: charged.invoice }),
      );
      await mailInvoicePaid(user, activated.invoice);
      return { kind: 'done', message: 'billing.subscribed', params: { plan: locale === 'en' ? plan.name_en : plan.name_ar }, invoiceId: activated.invoice.id };
    }
    const frequencyText = t(locale, `billing.frequency.${choice.frequency}`);
    const planText = locale === 'en' ? plan.name_en : plan.name_ar;
    return startCheckout(user, {
      purpose: 'subscribe',
      plan,
      frequency: choice.frequency,
      seats,
      invoice: null,
      amountMinor,
      description: t(locale, 'billing.line.subscription', { plan: planText, frequency: frequencyText, count: seats }),
      locale,
    });
  }

  /** POST /api/user/update-plan: upgrades now (prorated), downgrades at renewal; its answer names the plan in `locale`, the request's. */
  async function updatePlan(user: UserRow, choice: PlanChoice, locale: Locale): Promise<SubscribeResult> {
    await ctx.refusePlanPurchase(user);
    const subscription = await repo.findSubscription(user.id);
    if (!subscription || subscription.status === 'ended') throw new Refused('billing.no_subscription');
    if (subscription.status === 'past_due') throw new Refused('billing.overdue_notice');
    if (subscription.gateway === ADMIN_GRANT) return subscribe(user, choice, locale);
    const plan = await purchasablePlan(choice);
    const seats = plan.is_team ? choice.seats : 1;
    const name = locale === 'en' ? plan.name_en : plan.name_ar;
    if (subscription.plan_id === plan.id && subscription.frequency === choice.frequency && subscription.seats === seats) {
      if (subscription.next_plan_id) {
        await repo.updateSubscription(subscription.id, { next_plan_id: null, next_frequency: null, next_seats: null }, now());
        return { kind: 'done', message: 'billing.plan_updated', params: { plan: name }, invoiceId: null };
      }
      throw new Refused('billing.plan_unchanged');
    }
    const current = await deps.plans.getById(subscription.plan_id);
    // The team's seats form: the same plan and billing, other seats. Its answer names the seats, not the plan it kept.
    const seatsOnly = subscription.plan_id === plan.id && subscription.frequency === choice.frequency;
    const at = now();
    const change = planChange({
      currentMinor: periodAmountMinor(current, subscription.frequency, subscription.seats),
      currentFrequency: subscription.frequency,
      nextMinor: periodAmountMinor(plan, choice.frequency, seats),
      nextFrequency: choice.frequency,
      periodStart: new Date(subscription.current_period_start),
      periodEnd: new Date(subscription.current_period_end),
      now: at,
    });
    if (change.kind === 'downgrade') {
      await repo.updateSubscription(subscription.id, { next_plan_id: plan.id, next_frequency: choice.frequency, next_seats: seats, cancel_at_period_end: false }, at);
      return seatsOnly
        ? { kind: 'done', message: 'billing.seats_change_scheduled', params: { count: seats, date: new Date(subscription.current_period_end) }, invoiceId: null }
        : { kind: 'done', message: 'billing.plan_change_scheduled', params: { plan: name, date: new Date(subscription.current_period_end) }, invoiceId: null };
    }
    const card = await repo.findCard(user.id);
    if (!card && change.chargeMinor > 0) throw new Refused('billing.card_not_authorized');
    const restart = change.kind === 'upgrade_restart';
    const periodStart = restart ? at : new Date(subscription.current_period_start);
    const periodEnd = restart ? addPeriod(at, choice.frequency) : new Date(subscription.current_period_end);
    let invoice: InvoiceRow | null = null;
    if (change.chargeMinor > 0) {
      invoice = await issueInvoice(repo, {
        user,
        subscriptionId: subscription.id,
        plan,
        kind: 'proration',
        frequency: choice.frequency,
        seats,
        periodStart: at,
        periodEnd,
        amountMinor: change.chargeMinor,
        status: 'open',
        gateway: card!.gateway,
        paymentRef: null,
        seller: await invoiceSeller(),
      });
      const charged = await chargeInvoice(invoice, { retry: false });
      if (!charged.ok) {
        await repo.voidInvoice(invoice.id, now(), charged.message);
        throw new Refused('billing.card_not_authorized');
      }
      invoice = charged.invoice;
    }
    await inTransaction(deps.db, async (r) => {
      await r.updateSubscription(
        subscription.id,
        { plan_id: plan.id, frequency: choice.frequency, seats, current_period_start: periodStart, current_period_end: periodEnd, next_plan_id: null, next_frequency: null, next_seats: null, cancel_at_period_end: false },
        now(),
      );
      await r.setUserPlan(user.id, plan.id, now());
      await syncSeats(r, user.id, seats);
    });
    if (invoice) await mailInvoicePaid(user, invoice);
    if (seatsOnly) return { kind: 'done', message: 'billing.seats_updated', params: { count: seats }, invoiceId: invoice?.id ?? null };
    return { kind: 'done', message: 'billing.plan_updated', params: { plan: name }, invoiceId: invoice?.id ?? null };
  }

  /** POST /api/user/plan-preview: what subscribe / update-plan would charge and change (plan-changes.ts). */
  async function previewChange(user: UserRow, choice: PlanChoice): Promise<PlanPreview> {
    await ctx.refusePlanPurchase(user);
    const plan = await purchasablePlan(choice);
    const subscription = await repo.findSubscription(user.id);
    const live = subscription && subscription.status !== 'ended' && subscription.gateway !== ADMIN_GRANT ? subscription : null;
    const currentPlan = user.plan_id ? await deps.plans.getById(user.plan_id).catch(() => null) : null;
    return planPreview({
      plan,
      frequency: choice.frequency,
      seats: plan.is_team ? choice.seats : 1,
      current: live ? { subscription: live, plan: await deps.plans.getById(live.plan_id) } : null,
      hasCard: Boolean(await repo.findCard(user.id)),
      trialEndsAt: currentPlan?.is_trial && user.trial_ends_at ? new Date(user.trial_ends_at) : null,
      now: now(),
    });
  }

  /** GET /api/hyperpay/checkout: a COPYandPAY checkout for the chosen plan, or for the invoice owed. */
  async function hyperpayCheckout(user: UserRow, query: Partial<PlanChoice>, locale: Locale) {
    const pending = await repo.pendingInvoice(user.id);
    let result: SubscribeResult;
    if (!query.plan_id && pending) {
      result = await startCheckout(user, { purpose: 'capture', plan: null, frequency: null, seats: null, invoice: pending, amountMinor: textToMinor(pending.amount), description: `Lisan ${pending.number}`, locale });
    } else {
      const account = await repo.findAccount(user.id);
      const planId = query.plan_id ?? account?.selected_plan_id;
      if (!planId) throw Invalid.field('plan_id', 'validation.required', { attribute: 'plan_id' });
      result = await subscribe(user, { plan_id: planId, frequency: query.frequency ?? account?.selected_frequency ?? 'monthly', seats: query.seats ?? account?.selected_seats ?? 1 }, locale);
    }
    if (result.kind !== 'widget') throw new Refused('billing.gateway_unavailable');
    return result;
  }

  /** POST /api/user/pending-invoice/capture: pays the invoice owed with the saved card. */
  async function capturePendingInvoice(user: UserRow, invoiceId: number | undefined, locale: Locale): Promise<SubscribeResult> {
    const invoice = invoiceId ? await repo.findInvoice(invoiceId) : await repo.pendingInvoice(user.id);
    if (!invoice || invoice.user_id !== user.id || (invoice.status !== 'overdue' && invoice.status !== 'open')) throw new Refused('billing.no_pending_invoice');
    const card = await repo.findCard(user.id);
    if (!card) {
      return startCheckout(user, { purpose: 'capture', plan: null, frequency: null, seats: null, invoice, amountMinor: textToMinor(invoice.amount), description: `Lisan ${invoice.number}`, locale });
    }
    const charged = await chargeInvoice(invoice, { retry: true });
    if (!charged.ok) throw new Refused('billing.card_not_authorized');
    await inTransaction(deps.db, (r) => reactivateAfterPayment(r, charged.invoice));
    await mailInvoicePaid(user, charged.invoice);
    return { kind: 'done', message: 'billing.invoice_paid', params: {}, invoiceId: invoice.id };
  }

  return { subscribe, updatePlan, previewChange, hyperpayCheckout, capturePendingInvoice };
}
