import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createBatcher, type Batcher } from '../db/batcher';
import { TooManyRequests } from './errors';

interface Hit {
  kind: 'hit';
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Rows of another table looked up by a text key in a rate-limit batch's statement, so a
 * request that both reads such a row and counts a hit (a key request: its API key and the
 * key's hit) waits for one statement, not two. The look-up's owner writes its SQL.
 */
export interface RowLookup<R> {
  /**
   * A select of two columns, `key` (text, one of `keys`) and `row` (json), its parameters
   * appended to `params` (placeholders numbered on from those already there).
   */
  sql(keys: string[], params: unknown[]): string;
  /** A row as its JSON reads back (timestamps as text). */
  parse(row: Record<string, unknown>): R;
}

/** A counter's state, read without counting; or a row of a look-up. */
type Operation = Hit | { kind: 'read'; key: string } | { kind: 'lookup'; lookup: RowLookup<unknown>; key: string };

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

/** The statement's rows: a counter after the batch's hits (`kind` 0), as before them (1), or a look-up's row (2 and on). */
interface BatchRow extends CounterRow {
  kind: number;
  row: unknown;
}

/** `$n, $n+1, ...` for `values`, appended to `params`. */
function placeholders(values: readonly unknown[], params: unknown[]) {
  return values.map((value) => `$${params.push(value)}`).join(', ');
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
   * Hits, reads and look-ups of concurrent requests in one batch: the hits of one window
   * length in one upsert, and the reads and look-ups in the same statement as the first of
   * them (a key request's hit, its address's failure count and its key are one statement).
   */
  private readonly operations: Batcher<Operation, unknown>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date = () => new Date(),
    options: { batchConcurrency?: number } = {},
  ) {
    this.operations = createBatcher({ run: (items) => this.runBatch(items), concurrency: options.batchConcurrency, maxItems: 500 });
  }

  /**
   * The batch's statements, written as SQL text (Kysely's builder made a node per value, per
   * batch, on the API thread): per window length `with "written" as (insert ... on conflict
   * ... returning ...) select ... from "written"`, the first one followed by `union all` the
   * reads (the counters as they were before the batch: one snapshot) and the look-ups; with no
   * hit, the reads and look-ups alone.
   */
  private async runBatch(items: Operation[]): Promise<unknown[]> {
    const now = this.now();
    const results = new Array<unknown>(items.length);
    const reads = [...new Set(items.flatMap((item) => (item.kind === 'read' ? [item.key] : [])))];
    const lookups = new Map<RowLookup<unknown>, Set<string>>();
    for (const item of items) {
      if (item.kind !== 'lookup') continue;
      const keys = lookups.get(item.lookup);
      if (keys) keys.add(item.key);
      else lookups.set(item.lookup, new Set([item.key]));
    }
    const lookupOrder = [...lookups.keys()];
    /** The reads and look-ups as `union all` branches of the statement whose parameters are `params`. */
    const readBranches = (params: unknown[]) => {
      const branches: string[] = [];
      if (reads.length) branches.push(`select "key", "hits", "window_started_at", 1 as "kind", null::json as "row" from "rate_limits" where "key" in (${placeholders(reads, params)})`);
      lookupOrder.forEach((lookup, index) => {
        branches.push(`select "l"."key", null::integer as "hits", null::timestamptz as "window_started_at", ${index + 2} as "kind", "l"."row" from (${lookup.sql([...lookups.get(lookup)!], params)}) as "l"`);
      });
      return branches;
    };
    const readRows = new Map<string, CounterRow>();
    const found = lookupOrder.map(() => new Map<string, unknown>());
    const collect = (rows: BatchRow[]) => {
      const after = new Map<string, CounterRow>();
      for (const row of rows) {
        if (row.kind === 0) after.set(row.key, row);
        else if (row.kind === 1) readRows.set(row.key, row);
        else {
          const lookup = lookupOrder[row.kind - 2]!;
          const value = typeof row.row === 'string' ? (JSON.parse(row.row) as Record<string, unknown>) : (row.row as Record<string, unknown>);
          found[row.kind - 2]!.set(row.key, lookup.parse(value));
        }
      }
      return after;
    };
    const windows = [...new Set(items.flatMap((item) => (item.kind === 'hit' ? [item.windowSeconds] : [])))];
    if (!windows.length && (reads.length || lookupOrder.length)) {
      const params: unknown[] = [];
      const text = readBranches(params).join(' union all ');
      collect((await this.db.executeQuery<BatchRow>(CompiledQuery.raw(text, params))).rows);
    }
    for (const [w, windowSeconds] of windows.entries()) {
      const indexes = items.map((item, index) => (item.kind === 'hit' && item.windowSeconds === windowSeconds ? index : -1)).filter((index) => index >= 0);
      const counts = new Map<string, number>();
      for (const index of indexes) counts.set(items[index]!.key, (counts.get(items[index]!.key) ?? 0) + 1);
      const windowStart = new Date(now.getTime() - windowSeconds * 1000);
      const params: unknown[] = [now, windowStart];
      // In key order: concurrent batches then lock their rows in the same order (no deadlock).
      const values = [...counts]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, hits]) => `(${placeholders([key], params)}, $1, ${placeholders([hits], params)})`)
        .join(', ');
      const written =
        `with "written" as (insert into "rate_limits" ("key", "window_started_at", "hits") values ${values} on conflict ("key") do update set ` +
        `"hits" = case when "rate_limits"."window_started_at" <= $2 then excluded."hits" else "rate_limits"."hits" + excluded."hits" end, ` +
        `"window_started_at" = case when "rate_limits"."window_started_at" <= $2 then $1 else "rate_limits"."window_started_at" end ` +
        `returning "key", "hits", "window_started_at") select "key", "hits", "window_started_at", 0 as "kind", null::json as "row" from "written"`;
      // The reads and look-ups go with the first window's upsert; they see the tables as they were before it.
      const text = [written, ...(w === 0 ? readBranches(params) : [])].join(' union all ');
      const after = collect((await this.db.executeQuery<BatchRow>(CompiledQuery.raw(text, params))).rows);
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
      else if (item.kind === 'lookup') results[index] = found[lookupOrder.indexOf(item.lookup)]!.get(item.key);
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

  /**
   * The row of `lookup` for `key` (undefined when there is none), read in the statement of
   * the batch it joins: with the hits and reads of concurrent requests, this request's own.
   */
  lookup<R>(lookup: RowLookup<R>, key: string): Promise<R | undefined> {
    return this.operations.submit({ kind: 'lookup', lookup, key }) as Promise<R | undefined>;
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
