import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ENGINE_ID, GLOSS_NOTICE } from '../../engines/dictionary/engine';
import { EngineError } from '../../engines/types';
import { documentErrorKey, isDocumentError, OUTPUT_FORMAT, type DocumentAnalysis, type DocumentError, type PartRange } from '../../formats';
import { JOB_LEASE_SECONDS, type JobQueue } from '../../jobs/queue';
import { StorageFull, StorageNotFound } from '../../storage/local';
import type { DocumentsContext } from './context';
import { assembleTranslations, planBatches, progressFor, translatedFileName } from './documents.fns';
import type { DocumentJobRow, DocumentJobUpdate } from '../../db/tables/documents';
import { APPLIED_TERMS_KEPT, mergeApplied, summariseApplied, type AppliedSummary } from '../../pipeline/applied.fns';

/** Attempts of a job (pg-boss retries) before a failing engine fails the document. */
export const DOCUMENT_JOB_RETRY_LIMIT = 3;

/** The job was deleted (its history entry), canceled, or finished by another worker while this one ran. */
class JobGone extends Error {
  constructor() {
    super('document job deleted or finished elsewhere');
    this.name = 'JobGone';
  }
}

/**
 * The `document-translate` job: Analyzing (segments saved to storage) -> Translating (batch by
 * batch, each saved) -> Generating (the file merged back) -> done; then its wrap-up (history
 * entry, e-mail; a failed document's unit back to the ledger), repeated by the next run if a
 * crash stopped it.
 */
