import type { ColumnType, Generated } from 'kysely';

/** migrations/0220_mail_deliveries.sql: one row per `mail-send` job that has begun sending. */
export interface MailDeliveriesTable {
  job_id: string;
  /** The Message-ID header every attempt of the job carries. */
  message_id: string;
  attempts: Generated<number>;
  /** When the SMTP server (or the outbox) accepted the message; null while unknown. */
  sent_at: Date | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface MailTables {
  mail_deliveries: MailDeliveriesTable;
}
