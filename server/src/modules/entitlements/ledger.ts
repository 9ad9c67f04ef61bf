import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { UsageMetric } from './tables';

export type { UsageMetric };

/** Each metric's period: texts per UTC day, the rest per UTC month. */
export const METRIC_PERIOD: Record<UsageMetric, 'day' | 'month'> = {
  text_requests: 'day',
  documents: 'month',
  web_pages: 'month',
  api_characters: 'month',
};

/** The one period encoding: the first day of the UTC day or month of `at`, as YYYY-MM-DD. */
export function periodStart(at: Date, metric: UsageMetric): string {
  const day = at.toISOString().slice(0, 10);
  return METRIC_PERIOD[metric] === 'day' ? day : `${day.slice(0, 7)}-01`;
}

/** Ledger subjects: an account, a team, and a guest by browser token and by IP. */
export const userSubject = (userId: number) => `user:${userId}`;
export const teamSubject = (teamId: number) => `team:${teamId}`;

/**
 * A guest is counted by browser token and by IP together: both counters move, and the
 * guest is refused when either has reached the quota (clearing the token does not reset the
 * quota; a new IP alone does not either). Only the token's digest is stored.
 */
export function guestSubjects(input: { token?: string | null; ip: string }): string[] {
  const subjects = [`guest-ip:${input.ip}`];
  if (input.token) subjects.unshift(`guest-token:${createHash('sha256').update(input.token).digest('base64url').slice(0, 32)}`);
  return subjects;
}

/** One counter a unit is taken on: refused past `limit`; null counts without a limit (a member's own figures). */
export interface CountedSubject {
  subject: string;
  limit: number | null;
}

export interface Consumption {
  allowed: boolean;
  /** The first limited subject's count after this request (before it, when refused). */
  used: number;
  /** Gives the units back (the work failed); a no-op when refused. */
  release(): Promise<void>;
}

class Refused extends Error {
  constructor(readonly used: number) {
    super('usage limit reached');
  }
}

/**
 * The usage ledger. A unit is taken before the work with a conditional upsert
 * (`used + n <= limit`), on every subject at once in one transaction (all or none), so
 * concurrent requests can neither overshoot a limit nor lose a count; it is given back
 * when the work fails.
 */
export function createUsageLedger(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db } = deps;

  /** Adds `amount` to one counter unless that passes `limit`; the new count, or null when refused. */
  async function take(executor: Kysely<DB>, subject: string, metric: UsageMetric, period: string, amount: number, limit: number | null): Promise<number | null> {
    const guard = limit === null ? sql`` : sql`where usage_ledger.used + excluded.used <= ${limit}`;
    const result = await sql<{ used: string | number }>`
      insert into usage_ledger (subject, metric, period_start, used, updated_at)
      values (${subject}, ${metric}, ${period}, ${amount}, now())
      on conflict (subject, metric, period_start)
      do update set used = usage_ledger.used + excluded.used, updated_at = excluded.updated_at ${guard}
      returning used`.execute(executor);
    const row = result.rows[0];
    return row ? Number(row.used) : null;
  }

  async function count(subject: string, metric: UsageMetric, at = deps.now()): Promise<number> {
    const row = await db
      .selectFrom('usage_ledger')
      .select('used')
      .where('subject', '=', subject)
      .where('metric', '=', metric)
      .where('period_start', '=', periodStart(at, metric))
      .executeTakeFirst();
    return row ? Number(row.used) : 0;
  }

  async function giveBack(subjects: string[], metric: UsageMetric, period: string, amount: number) {
    if (!subjects.length || amount <= 0) return;
    await db
      .updateTable('usage_ledger')
      .set({ used: sql`greatest(used - ${amount}, 0)` })
      .where('subject', 'in', subjects)
      .where('metric', '=', metric)
      .where('period_start', '=', period)
      .execute();
  }

  return {
    count,

    /** Counts of several subjects for one metric in the current period. */
    async counts(subjects: string[], metric: UsageMetric, at = deps.now()): Promise<Map<string, number>> {
      const result = new Map(subjects.map((subject) => [subject, 0]));
      if (!subjects.length) return result;
      const rows = await db
        .selectFrom('usage_ledger')
        .select(['subject', 'used'])
        .where('subject', 'in', subjects)
        .where('metric', '=', metric)
        .where('period_start', '=', periodStart(at, metric))
        .execute();
      for (const row of rows) result.set(row.subject, Number(row.used));
      return result;
    },

    /**
     * Takes `amount` units of `metric` on every subject, or none: refused when a limited
     * subject would pass its limit.
     */
    async consume(input: { metric: UsageMetric; amount?: number; subjects: CountedSubject[]; at?: Date }): Promise<Consumption> {
      const amount = input.amount ?? 1;
      const period = periodStart(input.at ?? deps.now(), input.metric);
      // Locks are taken in one order (by subject), so two requests cannot wait on each other.
      const subjects = [...new Map(input.subjects.map((s) => [s.subject, s])).values()].sort((a, b) => a.subject.localeCompare(b.subject));
      const firstLimited = input.subjects.find((s) => s.limit !== null) ?? input.subjects[0];
      const refusedAt = async () => (firstLimited ? count(firstLimited.subject, input.metric, input.at) : 0);
      const noop = async () => {};
      if (subjects.some((s) => s.limit !== null && amount > s.limit)) return { allowed: false, used: await refusedAt(), release: noop };
      const release = () => giveBack(subjects.map((s) => s.subject), input.metric, period, amount);

      if (subjects.length === 1) {
        const used = await take(db, subjects[0]!.subject, input.metric, period, amount, subjects[0]!.limit);
        return used === null ? { allowed: false, used: await refusedAt(), release: noop } : { allowed: true, used, release };
      }
      try {
        const used = await db.transaction().execute(async (trx) => {
          const after = new Map<string, number>();
          for (const s of subjects) {
            const value = await take(trx, s.subject, input.metric, period, amount, s.limit);
            if (value === null) throw new Refused(0);
            after.set(s.subject, value);
          }
          return after.get(firstLimited!.subject) ?? 0;
        });
        return { allowed: true, used, release };
      } catch (error) {
        if (error instanceof Refused) return { allowed: false, used: await refusedAt(), release: noop };
        throw error;
      }
    },

    /** Gives units back later (a document that failed in its job): in the period they were taken. */
    giveBack: (subjects: string[], metric: UsageMetric, takenAt: Date, amount = 1) => giveBack(subjects, metric, periodStart(takenAt, metric), amount),

    /** Deletes old counters: guests' after two days, accounts' and teams' after 400 days (a year of reports). */
    async purgeOld() {
      const now = deps.now();
      const day = 86_400_000;
      const guests = await db
        .deleteFrom('usage_ledger')
        .where('subject', 'like', 'guest-%')
        .where('period_start', '<', periodStart(new Date(now.getTime() - 40 * day), 'documents'))
        .executeTakeFirst();
      const guestDays = await db
        .deleteFrom('usage_ledger')
        .where('subject', 'like', 'guest-%')
        .where('metric', '=', 'text_requests')
        .where('period_start', '<', periodStart(new Date(now.getTime() - 2 * day), 'text_requests'))
        .executeTakeFirst();
      const accounts = await db
        .deleteFrom('usage_ledger')
        .where('subject', 'not like', 'guest-%')
        .where('period_start', '<', periodStart(new Date(now.getTime() - 400 * day), 'text_requests'))
        .executeTakeFirst();
      return Number(guests.numDeletedRows) + Number(guestDays.numDeletedRows) + Number(accounts.numDeletedRows);
    },
  };
}

export type UsageLedger = ReturnType<typeof createUsageLedger>;