export function createDocumentJob(ctx: DocumentsContext) {
  const { deps, repo, storage, filters, now, logger, config, filterLimits, quotaGiveBack, folderOf, segmentsKey, historyState } = ctx;

  async function loadSegments(job: DocumentJobRow): Promise<{ segments: string[]; parts: PartRange[] } | null> {
    const saved = await storage.get(segmentsKey(job));
    return saved ? JSON.parse(saved.toString('utf8')) : null;
  }

  /** The job's "ready" or "failed" mail, queued once whatever number of runs get here. */
  async function sendMail(job: DocumentJobRow, template: 'documentReady' | 'documentFailed', url: string) {
    if (!job.user_id) return; // guests have no address; the page shows the result
    const user = await deps.findUser(job.user_id);
    if (!user) return;
    await deps.mail.send(
      {
      to: user.email,
      locale: user.locale,
      template,
      data: {
        name: user.name,
        fileName: job.file_name,
        target: job.target_lang,
        url,
        reason: job.error_key ? { key: job.error_key, params: job.error_params } : undefined,
        // What memory and the glossary did, as the result card says it.
        applied: job.applied ? { memorySegments: job.applied.memory_segments, memoryFuzzySegments: job.applied.memory_fuzzy_segments, correctionSegments: job.applied.correction_segments ?? 0, termCount: job.applied.glossary_term_count, terms: job.applied.glossary_terms } : undefined,
        },
      },
      { once: `document:${job.id}:${template}` },
    );
  }

  /** A failed document is not counted: its unit goes back to the ledger, once (the job's `quota_released` is set in the same transaction). */
  async function giveBackDocument(job: DocumentJobRow) {
    const giveBack = await quotaGiveBack(job);
    if (giveBack) await repo.releaseQuotaOnce(job.id, giveBack);
  }

  /**
   * What follows a job's final state, each step safe to repeat: a failed document's unit back
   * to the ledger (once), the job's batches and files removed, the history entry, the mail
   * (queued once); then the job is marked wrapped up. A run that stopped part-way (a crash)
   * leaves the mark unset, and the job's next run (pg-boss delivers it again) does it all again.
   */
  async function wrapUp(job: DocumentJobRow) {
    if (job.state === 'failed') {
      await giveBackDocument(job);
      await repo.deleteBatches(job.id);
      await storage.delete(`${folderOf(job)}/`).catch((error) => logger.warn({ err: error, jobId: job.id }, 'could not remove a failed job’s files'));
      await historyState(job, 'failed', null);
      await sendMail(job, 'documentFailed', `${config.appUrl}/user/translation-history`);
    } else {
      await repo.deleteBatches(job.id);
      await storage.delete(segmentsKey(job)).catch(() => {});
      await historyState(job, 'done', job.file_id);
      await sendMail(job, 'documentReady', `${config.appUrl}/api/translated-file-url/?id=${job.file_id}`);
    }
    await repo.update(job.id, { wrapped_up_at: now() }, now());
  }

  async function failJob(job: DocumentJobRow, key: string, params: Record<string, string | number> = {}) {
    const values = { state: 'failed' as const, error_key: key, error_params: JSON.stringify(params), finished_at: now() };
    if (!(await repo.updateUnlessFinished(job.id, values, now()))) return;
    await wrapUp({ ...job, ...values, error_params: params });
  }

  /** Moves the job on; a job deleted or finished meanwhile stops this run (JobGone). */
  async function advance(job: DocumentJobRow, values: DocumentJobUpdate) {
    if (!(await repo.updateUnlessFinished(job.id, values, now()))) throw new JobGone();
  }

  // A full disk or bucket fails the document at once, with that reason (its unit goes back to
  // the quota): retrying for minutes would only keep the user waiting on an operator's fix.
  const isPermanent = (error: unknown) => isDocumentError(error) || error instanceof StorageNotFound || error instanceof StorageFull || (error instanceof EngineError && !error.retryable);

  async function analyzePhase(job: DocumentJobRow, sourcePath: string) {
    const stored = await loadSegments(job);
    if (stored) return stored;
    await advance(job, { state: 'analyzing', progress: progressFor('analyzing') });
    const analysis: DocumentAnalysis = await filters.analyze(sourcePath, job.format, { source: job.source_lang, target: job.target_lang, limits: filterLimits, workDir: config.tempDir });
    const saved = { segments: analysis.segments, parts: analysis.parts };
    await storage.put(segmentsKey(job), Buffer.from(JSON.stringify(saved)));
    const batches = planBatches(analysis.segments, { maxSegments: config.batchSegments, maxChars: config.batchChars });
    await advance(job, {
      state: 'translating',
      segment_count: analysis.segments.length,
      batch_count: batches.length,
      batches_done: 0,
      progress: progressFor('translating', 0, batches.length),
      words: analysis.words,
      characters: analysis.characters,
      pages: analysis.pages ?? null,
    });
    await historyState(job, 'translating');
    return saved;
  }

  async function translatePhase(job: DocumentJobRow, segments: string[]) {
    const batches = planBatches(segments, { maxSegments: config.batchSegments, maxChars: config.batchChars });
    const saved = await repo.savedBatchIndexes(job.id);
    let done = saved.size;
    for (const batch of batches) {
      if (saved.has(batch.index)) continue;
      const input = batch.segmentIndexes.map((i) => segments[i]!);
      const { translations, engine, origins, glossaryTerms } = await deps.translate(input, { source: job.source_lang, target: job.target_lang, domain: job.domain, llm: job.llm, ownerUserId: job.user_id });
      if (translations.length !== input.length) throw new EngineError(engine, `engine returned ${translations.length} translations for ${input.length} segments`, true);
      // What memory and glossaries did, kept with the batch: a resumed job adds up the saved batches.
      const applied = summariseApplied(translations.map((_, i) => ({ origin: origins?.[i] ?? engine, glossaryTerms: glossaryTerms?.[i] })));
      await repo.saveBatch(job.id, batch.index, translations, engine, applied);
      done++;
      await advance(job, { state: 'translating', batches_done: done, progress: progressFor('translating', done, batches.length), engine });
    }
    const rows = await repo.listBatches(job.id);
    return {
      translations: assembleTranslations(segments, batches, new Map(rows.map((row) => [row.batch_index, row.translations]))),
      // Any part rendered by the dictionary makes the file a gloss, and the file says so.
      gloss: rows.some((row) => row.engine === ENGINE_ID),
      applied: mergeApplied(
        rows.map((row) => row.applied),
        APPLIED_TERMS_KEPT,
      ),
    };
  }

  async function generatePhase(job: DocumentJobRow, sourcePath: string, { translations, gloss, applied }: { translations: string[]; gloss: boolean; applied: AppliedSummary }, parts: PartRange[]) {
    await advance(job, { state: 'generating', progress: progressFor('generating') });
    await historyState(job, 'generating');
    await fs.mkdir(config.tempDir, { recursive: true });
    const outPath = path.join(config.tempDir, `${job.id}-${randomUUID()}.${OUTPUT_FORMAT[job.format].extension}`);
    try {
      const { repairs } = await filters.merge(sourcePath, job.format, outPath, { translations, parts, ...(gloss ? { notice: GLOSS_NOTICE } : {}) }, { source: job.source_lang, target: job.target_lang, limits: filterLimits, workDir: config.tempDir });
      if (repairs) logger.warn({ jobId: job.id, repairs }, 'engine lost placeholders; markup re-inserted at word boundaries');
      const resultKey = `${folderOf(job)}/result.${OUTPUT_FORMAT[job.format].extension}`;
      await storage.putFile(resultKey, outPath);
      const values = { state: 'done' as const, progress: 100, result_key: resultKey, result_name: translatedFileName(job.file_name, job.format, job.target_lang), file_id: randomUUID(), finished_at: now(), error_key: null, applied: JSON.stringify(applied) };
      if (!(await repo.updateUnlessFinished(job.id, values, now()))) throw new JobGone();
      await wrapUp({ ...job, ...values, applied });
    } finally {
      await fs.rm(outPath, { force: true }).catch(() => {});
    }
  }

  /** A job deleted or canceled while it ran: whatever this run wrote after that goes too. */
  async function stopGone(job: DocumentJobRow) {
    const stoppedBy = await repo.stoppedBy(job.id);
    if (stoppedBy === 'finished') return; // finished by another worker: its result stays
    logger.info({ jobId: job.id, stoppedBy }, 'document deleted or canceled while it was translated; the job stops');
    if (stoppedBy === 'deleted') await repo.markDeleted([job.id], now());
    else {
      await repo.deleteBatches(job.id);
      // This run may have moved the history entry on after the cancel said "canceled".
      await historyState(job, 'canceled');
    }
    await storage.delete(`${folderOf(job)}/`).catch(() => {});
  }

  return {
    /**
     * The `document-translate` job: Analyzing -> Translating (batch by batch, each saved)
     * -> Generating -> done. Safe to run again at any point: saved batches are skipped.
     */
    async runJob(jobId: string, meta: { retryCount: number }) {
      const job = await repo.findById(jobId);
      if (!job || job.state === 'canceled') return;
      // Finished: a run that stopped after the job's final state and before its wrap-up was
      // done (a crash) left steps behind; this run does them.
      if (job.state === 'done' || job.state === 'failed') return job.wrapped_up_at ? undefined : wrapUp(job);
      await repo.update(job.id, { attempts: job.attempts + 1 }, now());
      try {
        await storage.withLocalFile(job.source_key, async (sourcePath) => {
          const { segments, parts } = await analyzePhase(job, sourcePath);
          const translated = await translatePhase(job, segments);
          await generatePhase(job, sourcePath, translated, parts);
        });
      } catch (error) {
        if (error instanceof JobGone) return stopGone(job);
        const permanent = isPermanent(error);
        if (!permanent && meta.retryCount < DOCUMENT_JOB_RETRY_LIMIT) {
          logger.warn({ err: error, jobId, retry: meta.retryCount }, 'document job failed; it will be retried and resume after its last saved batch');
          throw error;
        }
        logger.error({ err: error, jobId }, 'document job failed');
        const key = isDocumentError(error) ? documentErrorKey((error as DocumentError).code) : error instanceof StorageFull ? 'documents.error_storage_full' : 'documents.error_engine';
        await failJob(job, key, isDocumentError(error) ? (error as DocumentError).params : {});
      }
    },
  };
}

/**
 * The job definition: pg-boss retries a failing engine with backoff; the job holds a lease its
 * worker renews (jobs/queue.ts), so a dead worker's job is taken over within about a minute and
 * resumes after its last saved batch.
 */
export function defineDocumentJobs(queue: JobQueue, service: { runJob(jobId: string, meta: { retryCount: number }): Promise<void> }) {
  queue.define({
    name: 'document-translate',
    settings: { retryLimit: DOCUMENT_JOB_RETRY_LIMIT, retryDelay: 30, retryBackoff: true, leaseSeconds: JOB_LEASE_SECONDS },
    concurrency: 2,
    handle: (data, meta) => service.runJob(data.jobId, meta),
  });
}
