import type { MailJob } from '../mail/mailer';

/** Every job type and its payload. Modules add their jobs here. */
export interface JobPayloads {
  'mail-send': MailJob;
  /** modules/documents: analyse, translate in batches, write the file (resumable). */
  'document-translate': { jobId: string };
}
