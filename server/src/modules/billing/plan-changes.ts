import type { PlanRow } from '../../db/schema';
import { addPeriod, daysLeft, minorToText, periodAmountMinor, planChange } from './billing.fns';
import type { Frequency, SubscriptionRow } from '../../db/tables/billing';

/**
 * What a plan change will do, before it is made (issue 14): what is charged now (prorated),
 * when it takes effect, what renews when and for how much, and what happens to the trial
 * days left. The membership screen shows it and asks for confirmation; POST
 * /api/user/plan-preview answers it. The rules are the ones `updatePlan` and `subscribe`
 * apply (billing.fns `planChange`), so the preview and the charge cannot disagree.
 */
export interface PlanPreview {
  /** subscribe: a first paid plan; upgrade: now, prorated; downgrade: at the renewal; unchanged: nothing to do; keep: drops a scheduled change. */
  kind: 'subscribe' | 'upgrade' | 'downgrade' | 'unchanged' | 'keep';
  plan: { id: number; name_en: string; name_ar: string; is_team: boolean };
  frequency: Frequency;
  seats: number;
  currency: 'USD';
  /** Charged at confirmation (USD). */
  charge_now: number;
  /** The unused part of the current period taken off a restart (USD), or null. */
  credit: number | null;
  /** How `charge_now` is paid: the saved card at once, a hosted checkout, a card to add first (a change mid-period), or nothing to pay. */
  payment: 'saved_card' | 'checkout' | 'card_required' | 'none';
  takes_effect_at: string;
  renews_at: string;
  /** Charged at `renews_at` (USD). */
  renewal_amount: number;
  /** Trial days left that end when the paid plan starts (null when not on a trial). */
  trial_days_left: number | null;
}

const money = (minor: number) => Number(minorToText(minor));

export function planPreview(input: {
  plan: PlanRow;
  frequency: Frequency;
  seats: number;
  /** The live paid subscription and its plan; null for a first purchase (or an admin's grant, which a purchase replaces). */
  current: { subscription: SubscriptionRow; plan: PlanRow } | null;
  hasCard: boolean;
  trialEndsAt: Date | null;
  now: Date;
}): PlanPreview {
  const { plan, frequency, seats, now } = input;
  const nextMinor = periodAmountMinor(plan, frequency, seats);
  const trialDaysLeft = input.trialEndsAt && input.trialEndsAt > now ? daysLeft(input.trialEndsAt, now) : null;
  const base = {
    plan: { id: plan.id, name_en: plan.name_en, name_ar: plan.name_ar, is_team: plan.is_team },
    frequency,
    seats,
    currency: 'USD' as const,
    renewal_amount: money(nextMinor),
  };
  const payment = (chargeMinor: number) => (chargeMinor <= 0 ? 'none' : input.hasCard ? 'saved_card' : 'checkout') as PlanPreview['payment'];

  if (!input.current) {
    return {
      ...base,
      kind: 'subscribe',
      charge_now: money(nextMinor),
      credit: null,
      payment: payment(nextMinor),
      takes_effect_at: now.toISOString(),
      renews_at: addPeriod(now, frequency).toISOString(),
      trial_days_left: trialDaysLeft,
    };
  }

  const { subscription, plan: currentPlan } = input.current;
  const periodEnd = new Date(subscription.current_period_end);
  const unchanged = { ...base, charge_now: 0, credit: null, payment: 'none' as const, takes_effect_at: now.toISOString(), renews_at: periodEnd.toISOString(), trial_days_left: null };
  if (subscription.plan_id === plan.id && subscription.frequency === frequency && subscription.seats === seats) {
    return { ...unchanged, kind: subscription.next_plan_id ? 'keep' : 'unchanged' };
  }
  const change = planChange({
    currentMinor: periodAmountMinor(currentPlan, subscription.frequency, subscription.seats),
    currentFrequency: subscription.frequency,
    nextMinor,
    nextFrequency: frequency,
    periodStart: new Date(subscription.current_period_start),
    periodEnd,
    now,
  });
  if (change.kind === 'downgrade') return { ...unchanged, kind: 'downgrade', takes_effect_at: periodEnd.toISOString() };
  const restart = change.kind === 'upgrade_restart';
  return {
    ...base,
    kind: 'upgrade',
    charge_now: money(change.chargeMinor),
    credit: restart ? money(change.creditMinor) : null,
    payment: change.chargeMinor > 0 ? (input.hasCard ? 'saved_card' : 'card_required') : 'none',
    takes_effect_at: now.toISOString(),
    renews_at: (restart ? addPeriod(now, frequency) : periodEnd).toISOString(),
    trial_days_left: null,
  };
}

/** The subscription fields of a cancellation: it keeps running until `current_period_end`, then ends. */
export function cancellationOf(subscription: Pick<SubscriptionRow, 'status' | 'cancel_at_period_end' | 'current_period_end'>) {
  return subscription.status !== 'ended' && subscription.cancel_at_period_end ? { ends_at: new Date(subscription.current_period_end).toISOString() } : null;
}
