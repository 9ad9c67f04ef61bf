import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Lang } from '../../engines/types';
import { documentErrorKey, isDocumentError, OUTPUT_FORMAT, type DocumentError } from '../../formats';
import { outputFormatAllowed } from './documents.fns';
import { Invalid, LimitExceeded } from '../../http/errors';
import type { DocumentsContext, EffectiveLimits, Requester, TranslateDocumentInput, UploadedFile } from './context';
import type { DocumentJobRow } from '../../db/tables/documents';

/** Uploads: what one holds (format, words, pages), and turning it into a queued translation job. */
export function createDocumentIntake(ctx: DocumentsContext) {
  const { deps, repo, storage, filters, now, config, filterLimits, ownerOf, assertAllowed, limitsFor } = ctx;

  const fileError = (error: DocumentError) => Invalid.field('file', documentErrorKey(error.code), error.params);

  /** Reads an upload in a worker thread: its format (by content) and its segments and counts. */
  async function inspect(upload: UploadedFile, limits: EffectiveLimits) {
    if (upload.size > limits.maxBytes) throw new LimitExceeded('doc_size', 'documents.size_limit');
    if (upload.size === 0) throw Invalid.field('file', 'documents.error_empty_file');
    try {
      const inspection = await filters.inspect(upload.path, { source: 'en', target: 'ar', limits: filterLimits, workDir: config.tempDir }, config.countTimeoutSeconds * 1000);
      if (!limits.formats.includes(inspection.format)) {
        // A format Lisan reads but this account may not use says which ones it may.
        throw Invalid.field('file', 'documents.error_format_not_allowed', { format: inspection.format.toUpperCase(), formats: limits.formats.map((f) => f.toUpperCase()).join(', ') });
      }
      // Nothing to translate (only numbers, symbols): said when the file is chosen, before Translate is offered.
      if (!inspection.analysis.segments.some((s) => /\p{L}/u.test(s))) throw Invalid.field('file', 'documents.error_no_text');
      return inspection;
    } catch (error) {
      if (isDocumentError(error)) throw fileError(error);
      throw error;
    }
  }

  async function removeUpload(upload: UploadedFile) {
    await fs.rm(upload.path, { force: true }).catch(() => {});
  }

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
        return {
          words: analysis.words,
          characters: analysis.characters,
          ...(analysis.pages ? { pages: analysis.pages } : {}),
          format,
          ...(analysis.detectedLanguage ? { detected_language: analysis.detectedLanguage } : {}),
        };
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
        if (input.output_format !== undefined && !outputFormatAllowed(format, input.output_format)) {
          throw Invalid.field('output_format', 'documents.output_format_unavailable', { requested: input.output_format, input: format.toUpperCase(), output: OUTPUT_FORMAT[format].extension.toUpperCase() });
        }
        const source: Lang = input.source_lang === 'auto' ? (analysis.detectedLanguage ?? 'en') : input.source_lang;
        let target: Lang = input.target_lang ?? (source === 'ar' ? 'en' : 'ar');
        // "Detect language" found the language asked for as the target: the other one is meant.
        if (input.source_lang === 'auto' && source === target) target = source === 'ar' ? 'en' : 'ar';
        if (source === target) throw Invalid.field('target_lang', 'documents.same_language');
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
            await repo.update(job.id, { state: 'failed', quota_released: true, error_key: 'documents.error_engine', finished_at: now(), wrapped_up_at: now() }, now());
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
  };
}
