import type { PlanRow, UserRow } from '../../db/schema';
import { addPeriod, daysLeft, minorToText, periodAmountMinor } from './billing.fns';
import { ADMIN_GRANT, DAY_MS, EXPIRING_SOON_DAYS, paidSeats, TRIAL_REMINDER_DAYS, type BillingContext, type PlanChoice } from './context';
import { Refused } from './errors';
import { cancellationOf } from './plan-changes';
import { inTransaction } from './repo';
import type { SubscriptionRow } from '../../db/tables/billing';

/**
 * The subscription as the user and the admin see and steer it: its state on the profile and the
 * membership screen, cancel and resume, the remembered plan choice, an admin's grant, the seats paid for.
 */
export function createSubscriptions(ctx: BillingContext) {
  const { deps, repo, now, config, appUrl, planOrInvalid, planName, sendMail, syncSeats } = ctx;

  return {
    /** The `plan` and trial fields GET /api/user adds to the profile. */
    /** `trialEndsAt`: the trial in force (the payer's, from the entitlements module). */
    async profileExtras(user: UserRow, plan: PlanRow, trialEndsAt: Date | null) {
      const [subscription, pending] = await Promise.all([repo.findSubscription(user.id), repo.pendingInvoice(user.id)]);
      const live = subscription && subscription.status !== 'ended' && subscription.plan_id === plan.id ? subscription : null;
      const onTrial = plan.is_trial;
      return {
        plan: {
          frequency: live?.frequency ?? null,
          seats: live?.seats ?? null,
          starts_at: live ? new Date(live.current_period_start).toISOString() : null,
          expires_at: live ? new Date(live.current_period_end).toISOString() : onTrial && trialEndsAt ? trialEndsAt.toISOString() : null,
          status: live?.status ?? (onTrial ? (trialEndsAt && trialEndsAt <= now() ? 'trial_expired' : 'trial') : 'none'),
        },
        trial_ends_at: onTrial && trialEndsAt ? trialEndsAt.toISOString() : null,
        trial_expired: Boolean(onTrial && trialEndsAt && trialEndsAt <= now()),
        pending_invoice: pending ? { id: pending.id, number: pending.number, amount: Number(pending.amount), status: pending.status } : null,
      };
    },

    /**
     * GET /api/user/subscription (`data.data`), with the plan and trial in force (the payer's:
     * a team member's are the owner's) as the entitlements module decides them.
     */
    async subscription(user: UserRow) {
      const [entitled, subscription, card, pending, account, gateway] = await Promise.all([
        deps.entitlementsOf(user),
        repo.findSubscription(user.id),
        repo.findCard(user.id),
        repo.pendingInvoice(user.id),
        repo.findAccount(user.id),
        deps.gateways.current().then((g) => g.id).catch(() => null),
      ]);
      // Only a guest has no plan in force.
      const currentPlan = entitled.plan!;
      const brief = (plan: PlanRow | null) =>
        plan && { id: plan.id, slug: plan.slug, name_en: plan.name_en, name_ar: plan.name_ar, price: Number(plan.price), price_yearly: Number(plan.price_yearly), is_team: plan.is_team, is_trial: plan.is_trial, archived: Boolean(plan.archived_at) };
      const live = subscription && subscription.status !== 'ended' ? subscription : null;
      const granted = live?.gateway === ADMIN_GRANT;
      const nextPlan = live?.next_plan_id ? await deps.plans.getById(live.next_plan_id).catch(() => null) : null;
      // What the subscription charges is its own plan's price: a team member's plan in force is
      // the owner's, while a subscription they bought before joining still charges for its own.
      const paidPlan = live && live.plan_id !== currentPlan.id ? await deps.plans.getById(live.plan_id) : currentPlan;
      const trialEndsAt = entitled.trial.endsAt;
      const onTrial = currentPlan.is_trial;
      const at = now();
      const status: SubscriptionRow['status'] | 'trial' | 'trial_expired' | 'none' = live ? live.status : onTrial ? (trialEndsAt && trialEndsAt <= at ? 'trial_expired' : 'trial') : 'none';
      const expiresAt = live ? new Date(live.current_period_end) : onTrial ? trialEndsAt : null;
      return {
        status,
        plan: brief(currentPlan),
        frequency: live?.frequency ?? null,
        seats: live?.seats ?? null,
        amount: live ? (granted ? 0 : Number(minorToText(periodAmountMinor(paidPlan, live.frequency, live.seats)))) : null,
        /** `admin`: granted by an administrator, nothing charged; `paid`: bought. */
        source: live ? (granted ? ('admin' as const) : ('paid' as const)) : null,
        currency: 'USD',
        starts_at: live ? new Date(live.current_period_start).toISOString() : null,
        expires_at: expiresAt ? expiresAt.toISOString() : null,
        days_left: expiresAt ? daysLeft(expiresAt, at) : null,
        expiring_soon: Boolean(expiresAt && expiresAt > at && expiresAt.getTime() - at.getTime() <= (onTrial ? TRIAL_REMINDER_DAYS : EXPIRING_SOON_DAYS) * DAY_MS),
        /** Canceled at period end: the date it ends (no renewal); "resume" undoes it. */
        cancellation: live ? cancellationOf(live) : null,
        next_change: live?.next_plan_id
          ? { plan: brief(nextPlan), frequency: live.next_frequency ?? live.frequency, seats: live.next_seats ?? live.seats, starts_at: new Date(live.current_period_end).toISOString() }
          : null,
        trial: onTrial && trialEndsAt ? { ends_at: trialEndsAt.toISOString(), remaining_days: daysLeft(trialEndsAt, at), expired: trialEndsAt <= at } : null,
        card: card ? { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, holder_name: card.holder_name, verified: Boolean(card.verified_at), gateway: card.gateway } : null,
        pending_invoice: pending ? { id: pending.id, number: pending.number, amount: Number(pending.amount), status: pending.status, overdue_since: pending.overdue_since ? new Date(pending.overdue_since).toISOString() : null } : null,
        downgraded: subscription?.status === 'ended' && subscription.end_reason === 'overdue' ? { at: new Date(subscription.ended_at!).toISOString() } : null,
        selected_plan: account?.selected_plan_id ? { plan_id: account.selected_plan_id, frequency: account.selected_frequency ?? 'monthly', seats: account.selected_seats ?? 1 } : null,
        gateway,
        /** live | sandbox (test cards: the checkout says so) | off (payments are not set up yet). */
        payments: gateway === null ? ('off' as const) : gateway === 'sandbox' ? ('sandbox' as const) : ('live' as const),
        grace_days: config.billing.graceDays,
      };
    },

    /** POST /api/user/subscription/cancel: no renewal; the plan (and its seats) stay until the paid period ends. */
    async cancelSubscription(user: UserRow) {
      const subscription = await repo.findSubscription(user.id);
      if (!subscription || subscription.status === 'ended' || subscription.gateway === ADMIN_GRANT) throw new Refused('billing.no_subscription');
      if (subscription.cancel_at_period_end) throw new Refused('billing.already_canceled');
      await repo.updateSubscription(subscription.id, { cancel_at_period_end: true, next_plan_id: null, next_frequency: null, next_seats: null }, now());
      const plan = await deps.plans.getById(subscription.plan_id);
      // The date in the reader's language (e-mail and answer alike), not ISO.
      const date = new Date(subscription.current_period_end);
      await sendMail(user, { kind: 'subscription_canceled', name: user.name, params: {}, dates: { date: date.toISOString() }, localized: { plan: planName(plan) }, action: { url: `${appUrl}/user/membership`, label: 'membership' } });
      return { message: 'billing.subscription_canceled', params: { date } };
    },

    /** POST /api/user/subscription/resume: undoes a cancellation before the period ends; renewal goes on as before. */
    async resumeSubscription(user: UserRow) {
      const subscription = await repo.findSubscription(user.id);
      if (!subscription || subscription.status === 'ended' || !subscription.cancel_at_period_end) throw new Refused('billing.not_canceled');
      // Resumed, it would renew again: a purchase an admin does not make, for a plan a team member no longer uses.
      await ctx.refusePlanPurchase(user, 'resume');
      await repo.updateSubscription(subscription.id, { cancel_at_period_end: false }, now());
      const plan = await deps.plans.getById(subscription.plan_id);
      // The date in the reader's language (e-mail and answer alike), not ISO.
      const date = new Date(subscription.current_period_end);
      await sendMail(user, { kind: 'subscription_resumed', name: user.name, params: {}, dates: { date: date.toISOString() }, localized: { plan: planName(plan) }, action: { url: `${appUrl}/user/membership`, label: 'membership' } });
      return { message: 'billing.subscription_resumed', params: { date } };
    },

    /** POST /api/user/save-plan: remembers the plan the user picked (pricing -> membership). */
    async savePlan(user: UserRow, choice: PlanChoice) {
      const plan = await planOrInvalid(choice.plan_id);
      if (plan.archived_at) throw new Refused('billing.plan_not_available');
      await repo.upsertAccount(user.id, { selected_plan_id: plan.id, selected_frequency: choice.frequency, selected_seats: plan.is_team ? choice.seats : 1 }, now());
      return { message: 'billing.plan_saved' };
    },

    /**
     * POST /api/admin/user-plan: an admin puts a user on a plan without a charge. A paid plan
     * becomes an admin-granted subscription (gateway `admin`, monthly periods renewed free,
     * seats as given, or the current team seats, or the plan's included seats); the trial, if
     * still running, ends; open or overdue invoices are voided. The trial plan ends any
     * subscription and keeps `trial_ends_at` (add trial days separately). Seats alone (the
     * user's live team plan with seats given) change only the seats: the period, its billing and
     * any scheduled change stay (docs/decisions.md). Returns the subscription before and after,
     * for the audit log.
     */
    async grantPlan(user: UserRow, input: { plan: PlanRow; seats?: number }) {
      const { plan } = input;
      const at = now();
      const summary = (row: SubscriptionRow | undefined | null) =>
        row && row.status !== 'ended'
          ? { plan_id: row.plan_id, status: row.status, frequency: row.frequency, seats: row.seats, source: row.gateway === ADMIN_GRANT ? 'admin' : 'paid', period_end: new Date(row.current_period_end).toISOString() }
          : null;
      return inTransaction(deps.db, async (r) => {
        const before = await r.findSubscription(user.id);
        const live = before && before.status !== 'ended' ? before : null;
        if (plan.is_trial) {
          if (live) await r.updateSubscription(live.id, { status: 'ended', ended_at: at, end_reason: 'admin', next_plan_id: null, next_frequency: null, next_seats: null }, at);
          await r.setUserPlan(user.id, plan.id, at);
          await syncSeats(r, user.id, 1);
          return { before: summary(before), after: null };
        }
        if (live && plan.is_team && input.seats !== undefined && live.plan_id === plan.id && user.plan_id === plan.id) {
          await r.updateSubscription(live.id, { seats: input.seats }, at);
          const resized = { ...live, seats: input.seats };
          await syncSeats(r, user.id, paidSeats(resized, plan));
          return { before: summary(before), after: summary(resized) };
        }
        const seats = plan.is_team ? (input.seats ?? (live && live.seats > 1 ? live.seats : plan.included_seats)) : 1;
        const granted = await r.upsertSubscription(
          { user_id: user.id, plan_id: plan.id, frequency: 'monthly', seats, gateway: ADMIN_GRANT, current_period_start: at, current_period_end: addPeriod(at, 'monthly') },
          at,
        );
        await r.voidPendingInvoices(user.id, at, 'replaced by an admin grant');
        await r.grantUserPlan(user.id, plan.id, at);
        await syncSeats(r, user.id, paidSeats(granted, plan));
        return { before: summary(before), after: summary(granted) };
      });
    },

    /** The seats the user pays for (null without any subscription): sizes a new team. */
    async paidSeats(userId: number): Promise<number | null> {
      const subscription = await repo.findSubscription(userId);
      if (!subscription) return null;
      const plan = await deps.plans.getById(subscription.plan_id).catch(() => null);
      return paidSeats(subscription, plan);
    },

    /**
     * Whether the user pays for a subscription of their own that will renew (bought, live, not
     * canceled): joining a team would leave it charging for a plan they no longer use.
     */
    async renewsPaidSubscription(userId: number): Promise<boolean> {
      const subscription = await repo.findSubscription(userId);
      return Boolean(subscription && subscription.status !== 'ended' && subscription.gateway !== ADMIN_GRANT && !subscription.cancel_at_period_end);
    },

    /** Plans some user or subscription still uses (admin delete archives those). */
    planIdsInUse: () => repo.planIdsInUse(),
  };
}
