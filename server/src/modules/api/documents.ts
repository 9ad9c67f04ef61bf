import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, Forbidden, Invalid, NotFound } from '../../http/errors';
import { resolveLocale } from '../../http/locale';
import type { DocumentsService, Requester } from '../documents/service';
import { receiveUpload } from '../documents/upload';
import type { ApiCaller, ApiKeysService } from './keys';
import type { Lang } from '../../engines/types';
import type { UserRow } from '../../db/schema';

/** 503 "not ready": DeepL's answer to a result asked for too early. */
export class DocumentNotReady extends AppError {
  constructor() {
    super(503, 'api.document_not_ready');
  }
}

/** What a surface reads from an upload's fields; `outputFormat`: DeepL's `output_format`, checked against the file's format. */
interface DocumentInput {
  source: Lang | 'auto';
  target: Lang;
  outputFormat?: string;
}

export type ApiDocumentState = 'queued' | 'translating' | 'done' | 'error';

/**
 * Documents of the developer API, on the web app's document service (the same formats,
 * limits, monthly quota, job pipeline and history, marked as API). A document is its
 * project id; its key (DeepL's `document_key`) is derived from the id with the application
 * key, so nothing more is stored, and only the key's holder can read the status or result.
 */
export function createApiDocuments(deps: {
  documents: DocumentsService;
  keys: ApiKeysService;
  appKey: Buffer;
  tempDir: string;
  /** The largest upload any plan may send (the plan's own limit is checked by the document service). */
  maxUploadBytes: number;
  findUser(id: number): Promise<UserRow | undefined>;
}) {
  const requesterOf = (request: FastifyRequest, caller: ApiCaller): Requester => ({ kind: 'user', user: caller.user, locale: resolveLocale(request), channel: 'api' });
  const documentKey = (projectId: string) => createHmac('sha256', deps.appKey).update(`api-document:${projectId}`).digest('base64url');

  function checkKey(projectId: string, key: string | undefined) {
    const expected = Buffer.from(documentKey(projectId));
    const given = Buffer.from(key ?? '');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new Invalid({ document_key: ['api.document_key_invalid'] });
  }

  /** The job as the caller may see it: another account's (another team's) document is "not found". */
  async function statusOf(request: FastifyRequest, caller: ApiCaller, projectId: string) {
    try {
      return await deps.documents.status(requesterOf(request, caller), projectId);
    } catch (error) {
      if (error instanceof Forbidden || error instanceof NotFound) throw new NotFound('api.document_not_found');
      throw error;
    }
  }

  return {
    documentKey,

    /**
     * Receives the upload (the key may be one of the form's fields, sent after the file, so
     * the caller is known only then) and starts the translation, with the plan's limits.
     */
    async upload(
      request: FastifyRequest,
      authenticate: (fields: Record<string, string>) => Promise<ApiCaller>,
      readInput: (fields: Record<string, string>, caller: ApiCaller) => Promise<DocumentInput> | DocumentInput,
    ) {
      const { file, fields } = await receiveUpload(request, { maxBytes: deps.maxUploadBytes, tempDir: deps.tempDir });
      let caller: ApiCaller;
      let input;
      try {
        caller = await authenticate(fields);
        input = await readInput(fields, caller);
        if (!file) throw Invalid.field('file', 'documents.file_required');
        if (fields.filename?.trim()) file.fileName = fields.filename.trim().slice(0, 200);
      } catch (error) {
        if (file) await fs.rm(file.path, { force: true });
        throw error;
      }
      const started = await deps.documents.startTranslation(requesterOf(request, caller), file, {
        model: 'general',
        frontendModel: 'API',
        source_lang: input.source,
        target_lang: input.target,
        ...(input.outputFormat ? { output_format: input.outputFormat } : {}),
      });
      await deps.keys.recordUsage(caller, { documents: 1 });
      return { caller, id: started.project_id, key: documentKey(started.project_id) };
    },

    /** A download path that works without the key (LibreTranslate's `translatedFileUrl`): the owner, the document and a signature. */
    downloadPath(caller: ApiCaller, projectId: string) {
      return `/download_file/${caller.user.id}/${projectId}/${documentKey(`${caller.user.id}:${projectId}`)}`;
    },

    /** The file behind a download path; a wrong signature is "not found". */
    async download(request: FastifyRequest, userId: number, projectId: string, signature: string) {
      const expected = Buffer.from(documentKey(`${userId}:${projectId}`));
      const given = Buffer.from(signature);
      const user = expected.length === given.length && timingSafeEqual(expected, given) ? await deps.findUser(userId) : undefined;
      if (!user) throw new NotFound('api.document_not_found');
      const requester: Requester = { kind: 'user', user, locale: resolveLocale(request) };
      const job = await deps.documents.status(requester, projectId);
      if (job.state !== 'done' || !job.file_id) throw new DocumentNotReady();
      return deps.documents.download(requester, job.file_id);
    },

    /** Waits for the document to be done, failed or canceled (LibreTranslate answers a file translation in one request). */
    async waitUntilFinished(request: FastifyRequest, caller: ApiCaller, projectId: string, options: { timeoutMs: number; intervalMs: number }) {
      const deadline = Date.now() + options.timeoutMs;
      for (;;) {
        const job = await statusOf(request, caller, projectId);
        if (job.state === 'done' || job.state === 'failed' || job.state === 'canceled' || Date.now() >= deadline) return job;
        await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
      }
    },

    /** The document's state: queued, translating, done or error (with the reason; a canceled document is an error, DeepL having no such state). */
    async status(request: FastifyRequest, caller: ApiCaller, projectId: string, key: string | undefined) {
      // An unknown document (or another account's) is 404 whatever the key, as DeepL documents 404 for an unknown resource; a wrong key of one the caller may see is 400.
      const job = await statusOf(request, caller, projectId);
      checkKey(projectId, key);
      const state: ApiDocumentState = job.state === 'done' ? 'done' : job.state === 'failed' || job.state === 'canceled' ? 'error' : job.state === 'analyzing' && job.progress === 0 ? 'queued' : 'translating';
      return {
        state,
        progress: job.progress,
        characters: job.characters,
        fileId: job.file_id,
        fileName: job.result_name ?? job.file_name,
        error: job.error?.message,
      };
    },

    /** The translated file (DeepL: 503 until it is done). */
    async result(request: FastifyRequest, caller: ApiCaller, projectId: string, key: string | undefined) {
      // An unknown document (or another account's) is 404 whatever the key, as DeepL documents 404 for an unknown resource; a wrong key of one the caller may see is 400.
      const job = await statusOf(request, caller, projectId);
      checkKey(projectId, key);
      if (job.state !== 'done' || !job.file_id) throw new DocumentNotReady();
      return deps.documents.download(requesterOf(request, caller), job.file_id);
    },
  };
}

export type ApiDocuments = ReturnType<typeof createApiDocuments>;
