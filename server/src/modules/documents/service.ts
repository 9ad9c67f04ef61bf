import path from 'node:path';
import type { TranslationEngine } from '../../engines/types';
import { createDocumentsContext, type DocumentsDeps } from './context';
import { createDocumentIntake } from './intake';
import { createDocumentJob } from './job';
import { createDocumentResults } from './results';

export type { SegmentTranslator } from '../../engines/types';
import type { SegmentTranslator } from '../../engines/types';
export { userDocumentOwner, type DocumentsDeps, type Requester, type TranslateDocumentInput, type UploadedFile } from './context';
export { DOCUMENT_JOB_RETRY_LIMIT, defineDocumentJobs } from './job';

/** A SegmentTranslator over one engine (tests, and a single configured engine). */
export function segmentTranslatorFromEngine(engine: TranslationEngine): SegmentTranslator {
  return async (segments, job) => ({ translations: await engine.translate(segments, job), engine: engine.id });
}

/**
 * The documents service, composed of its parts: intake.ts (count words, start a translation),
 * job.ts (the document-translate job) and results.ts (status, download, history entries,
 * retention), over the shared helpers of context.ts.
 */
export function createDocumentsService(deps: DocumentsDeps) {
  const ctx = createDocumentsContext(deps);
  const intake = createDocumentIntake(ctx);
  const job = createDocumentJob(ctx);
  const results = createDocumentResults(ctx);
  return {
    uploadLimitBytes: intake.uploadLimitBytes,
    countWords: intake.countWords,
    startTranslation: intake.startTranslation,
    status: results.status,
    cancel: results.cancel,
    download: results.download,
    runJob: job.runJob,
    purgeExpired: results.purgeExpired,
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

export const documentTempDir = (dataDir: string) => path.join(dataDir, 'tmp', 'documents');
