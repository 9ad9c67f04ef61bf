import { createHash } from 'node:crypto';
import { createBatcher } from '../../db/batcher';
import type { TranslateRepo } from './repo';

/**
 * Usage counting for quotas. A request takes its unit before the work (so concurrent
 * requests cannot overshoot a quota) and gives it back when it fails or is refused, so
 * only requests that succeeded are counted. Periods are UTC days (text requests per
 * day) or UTC months (document requests per month).
 */
export type UsagePeriod = 'day' | 'month';

export const TEXT_REQUESTS = 'text_requests';

/** Start of the UTC day or month of `now`, as YYYY-MM-DD. */
export function periodStart(now: Date, period: UsagePeriod): string {
  const iso = now.toISOString().slice(0, 10);
  return period === 'day' ? iso : `${iso.slice(0, 7)}-01`;
}

/** The counter of a signed-in user: their own, or their team's (members share the team plan's quotas). */
export function quotaSubject(user: { id: number }, team: { teamId: number } | null): string {
  return team ? `team:${team.teamId}` : `user:${user.id}`;
}

/**
 * A guest is counted by browser token and by IP together: both counters move, and
 * the guest is refused when either has reached the quota (clearing the token does not
 * reset the quota; a new IP alone does not either). The token is hashed: only its
 * digest is stored.
 */
export function guestSubjects(input: { token?: string | null; ip: string }): string[] {
  const subjects = [`guest-ip:${input.ip}`];
  if (input.token) subjects.unshift(`guest-token:${createHash('sha256').update(input.token).digest('base64url').slice(0, 32)}`);
  return subjects;
}

export function createUsageService(deps: { repo: TranslateRepo; now: () => Date; batchConcurrency?: number }) {
  const increments = createBatcher({
    run: (items: Array<{ subjects: string[]; metric: string; periodStart: string }>) => deps.repo.incrementUsageBatch(items, deps.now()),
    concurrency: deps.batchConcurrency,
  });

  return {
    /**
     * Takes one unit on every subject. When any of them goes past `limit`, the units are
     * given back at once and `allowed` is false. `release` gives the units back later
     * (the request failed).
     */
    async consume(input: { subjects: string[]; metric: string; period: UsagePeriod; limit: number }) {
      const now = deps.now();
      const start = periodStart(now, input.period);
      const counts = await increments.submit({ subjects: input.subjects, metric: input.metric, periodStart: start });
      const used = Math.max(...counts.values());
      const release = () => deps.repo.decrementUsage(input.subjects, input.metric, start);
      if (used > input.limit) {
        await release();
        return { allowed: false as const, used: used - 1, release: async () => {} };
      }
      return { allowed: true as const, used, release };
    },

    async count(subject: string, metric: string, period: UsagePeriod) {
      return deps.repo.usageCount(subject, metric, periodStart(deps.now(), period));
    },

    /** The `usage` object of GET /api/user (a team member sees the team's shared counters). */
    async snapshotFor(user: { id: number }, team: { teamId: number } | null) {
      return { text_requests_today: await this.count(quotaSubject(user, team), TEXT_REQUESTS, 'day') };
    },

    /** Deletes old counters: guests' after two days, users' after 400 days (a year of reports). */
    async purgeOld() {
      const now = deps.now();
      const day = 86_400_000;
      const guests = await deps.repo.purgeUsageBefore('guest-', periodStart(new Date(now.getTime() - 2 * day), 'day'));
      const yearAgo = periodStart(new Date(now.getTime() - 400 * day), 'day');
      const users = (await deps.repo.purgeUsageBefore('user:', yearAgo)) + (await deps.repo.purgeUsageBefore('team:', yearAgo));
      return guests + users;
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
