import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { DocumentsConfig } from '../../config';
import type { UserRow } from '../../db/schema';
import type { Entitlements, EntitlementsService } from '../entitlements/service';
import { ROLE } from '../../http/access';
import { ENGINE_ID, GLOSS_NOTICE } from '../../engines/dictionary/engine';
import { EngineError, type Lang, type TranslationEngine } from '../../engines/types';
import { DEFAULT_LIMITS, documentErrorKey, isDocumentError, OUTPUT_FORMAT, type DocumentAnalysis, type DocumentError, type FilterLimits, type PartRange } from '../../formats';
import type { DocumentFilterRunner } from '../../formats/sandbox';
import { EmailNotVerified, Forbidden, Invalid, LimitExceeded, NotFound } from '../../http/errors';
import { t, type Locale } from '../../i18n/messages';
import { JOB_LEASE_SECONDS, type JobQueue } from '../../jobs/queue';
import type { MailService } from '../../mail/jobs';
import type { HistoryService } from '../history/service';
import { StorageFull, StorageNotFound, type FileStorage } from '../../storage/local';
import { assembleTranslations, monthStart, planBatches, progressFor, translatedFileName } from './documents.fns';
import type { DocumentOwner, DocumentsRepo } from './repo';
import type { DocumentJobRow, DocumentJobState, DocumentJobUpdate } from './tables';

export type { SegmentTranslator } from '../../engines/types';
import type { SegmentTranslator } from '../../engines/types';

/** A SegmentTranslator over one engine (tests, and a single configured engine). */
export function segmentTranslatorFromEngine(engine: TranslationEngine): SegmentTranslator {
  return async (segments, job) => ({ translations: await engine.translate(segments, job), engine: engine.id });
}

export type Requester =
  | { kind: 'user'; user: UserRow; locale: Locale; channel?: 'web' | 'api' }
  | { kind: 'guest'; token: string | undefined; ip: string; locale: Locale };

/** An upload received by the route, on local disk; the service removes it when done. */
export interface UploadedFile {
  path: string;
  fileName: string;
  size: number;
}

export interface TranslateDocumentInput {
  model: 'general' | 'business' | 'legal' | 'ecommerce' | 'llm';
  frontendModel: string;
  source_lang: Lang | 'auto';
  target_lang?: Lang;
}

interface EffectiveLimits {
  maxBytes: number;
  maxMb: number;
  words: number;
  formats: string[];
  monthlyDocuments: number;
  llm: boolean;
  /** The team's manager switched the LLM mode off. */
  llmDisabledByTeam: boolean;
  trialExpired: boolean;
  entitlements: Entitlements;
}

export interface DocumentsDeps {
  repo: DocumentsRepo;
  storage: FileStorage;
  filters: DocumentFilterRunner;
  translate: SegmentTranslator;
  mail: MailService;
  queue: JobQueue;
  /** A signed-in user's document is a `document` entry of their history (history module). */
  history: Pick<HistoryService, 'record' | 'updateState' | 'registerType'>;
  findUser(id: number): Promise<UserRow | undefined>;
  /** Plans, trials, features, limits and the usage ledger (entitlements module). */
  entitlements: EntitlementsService;
  /** The user's team, if any (teams module). */
  teamOf(user: UserRow): Promise<{ teamId: number; llmEnabled: boolean } | null>;
  now: () => Date;
  logger: Logger;
  /** guestRetentionHours: how long a guest's finished document is kept (GUEST_TEXT_RETENTION_HOURS). */
  config: DocumentsConfig & { appUrl: string; tempDir: string; guestRetentionHours: number };
}

const MIB = 1024 * 1024;
/** Attempts of a job (pg-boss retries) before a failing engine fails the document. */
export const DOCUMENT_JOB_RETRY_LIMIT = 3;

const GUEST_TOKEN = /^[A-Za-z0-9_-]{8,128}$/;

/** Who a signed-in user's document belongs to (access checks). */
export const userDocumentOwner = (user: { id: number }): DocumentOwner => ({ userId: user.id });

