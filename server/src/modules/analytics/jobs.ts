import type { Logger } from 'pino';
import type { JobQueue } from '../../jobs/queue';
import type { AnalyticsService } from './service';

export const ANALYTICS_RETENTION_JOB = 'analytics-retention';
/** Every day at 03:17 UTC (off the hour, away from other nightly jobs). */
export const ANALYTICS_RETENTION_CRON = '17 3 * * *';

/** Deletes expired session recordings and page views; running it twice deletes nothing more. */
export function defineAnalyticsJobs(queue: JobQueue, deps: { analytics: AnalyticsService; logger: Logger }) {
  queue.define({
    name: ANALYTICS_RETENTION_JOB,
    cron: ANALYTICS_RETENTION_CRON,
    settings: { retryLimit: 3, retryDelay: 60, expireInSeconds: 15 * 60 },
    handle: async () => {
      const deleted = await deps.analytics.purgeExpired();
      deps.logger.info({ deleted }, 'analytics retention applied');
    },
  });
}
