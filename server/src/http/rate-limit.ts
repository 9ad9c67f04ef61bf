import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createBatcher, type Batcher } from '../db/batcher';
import { TooManyRequests } from './errors';

/**
 * Fixed-window counters in the database, so every api process shares them.
 * Keys name the rule and the subject, e.g. `login:ip:203.0.113.9`.
 */
interface Hit {
  kind: 'hit';
  key: string;
  limit: number;
  windowSeconds: number;
}

/** A counter's state, read without counting. */
type Operation = Hit | { kind: 'read'; key: string };

interface CounterRow {
  key: string;
  hits: number;
  window_started_at: Date | string;
}

interface HitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the database, so every api process shares them.
 * Keys name the rule and the subject, e.g. `login:ip:203.0.113.9`.
 *
 * Hits are group-committed: the hits of concurrent requests go in one upsert (per window
 * length), each key's counted together, and every hit learns its own place in the window
 * (the n-th hit of a key in a batch is its count before the batch plus n), so a busy API
 * key costs one statement per batch, not one per request, with the same answers.
 */
export class RateLimiter {
  /**
   * Hits and reads of concurrent requests in one batch: the hits of one window length in one
   * upsert, and the reads in the same statement as the first of them (a key request's hit and
   * its address's failure count are one statement, not two).
   */
  private readonly operations: Batcher<Operation, HitResult | CounterRow | undefined>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date = () => new Date(),
    options: { batchConcurrency?: number } = {},
  ) {
    this.operations = createBatcher({ run: (items) => this.runBatch(items), concurrency: options.batchConcurrency, maxItems: 500 });
  }

  private async runBatch(items: Operation[]): Promise<Array<HitResult | CounterRow | undefined>> {
    const now = this.now();
    const results = new Array<HitResult | CounterRow | undefined>(items.length);
    const reads = [...new Set(items.flatMap((item) => (item.kind === 'read' ? [item.key] : [])))];
    const readRows = new Map<string, CounterRow>();
    const readQuery = () => this.db.selectFrom('rate_limits').select(['key', 'hits', 'window_started_at', sql<boolean>`false`.as('written')]).where('key', 'in', reads);
    const windows = [...new Set(items.flatMap((item) => (item.kind === 'hit' ? [item.windowSeconds] : [])))];
    if (!windows.length && reads.length) for (const row of await readQuery().execute()) readRows.set(row.key, row);
    for (const [w, windowSeconds] of windows.entries()) {
      const indexes = items.map((item, index) => (item.kind === 'hit' && item.windowSeconds === windowSeconds ? index : -1)).filter((index) => index >= 0);
      const counts = new Map<string, number>();
      for (const index of indexes) counts.set(items[index]!.key, (counts.get(items[index]!.key) ?? 0) + 1);
      const windowStart = new Date(now.getTime() - windowSeconds * 1000);
      const written = this.db
        .with('written', (db) =>
          db
            .insertInto('rate_limits')
            // In key order: concurrent batches then lock their rows in the same order (no deadlock).
            .values([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, hits]) => ({ key, window_started_at: now, hits })))
            .onConflict((oc) =>
              oc.column('key').doUpdateSet({
                hits: sql`case when rate_limits.window_started_at <= ${windowStart} then excluded.hits else rate_limits.hits + excluded.hits end`,
                window_started_at: sql`case when rate_limits.window_started_at <= ${windowStart} then ${now} else rate_limits.window_started_at end`,
              }),
            )
            .returning(['key', 'hits', 'window_started_at']),
        )
        .selectFrom('written')
        .select(['key', 'hits', 'window_started_at', sql<boolean>`true`.as('written')]);
      // The reads go with the first window's upsert; they see the counters as they were before it.
      const rows = await (w === 0 && reads.length ? written.unionAll(readQuery()) : written).execute();
      const after = new Map<string, CounterRow>();
      for (const row of rows) (row.written ? after : readRows).set(row.key, row);
      // The hits of one key in this batch, in arrival order: the first is the earliest in the window.
      const seen = new Map<string, number>();
      for (const index of indexes) {
        const { key, limit } = items[index] as Hit;
        const row = after.get(key)!;
        const nth = (seen.get(key) ?? 0) + 1;
        seen.set(key, nth);
        const count = row.hits - counts.get(key)! + nth;
        const resetsAt = new Date(row.window_started_at).getTime() + windowSeconds * 1000;
        results[index] = { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)) };
      }
    }
    items.forEach((item, index) => {
      if (item.kind === 'read') results[index] = readRows.get(item.key);
    });
    return results;
  }

  hit(key: string, limit: number, windowSeconds: number): Promise<HitResult> {
    return this.operations.submit({ kind: 'hit', key, limit, windowSeconds }) as Promise<HitResult>;
  }

  /** Counts a hit and throws TooManyRequests (429 with Retry-After) past the limit. */
  async consume(key: string, limit: number, windowSeconds: number) {
    const result = await this.hit(key, limit, windowSeconds);
    if (!result.allowed) throw new TooManyRequests(result.retryAfterSeconds);
    return result;
  }

  /** Seconds until `key` may be hit again when it is already past `limit` in its window, else 0 (counts nothing). */
  async blockedFor(key: string, limit: number, windowSeconds: number) {
    const row = (await this.operations.submit({ kind: 'read', key })) as CounterRow | undefined;
    if (!row || row.hits < limit) return 0;
    const resetsAt = new Date(row.window_started_at).getTime() + windowSeconds * 1000;
    const now = this.now().getTime();
    return resetsAt > now ? Math.max(1, Math.ceil((resetsAt - now) / 1000)) : 0;
  }

  async reset(key: string) {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async purgeOlderThan(cutoff: Date) {
    await this.db.deleteFrom('rate_limits').where('window_started_at', '<', cutoff).execute();
  }
}
