/**
 * Every job type and its payload. Modules add their jobs here, except `mail-send`, which
 * mail/jobs.ts declares (module augmentation): its payload is typed by the mail templates, and
 * mail builds on the queue, so naming it here would tie jobs and mail into a cycle.
 */
export interface JobPayloads {
  /** Crawl (or re-crawl) a website; `generation` tells a stale job from the current one. */
  'website-crawl': { websiteId: number; generation: number };
  /** Translate every Pending page of a website. */
  'website-translate': { websiteId: number };
  /** Billing: trial notices, renewals, overdue downgrades (scheduled, no payload). */
  'billing-sweep': Record<string, never>;
  /** Scheduled daily: deletes expired session recordings and page views (modules/analytics). */
  'analytics-retention': Record<string, never>;
  /** modules/documents: analyse, translate in batches, write the file (resumable). */
  'document-translate': { jobId: string };
  /** Scheduled (cron); no payload. */
  'history-auto-delete': Record<string, never>;
  /** engines/bergamot/provision.ts: fetch missing (or, with force, all) models; admin Engines screen. */
  'models-provision': { force: boolean };
}
