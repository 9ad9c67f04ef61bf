import type { Logger } from 'pino';
import { uuidFromKey } from '../db/uuid';
import { JOB_LEASE_SECONDS, type JobQueue } from '../jobs/queue';
import { messageIdFor, type MailJob, type Mailer } from './mailer';
import type { MailDeliveriesRepo } from './repo';

declare module '../jobs/job-types' {
  interface JobPayloads {
    'mail-send': MailJob;
  }
}

export interface MailJobDeps {
  mailer: Mailer;
  deliveries: MailDeliveriesRepo;
  logger: Logger;
  now: () => Date;
}

/**
 * One run of a `mail-send` job. pg-boss delivers a job at least once, so the run records its
 * attempt before talking to the SMTP server and the delivery once the server accepted it:
 * - a run that finds the delivery recorded sends nothing (the process died after the
 *   server's "250 OK" and the record, before the job was marked completed);
 * - a run after an attempt that was begun and never recorded as accepted sends again, with
 *   the same Message-ID: the server may or may not have taken the first one (the process died
 *   during the SMTP exchange, or between the "250 OK" and the record). Losing a mail is the
 *   worse failure; that window is one database round trip.
 */
export async function sendMailOnce(deps: MailJobDeps, job: MailJob, jobId: string) {
  const attempt = await deps.deliveries.begin(jobId, messageIdFor(jobId, deps.mailer.from));
  if (attempt.sent_at) {
    deps.logger.info({ jobId, to: job.to, template: job.template, messageId: attempt.message_id }, 'mail already sent by an earlier run of this job; not sent again');
    return;
  }
  if (attempt.attempts > 1) {
    deps.logger.warn({ jobId, to: job.to, template: job.template, messageId: attempt.message_id, attempt: attempt.attempts }, 'mail sent again after an attempt that did not finish; it keeps its Message-ID');
  }
  await deps.mailer.deliver(job, { messageId: attempt.message_id });
  await deps.deliveries.markSent(jobId, deps.now());
}

/** Mail goes out through the `mail-send` job, so a slow SMTP server never holds a request. */
export function defineMailJobs(queue: JobQueue, deps: MailJobDeps) {
  queue.define({
    name: 'mail-send',
    // A lease, as the long jobs have: a mail whose worker died mid-send goes to another run
    // within about 40 s, not after a 2-minute expiry and a retry delay.
    settings: { retryLimit: 8, retryDelay: 30, retryBackoff: true, leaseSeconds: JOB_LEASE_SECONDS },
    concurrency: 2,
    handle: (job, meta) => sendMailOnce(deps, job, meta.id),
  });
}

export function createMailService(queue: JobQueue) {
  return {
    /**
     * Queues a mail; the worker renders and sends it. `once`: a key naming this mail (say, a
     * document's "ready" mail); a second send with the same key queues nothing, from any
     * process, so work that may run twice (a job resumed after a crash) mails once.
     */
    async send<J extends MailJob>(job: J, options: { once?: string } = {}) {
      return queue.send('mail-send', job, options.once ? { id: uuidFromKey(`mail:${options.once}`) } : {});
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