/** The job was deleted (its history entry) or finished by another worker while this one ran. */
class JobGone extends Error {
  constructor() {
    super('document job deleted or finished elsewhere');
    this.name = 'JobGone';
  }
}

export function createDocumentsService(deps: DocumentsDeps) {
  const { repo, storage, filters, now, logger, config } = deps;
  const filterLimits: FilterLimits = { ...DEFAULT_LIMITS, maxPdfPages: config.maxPdfPages };

  function ownerOf(requester: Requester): DocumentOwner {
    if (requester.kind === 'user') return userDocumentOwner(requester.user);
    if (!requester.token || !GUEST_TOKEN.test(requester.token)) throw Invalid.field('token', 'documents.guest_token_required');
    return { guestToken: requester.token, guestIp: requester.ip };
  }

  function assertAllowed(requester: Requester) {
    if (requester.kind === 'user' && !requester.user.email_verified_at) throw new EmailNotVerified();
  }

  /** The requester's limits, from the entitlements module (the guest settings for guests). */
  async function limitsFor(requester: Requester): Promise<EffectiveLimits> {
    const entitlements = await deps.entitlements.entitlementsFor(requester.kind === 'user' ? { user: requester.user } : { guest: { token: requester.token, ip: requester.ip } });
    const { limits, features } = entitlements;
    return {
      maxMb: limits.maxFileMb,
      maxBytes: Math.min(limits.maxFileMb, config.maxUploadMb) * MIB,
      words: limits.docWords,
      formats: features.formats,
      monthlyDocuments: limits.documentsPerMonth,
      llm: features.llmInPlan,
      llmDisabledByTeam: features.llmDisabledByTeam,
      trialExpired: entitlements.trial.expired,
      entitlements,
    };
  }

  const fileError = (error: DocumentError) => Invalid.field('file', documentErrorKey(error.code), error.params);

  /** Reads an upload in a worker thread: its format (by content) and its segments and counts. */
  async function inspect(upload: UploadedFile, limits: EffectiveLimits) {
    if (upload.size > limits.maxBytes) throw new LimitExceeded('doc_size', 'documents.size_limit');
    if (upload.size === 0) throw Invalid.field('file', 'documents.error_broken_file');
    try {
      const inspection = await filters.inspect(upload.path, { source: 'en', target: 'ar', limits: filterLimits, workDir: config.tempDir }, config.countTimeoutSeconds * 1000);
      if (!limits.formats.includes(inspection.format)) {
        // A format Lisan reads but this account may not use says which ones it may.
        throw Invalid.field('file', 'documents.error_format_not_allowed', { format: inspection.format.toUpperCase(), formats: limits.formats.map((f) => f.toUpperCase()).join(', ') });
      }
      return inspection;
    } catch (error) {
      if (isDocumentError(error)) throw fileError(error);
      throw error;
    }
  }

  async function removeUpload(upload: UploadedFile) {
    await fs.rm(upload.path, { force: true }).catch(() => {});
  }

  /** The owner, or the owner's team owner or manager (API.md "Documents"). */
  async function assertCanSee(job: DocumentJobRow, requester: Requester) {
    if (requester.kind === 'guest') {
      if (requester.token && job.user_id === null && job.guest_token === requester.token) return;
      throw new Forbidden();
    }
    if (job.user_id === requester.user.id) return;
    const manages = requester.user.role_id === ROLE.owner || requester.user.role_id === ROLE.manager;
    if (manages && job.user_id !== null) {
      const owner = await deps.findUser(job.user_id);
      const [mine, theirs] = await Promise.all([deps.teamOf(requester.user), owner ? deps.teamOf(owner) : null]);
      if (mine && theirs && mine.teamId === theirs.teamId) return;
    }
    throw new Forbidden();
  }

  const folderOf = (job: DocumentJobRow) => path.posix.dirname(job.source_key);
  const segmentsKey = (job: DocumentJobRow) => `${folderOf(job)}/segments.json`;

  async function loadSegments(job: DocumentJobRow): Promise<{ segments: string[]; parts: PartRange[] } | null> {
    const saved = await storage.get(segmentsKey(job));
    return saved ? JSON.parse(saved.toString('utf8')) : null;
  }

  async function sendMail(job: DocumentJobRow, template: 'documentReady' | 'documentFailed', url: string) {
    if (!job.user_id) return; // guests have no address; the page shows the result
    const user = await deps.findUser(job.user_id);
    if (!user) return;
    await deps.mail.send({
      to: user.email,
      locale: user.locale,
      template,
      data: {
        name: user.name,
        fileName: job.file_name,
        target: job.target_lang,
        url,
        reason: job.error_key ? { key: job.error_key, params: job.error_params } : undefined,
      },
    });
  }

  /** A failed document is not counted: its unit goes back to the ledger, in the month it was taken. */
  async function giveBackDocument(job: DocumentJobRow) {
    const user = job.user_id ? await deps.findUser(job.user_id) : undefined;
    if (job.user_id && !user) return;
    const entitlements = await deps.entitlements.entitlementsFor(user ? { user } : { guest: { token: job.guest_token, ip: job.guest_ip ?? '' } });
    await deps.entitlements.giveBack(entitlements, 'documents', new Date(job.created_at));
  }

  async function failJob(job: DocumentJobRow, key: string, params: Record<string, string | number> = {}) {
    const changed = await repo.updateUnlessFinished(job.id, { state: 'failed', error_key: key, error_params: JSON.stringify(params), quota_released: true, finished_at: now() }, now());
    if (!changed) return;
    await giveBackDocument(job);
    await repo.deleteBatches(job.id);
    await storage.delete(`${folderOf(job)}/`).catch((error) => logger.warn({ err: error, jobId: job.id }, 'could not remove a failed job’s files'));
    await historyState(job, 'failed', null);
    await sendMail({ ...job, error_key: key, error_params: params }, 'documentFailed', `${config.appUrl}/user/translation-history`);
  }

  /** The user's history entry follows the job's state (guests have none). */
  async function historyState(job: DocumentJobRow, state: DocumentJobState, fileId?: string | null) {
    if (!job.user_id) return;
    await deps.history.updateState(job.project_id, { state, ...(fileId !== undefined ? { fileId } : {}) });
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
      const { translations, engine } = await deps.translate(input, { source: job.source_lang, target: job.target_lang, domain: job.domain, llm: job.llm, ownerUserId: job.user_id });
      if (translations.length !== input.length) throw new EngineError(engine, `engine returned ${translations.length} translations for ${input.length} segments`, true);
      await repo.saveBatch(job.id, batch.index, translations, engine);
      done++;
      await advance(job, { state: 'translating', batches_done: done, progress: progressFor('translating', done, batches.length), engine });
    }
    const rows = await repo.listBatches(job.id);
    return {
      translations: assembleTranslations(segments, batches, new Map(rows.map((row) => [row.batch_index, row.translations]))),
      // Any part rendered by the dictionary makes the file a gloss, and the file says so.
      gloss: rows.some((row) => row.engine === ENGINE_ID),
    };
  }

  async function generatePhase(job: DocumentJobRow, sourcePath: string, { translations, gloss }: { translations: string[]; gloss: boolean }, parts: PartRange[]) {
    await advance(job, { state: 'generating', progress: progressFor('generating') });
    await historyState(job, 'generating');
    await fs.mkdir(config.tempDir, { recursive: true });
    const outPath = path.join(config.tempDir, `${job.id}-${randomUUID()}.${OUTPUT_FORMAT[job.format].extension}`);
    try {
      const { repairs } = await filters.merge(sourcePath, job.format, outPath, { translations, parts, ...(gloss ? { notice: GLOSS_NOTICE } : {}) }, { source: job.source_lang, target: job.target_lang, limits: filterLimits, workDir: config.tempDir });
      if (repairs) logger.warn({ jobId: job.id, repairs }, 'engine lost placeholders; markup re-inserted at word boundaries');
      const resultKey = `${folderOf(job)}/result.${OUTPUT_FORMAT[job.format].extension}`;
      await storage.putFile(resultKey, outPath);
      const fileId = randomUUID();
      const finished = await repo.updateUnlessFinished(
        job.id,
        { state: 'done', progress: 100, result_key: resultKey, result_name: translatedFileName(job.file_name, job.format, job.target_lang), file_id: fileId, finished_at: now(), error_key: null },
        now(),
      );
      if (!finished) throw new JobGone();
      await repo.deleteBatches(job.id);
      await storage.delete(segmentsKey(job)).catch(() => {});
      await historyState(job, 'done', fileId);
      await sendMail(job, 'documentReady', `${config.appUrl}/api/translated-file-url/?id=${fileId}`);
    } finally {
      await fs.rm(outPath, { force: true }).catch(() => {});
    }
  }

  /** A job deleted while it ran: whatever this run wrote after the deletion goes too. */
  async function stopGone(job: DocumentJobRow) {
    if (!(await repo.isDeleted(job.id))) return; // finished by another worker: its result stays
    logger.info({ jobId: job.id }, 'document deleted while it was translated; the job stops');
    await repo.markDeleted([job.id], now());
    await storage.delete(`${folderOf(job)}/`).catch(() => {});
  }

  /** Deletes documents with their history entries: the rows become tombstones, the files go. */
  async function removeDocuments(projectIds: string[], userId: number) {
    const jobs = await repo.listForUser(projectIds, userId);
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
      if (!job || job.user_id !== userId) return undefined;
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
  });

  return {
    /** The largest upload the requester's plan (or the guest settings) accepts, in bytes. */
    async uploadLimitBytes(requester: Requester): Promise<number> {
      return (await limitsFor(requester)).maxBytes;
    },

    /** POST /api/count-words: format, words, characters and pages of an upload. */
    async countWords(requester: Requester, upload: UploadedFile) {
      try {
        assertAllowed(requester);
        const limits = await limitsFor(requester);
        const { format, analysis } = await inspect(upload, limits);
        return { status: 200, words: analysis.words, characters: analysis.characters, ...(analysis.pages ? { pages: analysis.pages } : {}), format };
      } finally {
        await removeUpload(upload);
      }
    },

    /** POST /api/doc/translate: checks every limit, stores the file and queues the job. */
    async startTranslation(requester: Requester, upload: UploadedFile, input: TranslateDocumentInput) {
      try {
        assertAllowed(requester);
        ownerOf(requester);
        const limits = await limitsFor(requester);
        if (limits.trialExpired) throw new LimitExceeded('trial_expired', 'documents.trial_expired');
        if (input.model === 'llm' && limits.llmDisabledByTeam) throw new LimitExceeded('llm_disabled', 'documents.llm_disabled');
        if (input.model === 'llm' && !limits.llm) throw await deps.entitlements.planFeatureMissing('llm', 'documents.plan_feature');
        if ((await deps.entitlements.used(limits.entitlements, 'documents')) >= limits.monthlyDocuments) throw new LimitExceeded('doc_request_quota', 'documents.quota');
        const { format, analysis } = await inspect(upload, limits);
        const source: Lang = input.source_lang === 'auto' ? (analysis.detectedLanguage ?? 'en') : input.source_lang;
        let target: Lang = input.target_lang ?? (source === 'ar' ? 'en' : 'ar');
        // "Detect language" found the language asked for as the target: the other one is meant.
        if (input.source_lang === 'auto' && source === target) target = source === 'ar' ? 'en' : 'ar';
        if (source === target) throw Invalid.field('target_lang', 'documents.same_language');
        if (!analysis.segments.some((s) => /\p{L}/u.test(s))) throw Invalid.field('file', 'documents.error_no_text');
        if (analysis.words > limits.words) throw new LimitExceeded('doc_words', 'documents.words_limit', { limit: limits.words });

        // A user's files live under users/<id>/ (removed with the account); a guest's under guests/.
        const folder = requester.kind === 'user' ? `users/${requester.user.id}/documents/${randomUUID()}` : `guests/documents/${randomUUID()}`;
        const sourceKey = `${folder}/source.${format === 'xliff' ? 'xlf' : format}`;
        // The document is counted now (the ledger refuses it atomically past the quota) and given back if it fails.
        const quota = await deps.entitlements.consume(limits.entitlements, 'documents');
        if (!quota.allowed) throw new LimitExceeded('doc_request_quota', 'documents.quota');
        let job: DocumentJobRow;
        try {
          await storage.putFile(sourceKey, upload.path);
          job = await repo.insert({
            user_id: requester.kind === 'user' ? requester.user.id : null,
            guest_token: requester.kind === 'guest' ? requester.token! : null,
            guest_ip: requester.kind === 'guest' ? requester.ip : null,
            locale: requester.kind === 'user' ? requester.user.locale : requester.locale,
            source_lang: source,
            target_lang: target,
            domain: input.model === 'llm' ? 'general' : input.model,
            model: input.model,
            frontend_model: input.frontendModel,
            llm: input.model === 'llm',
            file_name: upload.fileName,
            format,
            file_size: upload.size,
            source_key: sourceKey,
            words: analysis.words,
            characters: analysis.characters,
            pages: analysis.pages ?? null,
            error_params: JSON.stringify({}),
          });
        } catch (error) {
          await quota.release();
          await storage.delete(`${folder}/`).catch(() => {});
          throw error;
        }
        if (requester.kind === 'user') {
          try {
            await deps.history.record({ projectId: job.project_id, userId: requester.user.id, type: 'document', sourceLang: source, targetLang: target, domain: job.domain, title: upload.fileName, state: job.state, channel: requester.channel });
          } catch (error) {
            // No history entry, no job: the document is given back before it was queued.
            await repo.update(job.id, { state: 'failed', quota_released: true, error_key: 'documents.error_engine', finished_at: now() }, now());
            await quota.release();
            await storage.delete(`${folder}/`).catch(() => {});
            throw error;
          }
        }
        await deps.queue.send('document-translate', { jobId: job.id }, { singletonKey: job.id });
        return { status: 202, project_id: job.project_id };
      } finally {
        await removeUpload(upload);
      }
    },

    /** GET /api/doc/translated/{projectId}: the job's state, as truthful as the last saved batch. */
    async status(requester: Requester, projectId: string) {
      const job = await repo.findByProjectId(projectId);
      if (!job) throw new NotFound();
      await assertCanSee(job, requester);
      return {
        status: 200,
        data: {
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
        },
      };
    },

    /** GET /api/translated-file-url/?id=: the translated file, to its owner only. */
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
     * The `document-translate` job: Analyzing -> Translating (batch by batch, each saved)
     * -> Generating -> done. Safe to run again at any point: saved batches are skipped.
     */
    async runJob(jobId: string, meta: { retryCount: number }) {
      const job = await repo.findById(jobId);
      if (!job || job.state === 'done' || job.state === 'failed') return;
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

    /** Documents counted this month: a user's own, or a guest's (by token or IP, the higher). */
    async documentsThisMonth(owner: DocumentOwner) {
      if ('userId' in owner) {
        const user = await deps.findUser(owner.userId);
        return user ? (await deps.entitlements.usageOf(await deps.entitlements.entitlementsFor({ user }))).doc_requests_this_month : 0;
      }
      return deps.entitlements.used(await deps.entitlements.entitlementsFor({ guest: { token: owner.guestToken, ip: owner.guestIp } }), 'documents');
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/**
 * The job definition: pg-boss retries a failing engine with backoff; the job holds a lease its
 * worker renews (jobs/queue.ts), so a dead worker's job is taken over within about a minute and
 * resumes after its last saved batch.
 */
export function defineDocumentJobs(queue: JobQueue, service: DocumentsService) {
  queue.define({
    name: 'document-translate',
    settings: { retryLimit: DOCUMENT_JOB_RETRY_LIMIT, retryDelay: 30, retryBackoff: true, leaseSeconds: JOB_LEASE_SECONDS },
    concurrency: 2,
    handle: (data, meta) => service.runJob(data.jobId, meta),
  });
}

export const documentTempDir = (dataDir: string) => path.join(dataDir, 'tmp', 'documents');
