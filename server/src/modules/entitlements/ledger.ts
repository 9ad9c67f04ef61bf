import { hash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createBatcher } from '../../db/batcher';
import type { QuotaMetric, UsageMetric } from '../../db/tables/entitlements';

export type { QuotaMetric, UsageMetric };

/** Each metric's period: texts per UTC day, the rest per UTC month. */
export const METRIC_PERIOD: Record<UsageMetric, 'day' | 'month'> = {
  text_requests: 'day',
  documents: 'month',
  web_pages: 'month',
  api_characters: 'month',
  api_requests: 'month',
};

/** The one period encoding: the first day of the UTC day or month of `at`, as YYYY-MM-DD. */
export function periodStart(at: Date, metric: UsageMetric): string {
  const day = at.toISOString().slice(0, 10);
  return METRIC_PERIOD[metric] === 'day' ? day : `${day.slice(0, 7)}-01`;
}

/** Ledger subjects: an account, a team, and a guest by browser token and by IP. */
export const userSubject = (userId: number) => `user:${userId}`;
export const teamSubject = (teamId: number) => `team:${teamId}`;
/** A developer API key's own figures (requests, characters, documents of the month), counted without a limit. */
export const apiKeySubject = (keyId: number) => `api-key:${keyId}`;

/**
 * A guest is counted by browser token and by IP together: both counters move, and the
 * guest is refused when either has reached the quota (clearing the token does not reset the
 * quota; a new IP alone does not either). Only the token's digest is stored.
 */
