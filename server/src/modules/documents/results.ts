import type { Readable } from 'node:stream';
import { OUTPUT_FORMAT } from '../../formats';
import { Conflict, NotFound } from '../../http/errors';
import { FINISHED_DOCUMENT_STATES, type DocumentJobRow } from '../../db/tables/documents';
import { t } from '../../i18n/messages';
import { shownApplied } from '../../pipeline/applied.fns';
import { StorageNotFound } from '../../storage/local';
import type { DocumentsContext, Requester } from './context';
import { monthStart } from './documents.fns';

/**
 * A document once queued: its state and file for those who may see them, its history entry
 * (re-opened or deleted from the history screen), and retention.
 */
export function createDocumentResults(ctx: DocumentsContext) {
  const { deps, repo, storage, now, logger, config, assertCanSee, quotaGiveBack, folderOf, historyState } = ctx;

  /**
   * Cancels a job not yet finished: the `canceled` state and its unit back to the ledger, in one
   * transaction and once (false: it had finished, or was canceled, first). Its batches and files
   * go; a worker running it stops at its next step (job.ts stopGone clears what it wrote since).
   */
  async function cancelJob(job: DocumentJobRow): Promise<boolean> {
    if ((FINISHED_DOCUMENT_STATES as readonly string[]).includes(job.state)) return false;
    if (!(await repo.cancelUnlessFinished(job.id, now(), await quotaGiveBack(job)))) return false;
    await repo.deleteBatches(job.id);
    await storage.delete(`${folderOf(job)}/`).catch((error) => logger.warn({ err: error, jobId: job.id }, 'could not remove a canceled job’s files'));
    await historyState(job, 'canceled');
    return true;
  }

  /**
   * Deletes documents with their history entries: the rows become tombstones, the files go. One
   * still being translated is canceled first, so it is not counted either.
   */
  async function removeDocuments(projectIds: string[], userId: number) {
    const jobs = await repo.listForUser(projectIds, userId);
    for (const job of jobs) await cancelJob(job);
    await repo.markDeleted(
      jobs.map((job) => job.id),
      now(),
    );
    for (const job of jobs) await storage.delete(`${folderOf(job)}/`);
  }

  deps.history.registerType('document', {
    /** What re-opening a document entry needs: its state, its file and the download id. */
    detail: async (projectId, userId) => {
      const job = await repo.findByProjectId(projectId);
      if (!job || job.user_id !== userId) return null;
      return {
        state: job.state,
        progress: job.progress,
        file_name: job.file_name,
        format: job.format,
        words: job.words,
        pages: job.pages,
        ...(job.file_id ? { file_id: job.file_id, result_name: job.result_name, download_url: `/api/translated-file-url/?id=${job.file_id}` } : {}),
        ...(job.error_key ? { error: { key: job.error_key, params: job.error_params, message: t(job.locale, job.error_key, job.error_params) } } : {}),
      };
    },
    remove: removeDocuments,
    /** The history list's document entries: what memory and glossaries did, once each is done. */
    applied: async (projectIds) => new Map((await repo.appliedFor(projectIds)).map((job) => [job.project_id, shownApplied(job.applied)])),
  });

  /** The job, to whom may see it (404 when there is none, or it is someone else's). */
  async function visibleJob(requester: Requester, projectId: string) {
    const job = await repo.findByProjectId(projectId);
    if (!job) throw new NotFound();
    await assertCanSee(job, requester);
    return job;
  }

  function statusOf(requester: Requester, job: DocumentJobRow) {
    return {
        project_id: job.project_id,
        state: job.state,
        progress: job.progress,
        file_name: job.file_name,
        format: job.format,
        source_lang: job.source_lang,
        target_lang: job.target_lang,
        model: job.model,
        words: job.words,
        characters: job.characters,
        pages: job.pages,
        // The engine that translated it: 'dictionary' means a word-by-word gloss (the screen says so).
        engine: job.engine,
        created_at: new Date(job.created_at).toISOString(),
        ...(job.file_id ? { file_id: job.file_id, result_name: job.result_name } : {}),
        ...(job.error_key ? { error: { key: job.error_key, params: job.error_params, message: t(requester.locale, job.error_key, job.error_params) } } : {}),
        // Stored when the job finished (its batches' summaries added up), not recomputed.
        applied: job.state === 'done' ? shownApplied(job.applied) : null,
    };
  }

  return {
    /** GET /api/doc/translated/{projectId}: the job's state, as truthful as the last saved batch (404 for another's). */
    async status(requester: Requester, projectId: string) {
      return statusOf(requester, await visibleJob(requester, projectId));
    },

    /**
     * POST /api/documents/{projectId}/cancel: whoever may follow the document (the same check as
     * its status and download) cancels it; another's is 404, a finished one 409.
     */
    async cancel(requester: Requester, projectId: string) {
      const job = await visibleJob(requester, projectId);
      if (!(await cancelJob(job))) throw new Conflict('documents.cancel_finished');
      return statusOf(requester, (await repo.findById(job.id)) ?? job);
    },

    /** GET /api/translated-file-url/?id=: the translated file, to whom may see it (404 for another's). */
    async download(requester: Requester, fileId: string): Promise<{ stream: Readable; fileName: string; mime: string; size: number | null }> {
      const job = await repo.findByFileId(fileId);
      if (!job || job.state !== 'done' || !job.result_key) throw new NotFound();
      await assertCanSee(job, requester);
      try {
        return { stream: await storage.stream(job.result_key), fileName: job.result_name ?? 'document', mime: OUTPUT_FORMAT[job.format].mime, size: await storage.size(job.result_key) };
      } catch (error) {
        if (error instanceof StorageNotFound) throw new NotFound();
        throw error;
      }
    },

    /**
     * Retention (the `history-auto-delete` job): a guest's finished document and its files
     * go after the guest retention (as guests' texts do), kept as a tombstone so the month's
     * guest quota still counts it; tombstones of past months are then deleted for good.
     */
    async purgeExpired(batchSize = 200) {
      const cutoff = new Date(now().getTime() - config.guestRetentionHours * 3_600_000);
      let guests = 0;
      for (;;) {
        const jobs = await repo.listGuestFinishedBefore(cutoff, batchSize);
        if (!jobs.length) break;
        await repo.markDeleted(
          jobs.map((job) => job.id),
          now(),
        );
        for (const job of jobs) await storage.delete(`${folderOf(job)}/`).catch((error) => logger.warn({ err: error, jobId: job.id }, 'could not remove an expired guest document’s files'));
        guests += jobs.length;
        if (jobs.length < batchSize) break;
      }
      const tombstones = await repo.purgeTombstonesBefore(monthStart(now()));
      if (guests || tombstones) logger.info({ guests, tombstones }, 'expired documents removed');
      return { guests, tombstones };
    },
  };
}
