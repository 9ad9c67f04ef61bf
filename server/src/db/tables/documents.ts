import type { StoredAppliedSummary } from '../../../../contract/translate';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string | T | undefined, string | T>;

export type DocumentJobState = 'analyzing' | 'translating' | 'generating' | 'done' | 'failed' | 'canceled';

/** The states a job ends in (migrations/0490 added `canceled`): nothing moves it on from these. */
export const FINISHED_DOCUMENT_STATES = ['done', 'failed', 'canceled'] as const;

/** migrations/0030_document_jobs.sql */
export interface DocumentJobsTable {
  id: Generated<string>;
  project_id: Generated<string>;
  user_id: number | null;
  guest_token: string | null;
  guest_ip: string | null;
  locale: Generated<'en' | 'ar'>;
  source_lang: 'en' | 'ar';
  target_lang: 'en' | 'ar';
  domain: 'general' | 'business' | 'legal' | 'ecommerce';
  model: string;
  frontend_model: Generated<string>;
  llm: Generated<boolean>;
  file_name: string;
  format: 'docx' | 'xlsx' | 'pptx' | 'xliff' | 'pdf';
  file_size: ColumnType<number, number, number>;
  source_key: string;
  result_key: string | null;
  result_name: string | null;
  file_id: string | null;
  state: Generated<DocumentJobState>;
  progress: Generated<number>;
  words: Generated<number>;
  characters: Generated<number>;
  pages: number | null;
  segment_count: Generated<number>;
  batch_count: Generated<number>;
  batches_done: Generated<number>;
  engine: string | null;
  error_key: string | null;
  error_params: Json<Record<string, string | number>>;
  quota_released: Generated<boolean>;
  attempts: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  finished_at: Date | null;
  /** migrations/0080: the history entry was deleted; files and name are gone, the row counts for the quota. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** migrations/0270: what follows the final state (unit back, files, history entry, mail) is done. */
  wrapped_up_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** migrations/0300: once done, what memory and glossaries did for the document (null before it). */
  applied: ColumnType<StoredAppliedSummary | null, string | null | undefined, string | null>;
}

/** migrations/0031_document_job_batches.sql */
export interface DocumentJobBatchesTable {
  job_id: string;
  batch_index: number;
  translations: Json<string[]>;
  engine: string;
  created_at: CreatedAt;
  /** migrations/0300: the batch's memory segments and glossary terms (null for batches saved before it). */
  applied: ColumnType<StoredAppliedSummary | null, string | null | undefined, string | null>;
}

export interface DocumentsTables {
  document_jobs: DocumentJobsTable;
  document_job_batches: DocumentJobBatchesTable;
}

export type DocumentJobRow = Selectable<DocumentJobsTable>;
export type NewDocumentJob = Insertable<DocumentJobsTable>;
export type DocumentJobUpdate = Updateable<DocumentJobsTable>;