export function guestSubjects(input: { token?: string | null; ip: string }): string[] {
  const subjects = [`guest-ip:${input.ip}`];
  if (input.token) subjects.unshift(`guest-token:${hash('sha256', input.token, 'base64url').slice(0, 32)}`);
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

/**
 * One request's units, subjects deduplicated and sorted: as the batcher carries them, and as
 * `prepare` gives them to a caller that takes them in a statement of its own (`takeSql`).
 */
export interface ConsumeRequest {
  metric: UsageMetric;
  period: string;
  amount: number;
  subjects: CountedSubject[];
  firstLimited: string | null;
}

interface ConsumeOutcome {
  allowed: boolean;
  used: number;
}

/** What usage_ledger_consume and usage_ledger_take answer: each request's decision and its first limited subject's count. */
export interface ConsumeOutcomes {
  allowed: boolean[];
  used: Array<number | string>;
}

const noop = async () => {};

/** The one argument of usage_ledger_consume and usage_ledger_take for these requests (see consumeBatch). */
function batchArgument(requests: readonly ConsumeRequest[]): string {
  const keyOf = (subject: string, metric: string, period: string) => `${subject}\u0000${metric}\u0000${period}`;
  const counters = new Map<string, { s: string; m: UsageMetric; p: string }>();
  for (const request of requests) for (const s of request.subjects) counters.set(keyOf(s.subject, request.metric, request.period), { s: s.subject, m: request.metric, p: request.period });
  const ordered = [...counters.entries()].sort(([, a], [, b]) => compare(a.s, b.s) || compare(a.m, b.m) || compare(a.p, b.p));
  const index = new Map(ordered.map(([key], i) => [key, i]));
  return JSON.stringify({
    counters: ordered.map(([, counter]) => counter),
    requests: requests.map((request) => ({
      a: request.amount,
      c: request.subjects.map((s) => index.get(keyOf(s.subject, request.metric, request.period))!),
      l: request.subjects.map((s) => s.limit),
      f: request.firstLimited === null ? null : index.get(keyOf(request.firstLimited, request.metric, request.period))!,
    })),
  });
}

const outcomeOf = (outcomes: ConsumeOutcomes, index: number): ConsumeOutcome => ({ allowed: outcomes.allowed[index]!, used: Number(outcomes.used[index]) });

/** Usage read by `counts`: one subject's figure for one metric (0 where nothing was counted). */
export interface UsageCounts {
  get(subject: string, metric: UsageMetric): number;
}

/** Plain code-point order: the same in JS and in every database collation-free comparison we rely on. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The usage ledger. A unit is taken with a conditional upsert (`used + n <= limit`), on every
 * subject at once in one transaction (all or none), so concurrent requests can neither
 * overshoot a limit nor lose a count: before the work (`consume`; given back when the work
 * fails), or, for a text translation, in the statement that saves it (`prepare`, `takeSql`),
 * where a refusal saves nothing and a failure before the save takes nothing.
 */
export function createUsageLedger(deps: { db: Kysely<DB>; now: () => Date; /** Batches written at once: 1 on PGlite (one connection), more on PostgreSQL. */ batchConcurrency?: number }) {
  const { db } = deps;

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

  async function giveBack(subjects: string[], metric: UsageMetric, period: string, amount: number, executor: Kysely<DB> = db) {
    if (!subjects.length || amount <= 0) return;
    await executor
      .updateTable('usage_ledger')
      .set({ used: sql`greatest(used - ${amount}, 0)` })
      .where('subject', 'in', subjects)
      .where('metric', '=', metric)
      .where('period_start', '=', period)
      .execute();
  }

  /**
   * Group commit for the ledger (issue 19 item 8): the units of concurrent requests are taken
   * in one call of `usage_ledger_consume` (migration 0230), one round trip and one transaction
   * whatever their number. The counters they touch are created if missing and locked in one
   * order (subject, metric, period), each request is decided in arrival order against the
   * locked values, exactly as one conditional upsert each would, and the new values written.
   */
  async function consumeBatch(requests: ConsumeRequest[]): Promise<ConsumeOutcome[]> {
    const { rows } = await sql<{ outcomes: ConsumeOutcomes }>`select usage_ledger_consume(${batchArgument(requests)}::jsonb) as outcomes`.execute(db);
    return requests.map((_, i) => outcomeOf(rows[0]!.outcomes, i));
  }

  const consumer = createBatcher({ run: consumeBatch, concurrency: deps.batchConcurrency, maxItems: 200 });

  /** A request's units (subjects deduplicated and sorted), or its refusal when the amount alone passes a limit (no unit is taken). */
  async function prepare(input: { metric: UsageMetric; amount?: number; subjects: CountedSubject[]; at?: Date }): Promise<{ request: ConsumeRequest; refused?: undefined } | { refused: Consumption }> {
    const amount = input.amount ?? 1;
    const period = periodStart(input.at ?? deps.now(), input.metric);
    // Locks are taken in one order (by subject), so two requests cannot wait on each other.
    const subjects = [...new Map(input.subjects.map((s) => [s.subject, s])).values()].sort((a, b) => compare(a.subject, b.subject));
    const firstLimited = input.subjects.find((s) => s.limit !== null) ?? input.subjects[0];
    if (subjects.some((s) => s.limit !== null && amount > s.limit)) {
      return { refused: { allowed: false, used: firstLimited ? await count(firstLimited.subject, input.metric, input.at) : 0, release: noop } };
    }
    return { request: { metric: input.metric, period, amount, subjects, firstLimited: firstLimited?.subject ?? null } };
  }

  async function submit(request: ConsumeRequest): Promise<Consumption> {
    const outcome = await consumer.submit(request);
    return outcome.allowed ? { allowed: true, used: outcome.used, release: () => release(request) } : { allowed: false, used: outcome.used, release: noop };
  }

  /** Gives a request's units back (its work failed after they were taken). */
  const release = (request: ConsumeRequest) => giveBack(request.subjects.map((s) => s.subject), request.metric, request.period, request.amount);

  return {
    count,
    prepare,
    release,

    /**
     * The SQL expression that takes these requests' units inside a statement of the caller's (the
     * text translator's save), its argument appended to `params`: all of them, or the statement
     * fails with an error that `allowedIn` reads (usage_ledger_take, migration 0320), so what
     * the statement writes is kept only with its units. Its value is the decisions, which
     * `usedOf` reads.
     */
    takeSql(requests: readonly ConsumeRequest[], params: unknown[]): string {
      params.push(batchArgument(requests));
      return `usage_ledger_take($${params.length}::jsonb)`;
    },

    /** The count after the request at `index` of a `takeSql` batch (its first limited subject's). */
    usedOf: (outcomes: ConsumeOutcomes, index: number) => outcomeOf(outcomes, index).used,

    /** Of a statement that `takeSql` refused, whether each of its requests was allowed, in order (null for another error). */
    allowedIn(error: unknown): boolean[] | null {
      const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
      if (code !== 'LQ001' || typeof detail !== 'string') return null;
      return (JSON.parse(detail) as ConsumeOutcomes).allowed;
    },

    /**
     * Counts of several subjects and metrics, each metric in its current period, in one
     * statement; a counter not written yet reads 0.
     */
    async counts(subjects: readonly string[], metrics: readonly UsageMetric[], at = deps.now()): Promise<UsageCounts> {
      const found = new Map<string, number>();
      if (subjects.length && metrics.length) {
        const rows = await db
          .selectFrom('usage_ledger')
          .select(['subject', 'metric', 'used'])
          .where('subject', 'in', subjects)
          .where((eb) => eb.or(metrics.map((metric) => eb.and([eb('metric', '=', metric), eb('period_start', '=', periodStart(at, metric))]))))
          .execute();
        for (const row of rows) found.set(`${row.subject}\u0000${row.metric}`, Number(row.used));
      }
      return { get: (subject, metric) => found.get(`${subject}\u0000${metric}`) ?? 0 };
    },

    /**
     * Takes `amount` units of `metric` on every subject, or none: refused when a limited
     * subject would pass its limit. Concurrent calls are grouped (see `consumeBatch`).
     */
    async consume(input: { metric: UsageMetric; amount?: number; subjects: CountedSubject[]; at?: Date }): Promise<Consumption> {
      const prepared = await prepare(input);
      return prepared.refused ?? submit(prepared.request);
    },

    /** Takes a prepared request's units now, in the ledger's own group commit (as `consume`). */
    submit,

    /**
     * Gives units back later (a document that failed in its job): in the period they were
     * taken; `executor`, a transaction of the caller's that records the give-back with it.
     */
    giveBack: (subjects: string[], metric: UsageMetric, takenAt: Date, amount = 1, executor?: Kysely<DB>) => giveBack(subjects, metric, periodStart(takenAt, metric), amount, executor),

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
