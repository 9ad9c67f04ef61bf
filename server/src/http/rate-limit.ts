import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { TooManyRequests } from './errors';

/**
 * Fixed-window counters in the database, so every api process shares them.
 * Keys name the rule and the subject, e.g. `login:ip:203.0.113.9`.
 */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async hit(key: string, limit: number, windowSeconds: number) {
    const now = this.now();
    const windowStart = new Date(now.getTime() - windowSeconds * 1000);
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_started_at: now, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`case when rate_limits.window_started_at <= ${windowStart} then 1 else rate_limits.hits + 1 end`,
          window_started_at: sql`case when rate_limits.window_started_at <= ${windowStart} then ${now} else rate_limits.window_started_at end`,
        }),
      )
      .returning(['hits', 'window_started_at'])
      .executeTakeFirstOrThrow();
    const resetsAt = new Date(row.window_started_at).getTime() + windowSeconds * 1000;
    return {
      allowed: row.hits <= limit,
      remaining: Math.max(0, limit - row.hits),
      retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)),
    };
  }

  /** Counts a hit and throws TooManyRequests (429 with Retry-After) past the limit. */
  async consume(key: string, limit: number, windowSeconds: number) {
    const result = await this.hit(key, limit, windowSeconds);
    if (!result.allowed) throw new TooManyRequests(result.retryAfterSeconds);
    return result;
  }

  /** Seconds until `key` may be hit again when it is already past `limit` in its window, else 0 (counts nothing). */
  async blockedFor(key: string, limit: number, windowSeconds: number) {
    const row = await this.db.selectFrom('rate_limits').select(['hits', 'window_started_at']).where('key', '=', key).executeTakeFirst();
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
