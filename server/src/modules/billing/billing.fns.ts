import type { PlanRow } from '../../db/schema';
import type { Frequency } from '../../db/tables/billing';

const DAY_MS = 86_400_000;

/** The end of a period that starts at `start`: one calendar month or year later (UTC), clamped to the month's last day. */
export function addPeriod(start: Date, frequency: Frequency): Date {
  const months = frequency === 'yearly' ? 12 : 1;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()));
}

/** USD cents for one period of a plan (price per user per month or per year, times seats). */
export function periodAmountMinor(plan: Pick<PlanRow, 'price' | 'price_yearly'>, frequency: Frequency, seats: number): number {
  const unit = Number(frequency === 'yearly' ? plan.price_yearly : plan.price);
  return Math.round(unit * 100) * seats;
}

/** Cents a month, to compare a monthly and a yearly subscription. */
export function monthlyEquivalentMinor(amountMinor: number, frequency: Frequency): number {
  return frequency === 'yearly' ? amountMinor / 12 : amountMinor;
}

export const minorToText = (minor: number) => (minor / 100).toFixed(2);
export const textToMinor = (text: string | number) => Math.round(Number(text) * 100);

/** Share of the period [start, end) still ahead at `now`, between 0 and 1. */
export function remainingFraction(start: Date, end: Date, now: Date): number {
  const total = end.getTime() - start.getTime();
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, (end.getTime() - now.getTime()) / total));
}

export type PlanChange =
  /** Same frequency, more per period: pay the difference for the rest of this period. */
  | { kind: 'upgrade_prorated'; chargeMinor: number }
  /** Another frequency and more per month: a new period starts now, less the unused part of the old one. */
  | { kind: 'upgrade_restart'; chargeMinor: number; creditMinor: number }
  /** Cheaper (or equal): takes effect at the next renewal. */
  | { kind: 'downgrade' };

/**
 * How a mid-period change is billed. Upgrades are prorated by time left in the period
 * (to the cent, rounded); downgrades wait for the renewal, with no refund.
 */
export function planChange(input: {
  currentMinor: number;
  currentFrequency: Frequency;
  nextMinor: number;
  nextFrequency: Frequency;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): PlanChange {
  const fraction = remainingFraction(input.periodStart, input.periodEnd, input.now);
  const currentMonthly = monthlyEquivalentMinor(input.currentMinor, input.currentFrequency);
  const nextMonthly = monthlyEquivalentMinor(input.nextMinor, input.nextFrequency);
  if (nextMonthly <= currentMonthly) return { kind: 'downgrade' };
  if (input.nextFrequency === input.currentFrequency) {
    return { kind: 'upgrade_prorated', chargeMinor: Math.max(0, Math.round((input.nextMinor - input.currentMinor) * fraction)) };
  }
  const creditMinor = Math.round(input.currentMinor * fraction);
  return { kind: 'upgrade_restart', chargeMinor: Math.max(0, input.nextMinor - creditMinor), creditMinor };
}

/** Whole days left until `end`, rounded up; 0 once passed. */
export function daysLeft(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/** The active plan to move an archived plan's subscribers to at renewal: same audience, the nearest price. */
export function replacementPlan(archived: PlanRow, candidates: PlanRow[]): PlanRow | null {
  const eligible = candidates.filter((p) => !p.archived_at && !p.is_trial && Number(p.price) > 0 && p.id !== archived.id);
  if (!eligible.length) return null;
  const sameAudience = eligible.filter((p) => p.is_team === archived.is_team);
  const pool = sameAudience.length ? sameAudience : eligible;
  const price = Number(archived.price);
  return [...pool].sort((a, b) => Math.abs(Number(a.price) - price) - Math.abs(Number(b.price) - price) || Number(b.price) - Number(a.price))[0]!;
}
