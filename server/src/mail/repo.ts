import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The delivery record of `mail-send` jobs (mail/jobs.ts). */
export function createMailDeliveriesRepo(db: Kysely<DB>) {
  return {
    /** Records one more attempt of the job; says whether an earlier one was already accepted. */
    begin(jobId: string, messageId: string) {
      return db
        .insertInto('mail_deliveries')
        .values({ job_id: jobId, message_id: messageId })
        .onConflict((oc) => oc.column('job_id').doUpdateSet((eb) => ({ attempts: eb('mail_deliveries.attempts', '+', 1) })))
        .returning(['message_id', 'attempts', 'sent_at'])
        .executeTakeFirstOrThrow();
    },
    async markSent(jobId: string, at: Date) {
      await db.updateTable('mail_deliveries').set({ sent_at: at }).where('job_id', '=', jobId).execute();
    },
    /** Rows of jobs long finished (pg-boss keeps its own jobs for days, not months). */
    async purgeBefore(before: Date) {
      const result = await db.deleteFrom('mail_deliveries').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type MailDeliveriesRepo = ReturnType<typeof createMailDeliveriesRepo>;
