import type { MailJob } from '../mail/mailer';

/** Every job type and its payload. Modules add their jobs here. */
export interface JobPayloads {
  'mail-send': MailJob;
  /** Scheduled (cron); no payload. */
  'history-auto-delete': Record<string, never>;
}
