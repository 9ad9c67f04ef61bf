import type { JobQueue } from '../jobs/queue';
import type { MailJob, Mailer } from './mailer';

/** Mail goes out through the `mail-send` job, so a slow SMTP server never holds a request. */
export function defineMailJobs(queue: JobQueue, mailer: Mailer) {
  queue.define({
    name: 'mail-send',
    settings: { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
    concurrency: 2,
    handle: async (job) => {
      await mailer.deliver(job);
    },
  });
}

export function createMailService(queue: JobQueue) {
  return {
    /** Queues a mail; the worker renders and sends it. */
    async send<J extends MailJob>(job: J) {
      return queue.send('mail-send', job);
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
