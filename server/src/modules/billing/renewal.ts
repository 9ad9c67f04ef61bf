import type { PlanRow, UserRow } from '../../db/schema';
import { addPeriod, periodAmountMinor, replacementPlan, textToMinor } from './billing.fns';
import { ADMIN_GRANT, DAY_MS, TRIAL_REMINDER_DAYS, type BillingContext } from './context';
import type { Invoices } from './invoices';
import { inTransaction } from './repo';
import { ROLE } from '../../http/access';
import type { InvoiceRow, SubscriptionRow } from '../../db/tables/billing';

/**
 * The scheduled billing sweep (jobs.ts runs it): trial notices, renewals (an invoice charged on
 * the saved card, or an admin's grant carried on), then downgrades of invoices overdue past grace.
 */
export function createRenewals(ctx: BillingContext, invoices: Invoices) {
  const { deps, repo, now, logger, config, appUrl, planName, sendMail, syncSeats } = ctx;
  const { invoiceSeller, issueInvoice, chargeInvoice, mailInvoicePaid } = invoices;

  /** The trial plans, the live one first (archived trials last, newest archive first). */
  async function trialPlanIds() {
    return (await deps.plans.listAll()).filter((plan) => plan.is_trial).map((plan) => plan.id);
  }

  /** Trial reminders (3 days before the end) and "trial expired" notices, each once per trial. */
  async function runTrialNotices() {
    const at = now();
    const ids = await trialPlanIds();
    let sent = 0;
    const ending = await repo.trialsEndingWithin(ids, at, new Date(at.getTime() + TRIAL_REMINDER_DAYS * DAY_MS));
    for (const user of ending) {
      const endsAt = new Date(user.trial_ends_at!);
      if (!(await repo.markNotice(user.id, 'trial_reminder', endsAt.toISOString(), at))) continue;
      sent += 1;
      await sendMail(user, {
        kind: 'trial_reminder',
        name: user.name,
        params: { count: Math.max(1, Math.ceil((endsAt.getTime() - at.getTime()) / DAY_MS)) },
        dates: { date: endsAt.toISOString() },
        action: { url: `${appUrl}/user/membership`, label: 'plans' },
      });
    }
    // Trials that ended in the last 30 days (older ones were told long ago, or predate this job).
    const ended = await repo.trialsEndedSince(ids, new Date(at.getTime() - 30 * DAY_MS), at);
    for (const user of ended) {
      if (!(await repo.markNotice(user.id, 'trial_expired', new Date(user.trial_ends_at!).toISOString(), at))) continue;
      sent += 1;
      await sendMail(user, { kind: 'trial_expired', name: user.name, params: {}, action: { url: `${appUrl}/user/membership`, label: 'plans' } });
    }
    return sent;
  }

  /**
   * Issues and charges the next period's invoice of every subscription whose period ended, then
   * charges the renewal invoices an earlier run issued but never charged: its process died
   * during the charge, or the gateway did not answer. Issuing the invoice and advancing the
   * period are one transaction, so the subscription is not due again; the open invoice is what
   * is left to settle. It is charged with the same idempotency key as the cut-off attempt, so a
   * charge the gateway did take is answered again, not taken twice.
   */
  async function runRenewals() {
    const at = now();
    let renewed = 0;
    const plans = await deps.plans.listAll();
    for (const subscription of await repo.dueForRenewal(at)) {
      try {
        if (await renewSubscription(subscription, plans)) renewed += 1;
      } catch (error) {
        logger.error({ err: error, subscriptionId: subscription.id }, 'renewal failed');
      }
    }
    for (const invoice of await repo.openRenewalInvoicesIssuedBefore(at)) {
      try {
        if (await resumeRenewal(invoice)) renewed += 1;
      } catch (error) {
        logger.error({ err: error, invoiceId: invoice.id }, 'renewal failed');
      }
    }
    return renewed;
  }

  async function resumeRenewal(invoice: InvoiceRow) {
    const user = await repo.findUser(invoice.user_id);
    const subscription = invoice.subscription_id === null ? undefined : await repo.findSubscriptionById(invoice.subscription_id);
    // Ended (overdue, canceled) or replaced since: nothing is owed for a period it will not have.
    if (!user || !subscription || subscription.status === 'ended') return false;
    logger.warn({ invoiceId: invoice.id, number: invoice.number, attempts: invoice.attempts }, 'renewal invoice left open by an earlier run: charging it now');
    await settleRenewal(invoice, subscription, user);
    return true;
  }

  /** Charges a just-issued (or resumed) renewal invoice; a failed charge makes the subscription past due. */
  async function settleRenewal(invoice: InvoiceRow, subscription: Pick<SubscriptionRow, 'id' | 'gateway'>, user: UserRow) {
    if (textToMinor(invoice.amount) === 0) {
      await repo.markInvoicePaid(invoice.id, { paid_at: now(), gateway: subscription.gateway, payment_ref: 'free' }, { byCard: false });
      return;
    }
    const charged = await chargeInvoice(invoice, { retry: false });
    if (charged.ok) {
      await mailInvoicePaid(user, charged.invoice);
    } else {
      await repo.updateSubscription(subscription.id, { status: 'past_due' }, now());
      await sendMail(user, {
        kind: 'payment_failed',
        name: user.name,
        params: { number: invoice.number, amount: Number(invoice.amount).toFixed(2), count: config.billing.graceDays },
        action: { url: `${appUrl}/user/payment-management`, label: 'pay' },
      });
    }
  }

  async function renewSubscription(subscription: SubscriptionRow, plans: PlanRow[]) {
    const user = await repo.findUser(subscription.user_id);
    if (!user) return false;
    if (subscription.cancel_at_period_end) return endCanceled(subscription, user, plans);
    // Someone who is now in a team works under the owner's plan: a plan of their own (bought
    // before they joined) would be charged and change nothing, so it ends as a canceled one does.
    if (subscription.gateway !== ADMIN_GRANT && (await deps.entitlementsOf(user)).payer.kind === 'team_owner') return endCanceled(subscription, user, plans, { teamMember: true });
    let plan = plans.find((p) => p.id === (subscription.next_plan_id ?? subscription.plan_id));
    if (!plan) return false;
    if (plan.archived_at) plan = replacementPlan(plan, plans) ?? plan;
    const frequency = subscription.next_frequency ?? subscription.frequency;
    const seats = plan.is_team ? (subscription.next_seats ?? subscription.seats) : 1;
    const start = new Date(subscription.current_period_end);
    const end = addPeriod(start, frequency);
    // An administrator's account buys no plan (refusePlanPurchase): a paid subscription it still
    // has (bought before the account became an administrator's) is not charged again, and goes on
    // from here as a grant, the way the admin area gives an administrator's account its plan.
    const grantFromNow = subscription.gateway !== ADMIN_GRANT && user.role_id === ROLE.admin;
    if (subscription.gateway === ADMIN_GRANT || grantFromNow) {
      // An admin's grant runs on, period after period, with no invoice, until someone changes it.
      await inTransaction(deps.db, async (r) => {
        if (!(await r.advanceSubscription(subscription.id, start, { plan_id: plan!.id, frequency, seats, current_period_start: start, current_period_end: end, ...(grantFromNow ? { gateway: ADMIN_GRANT } : {}) }, now()))) return;
        await r.setUserPlan(user.id, plan!.id, now());
        await syncSeats(r, user.id, seats);
      });
      return true;
    }
    const amountMinor = periodAmountMinor(plan, frequency, seats);
    const seller = await invoiceSeller();
    const invoice = await inTransaction(deps.db, async (r) => {
      const issued = await issueInvoice(r, {
        user,
        subscriptionId: subscription.id,
        plan: plan!,
        kind: 'renewal',
        frequency,
        seats,
        periodStart: start,
        periodEnd: end,
        amountMinor,
        status: 'open',
        gateway: null,
        paymentRef: null,
        seller,
      });
      await r.advanceSubscription(subscription.id, start, { plan_id: plan!.id, frequency, seats, current_period_start: start, current_period_end: end }, now());
      await r.setUserPlan(user.id, plan!.id, now());
      await syncSeats(r, user.id, seats);
      return issued;
    });
    if (invoice.status !== 'open') return true;
    await settleRenewal(invoice, subscription, user);
    return true;
  }

  /**
   * A canceled subscription at the end of its paid period: it ends (no invoice), the account goes
   * back to the ended trial, seats to one. `teamMember`: not canceled, but its user now works
   * under a team owner's plan (renewSubscription), so it ends all the same.
   */
  async function endCanceled(subscription: SubscriptionRow, user: UserRow, plans: PlanRow[], options: { teamMember?: boolean } = {}) {
    const [trialPlanId] = await trialPlanIds();
    if (trialPlanId === undefined) return false;
    const at = now();
    const ended = await inTransaction(deps.db, async (r) => {
      const fresh = await r.findSubscription(user.id);
      if (!fresh || fresh.id !== subscription.id || fresh.status === 'ended' || !(fresh.cancel_at_period_end || options.teamMember)) return false;
      await r.updateSubscription(subscription.id, { status: 'ended', ended_at: at, end_reason: 'canceled', next_plan_id: null, next_frequency: null, next_seats: null }, at);
      await r.downgradeUserToTrial(user.id, trialPlanId, at);
      await syncSeats(r, user.id, 1);
      return true;
    });
    if (!ended) return false;
    const plan = plans.find((p) => p.id === subscription.plan_id);
    // Said as it happened: ended because its user joined a team (nothing to choose: the team's plan applies), or canceled, with team seats or without.
    const variant = options.teamMember ? 'team' : subscription.seats > 1 ? 'seats' : undefined;
    await sendMail(user, {
      kind: 'subscription_ended',
      name: user.name,
      params: {},
      ...(plan ? { localized: { plan: planName(plan) } } : {}),
      ...(variant ? { variant } : {}),
      action: { url: `${appUrl}/user/membership`, label: options.teamMember ? 'membership' : 'plans' },
    });
    return true;
  }

  /** Invoices overdue past the grace period: void them and downgrade the plan. */
  async function runOverdue() {
    const at = now();
    const before = new Date(at.getTime() - config.billing.graceDays * DAY_MS);
    let downgraded = 0;
    const [trialPlanId] = await trialPlanIds();
    for (const invoice of await repo.overdueSince(before)) {
      const user = await repo.findUser(invoice.user_id);
      if (!user || trialPlanId === undefined) continue;
      const plan = invoice.plan_id ? await deps.plans.getById(invoice.plan_id).catch(() => null) : null;
      const done = await inTransaction(deps.db, async (r) => {
        if (!(await r.voidInvoice(invoice.id, at, 'overdue past grace period'))) return false;
        const subscription = await r.findSubscription(user.id);
        if (subscription && subscription.status !== 'ended') {
          await r.updateSubscription(subscription.id, { status: 'ended', ended_at: at, end_reason: 'overdue', next_plan_id: null, next_frequency: null, next_seats: null }, at);
        }
        await r.downgradeUserToTrial(user.id, trialPlanId, at);
        await syncSeats(r, user.id, 1);
        return true;
      });
      if (!done) continue;
      downgraded += 1;
      await sendMail(user, {
        kind: 'plan_downgraded',
        name: user.name,
        params: { number: invoice.number },
        ...(plan ? { localized: { plan: planName(plan) } } : {}),
        action: { url: `${appUrl}/user/membership`, label: 'plans' },
      });
    }
    return downgraded;
  }

  return {
    runTrialNotices,
    runRenewals,
    runOverdue,
    /** The scheduled job: trial notices, renewals, then overdue downgrades. */
    async sweep() {
      const notices = await runTrialNotices();
      const renewals = await runRenewals();
      const downgrades = await runOverdue();
      return { notices, renewals, downgrades };
    },
  };
}
