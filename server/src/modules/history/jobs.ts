import type { JobQueue } from '../../jobs/queue';
import type { HistoryService } from './service';

/**
 * `history-auto-delete`, every 15 minutes: deletes history entries past their owner's
 * automatic deletion age, guests' texts and documents past their retention, tombstones of
 * deleted documents from past months, old usage counters, and the delivery records of mail
 * sent more than a month ago (`purgeExpiredData`, wired in container.ts).
 * Every step is a plain delete of what is due, so running it twice does no harm.
 */
export function defineHistoryJobs(queue: JobQueue, deps: { history: HistoryService; purgeExpiredData: () => Promise<unknown> }) {
  queue.define({
    name: 'history-auto-delete',
    cron: '*/15 * * * *',
    settings: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
    concurrency: 1,
    handle: async () => {
      await deps.history.deleteExpired();
      await deps.purgeExpiredData();
    },
  });
}
