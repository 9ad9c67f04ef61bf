import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppliedSummary } from '../../pipeline/applied.fns';
import { FINISHED_DOCUMENT_STATES, type DocumentJobRow, type DocumentJobUpdate, type NewDocumentJob } from '../../db/tables/documents';

/** Who a job belongs to, for quotas and access. */
export type DocumentOwner = { userId: number } | { guestToken: string; guestIp: string };

/** All SQL of the documents domain. */
export function createDocumentsRepo(db: Kysely<DB>) {
  /** Marks the job's unit as given back and gives it back, in the caller's transaction, once: false when it already was. */
  async function claimQuota(trx: Kysely<DB>, id: string, giveBack: (executor: Kysely<DB>) => Promise<void>) {
    const claimed = await trx.updateTable('document_jobs').set({ quota_released: true }).where('id', '=', id).where('quota_released', '=', false).returning('id').executeTakeFirst();
    if (claimed) await giveBack(trx);
    return claimed !== undefined;
  }
  const live = () => db.selectFrom('document_jobs').selectAll().where('deleted_at', 'is', null);
  return {
    insert(job: NewDocumentJob): Promise<DocumentJobRow> {
      return db.insertInto('document_jobs').values(job).returningAll().executeTakeFirstOrThrow();
    },

    // A deleted job (its history entry was deleted) is a tombstone kept for the quota: never found.
    findById: (id: string) => live().where('id', '=', id).executeTakeFirst(),
    findByProjectId: (projectId: string) => live().where('project_id', '=', projectId).executeTakeFirst(),
    findByFileId: (fileId: string) => live().where('file_id', '=', fileId).executeTakeFirst(),

    /** What memory and glossaries did for these projects' live jobs (the history list's document entries), in one query. */
    appliedFor: (projectIds: string[]) =>
      projectIds.length
        ? db.selectFrom('document_jobs').select(['project_id', 'applied']).where('deleted_at', 'is', null).where('project_id', 'in', projectIds).execute()
        : Promise.resolve([]),

    /** The user's live jobs among these projects (the history module deletes by project id). */
    listForUser: (projectIds: string[], userId: number) =>
      projectIds.length ? live().where('project_id', 'in', projectIds).where('user_id', '=', userId).execute() : Promise.resolve([]),

    /**
     * Turns jobs into tombstones: their batches are deleted and the row keeps only what the
     * monthly quota needs (owner, created_at, quota_released). A worker still running one
     * stops at its next step (updateUnlessFinished no longer matches it).
     */
    async markDeleted(ids: string[], now: Date) {
      if (!ids.length) return;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('document_job_batches').where('job_id', 'in', ids).execute();
        await trx
          .updateTable('document_jobs')
          .set({ deleted_at: now, updated_at: now, file_name: '', result_key: null, result_name: null, file_id: null, error_params: JSON.stringify({}), applied: null })
          .where('id', 'in', ids)
          .execute();
      });
    },

    /** Guests' finished jobs (done, failed or canceled) that finished before `before`, oldest first. */
    listGuestFinishedBefore(before: Date, limit: number) {
      return live()
        .where('user_id', 'is', null)
        .where('state', 'in', [...FINISHED_DOCUMENT_STATES])
        .where('finished_at', '<', before)
        .orderBy('finished_at')
        .limit(limit)
        .execute();
    },

    /** Deletes tombstones created before `before` (a month start): they no longer count against any quota. */
    async purgeTombstonesBefore(before: Date) {
      const result = await db.deleteFrom('document_jobs').where('deleted_at', 'is not', null).where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Why a run could no longer move its job on: deleted (or never existed), canceled, or finished by another worker. */
    async stoppedBy(id: string): Promise<'deleted' | 'canceled' | 'finished'> {
      const row = await db.selectFrom('document_jobs').select(['deleted_at', 'state']).where('id', '=', id).executeTakeFirst();
      return !row || row.deleted_at !== null ? 'deleted' : row.state === 'canceled' ? 'canceled' : 'finished';
    },

    async update(id: string, values: DocumentJobUpdate, now: Date) {
      await db
        .updateTable('document_jobs')
        .set({ ...values, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Marks a failed job's unit as given back and gives it back, in one transaction, once: a
     * second call (a run repeating a wrap-up that stopped) finds it marked and does nothing.
     */
    async releaseQuotaOnce(id: string, giveBack: (executor: Kysely<DB>) => Promise<void>): Promise<boolean> {
      return db.transaction().execute((trx) => claimQuota(trx, id, giveBack));
    },

    /**
     * Cancels a job that has not finished and gives its unit back, in one transaction: false when
     * it had already finished (done, failed, canceled: a second cancel, or the job's own end
     * first) or was deleted. A worker still running it stops at its next step, as for a deleted
     * job (updateUnlessFinished no longer matches it).
     */
    async cancelUnlessFinished(id: string, now: Date, giveBack: ((executor: Kysely<DB>) => Promise<void>) | null): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const canceled = await trx
          .updateTable('document_jobs')
          .set({ state: 'canceled', error_key: 'documents.canceled', error_params: JSON.stringify({}), finished_at: now, wrapped_up_at: now, updated_at: now })
          .where('id', '=', id)
          .where('state', 'not in', [...FINISHED_DOCUMENT_STATES])
          .where('deleted_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!canceled) return false;
        if (giveBack) await claimQuota(trx, id, giveBack);
        return true;
      });
    },

    /** Moves a job on only while it is not finished (a second worker must not undo a finish). */
    async updateUnlessFinished(id: string, values: DocumentJobUpdate, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('document_jobs')
        .set({ ...values, updated_at: now })
        .where('id', '=', id)
        .where('state', 'not in', [...FINISHED_DOCUMENT_STATES])
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A batch's translations, engine and what memory and glossaries did for it (applied), saved once. */
    async saveBatch(jobId: string, batchIndex: number, translations: string[], engine: string, applied: AppliedSummary) {
      await db
        .insertInto('document_job_batches')
        .values({ job_id: jobId, batch_index: batchIndex, translations: JSON.stringify(translations), engine, applied: JSON.stringify(applied) })
        .onConflict((oc) => oc.columns(['job_id', 'batch_index']).doNothing())
        .execute();
    },

    async savedBatchIndexes(jobId: string): Promise<Set<number>> {
      const rows = await db.selectFrom('document_job_batches').select('batch_index').where('job_id', '=', jobId).execute();
      return new Set(rows.map((r) => r.batch_index));
    },

    async listBatches(jobId: string) {
      return db.selectFrom('document_job_batches').select(['batch_index', 'translations', 'engine', 'applied']).where('job_id', '=', jobId).orderBy('batch_index').execute();
    },

    async deleteBatches(jobId: string) {
      await db.deleteFrom('document_job_batches').where('job_id', '=', jobId).execute();
    },

    /** The owner's jobs, newest first (the history module lists these with text translations). */
    listForOwner(owner: DocumentOwner, options: { limit: number; offset: number }) {
      let query = live();
      query = 'userId' in owner ? query.where('user_id', '=', owner.userId) : query.where('guest_token', '=', owner.guestToken);
      return query.orderBy('created_at', 'desc').limit(options.limit).offset(options.offset).execute();
    },
  };
}

export type DocumentsRepo = ReturnType<typeof createDocumentsRepo>;
