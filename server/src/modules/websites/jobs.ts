import { JOB_LEASE_SECONDS, type JobQueue } from '../../jobs/queue';
import type { WebsitesService } from './service';

const TRANSLATE_RETRY_LIMIT = 3;

/** Crawls and translations run as jobs; both handlers are safe to run twice. */
export function defineWebsiteJobs(queue: JobQueue, websites: WebsitesService) {
  queue.define({
    name: 'website-crawl',
    // A whole site at a polite pace can take a while; a crashed worker's crawl is retried.
    settings: { retryLimit: 2, retryDelay: 30, retryBackoff: true, leaseSeconds: JOB_LEASE_SECONDS },
    concurrency: 2,
    handle: (job) => websites.runCrawl(job),
  });
  queue.define({
    name: 'website-translate',
    settings: { retryLimit: TRANSLATE_RETRY_LIMIT, retryDelay: 30, retryBackoff: true, leaseSeconds: JOB_LEASE_SECONDS },
    concurrency: 1,
    // The last attempt does not throw: it gives the pages it could not translate back, with the reason.
    handle: (job, meta) => websites.runTranslate(job, { last: meta.retryCount >= TRANSLATE_RETRY_LIMIT }),
  });
}
