import { JOB_LEASE_SECONDS, type JobQueue } from '../../jobs/queue';
import type { BillingService } from './service';

/** How often the billing sweep runs (UTC cron): trial notices, renewals, overdue downgrades. */
export const BILLING_SWEEP_CRON = '*/15 * * * *';

/**
 * One scheduled job. Every step is idempotent (notice markers, one renewal invoice per
 * period, conditional state updates), so an overlapping or repeated run changes nothing twice.
 */
export function defineBillingJobs(queue: JobQueue, billing: BillingService) {
  queue.define({
    name: 'billing-sweep',
    cron: BILLING_SWEEP_CRON,
    settings: { retryLimit: 3, retryDelay: 60, retryBackoff: true, leaseSeconds: JOB_LEASE_SECONDS },
    handle: async () => {
      await billing.sweep();
    },
  });
}
