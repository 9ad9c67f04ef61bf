// Documents (shared/API.md "Documents"): POST /api/count-words, POST /api/doc/translate,
// GET /api/doc/translated/{projectId}, and a document entry's history detail. The translated
// file itself (GET /api/translated-file-url/?id=) is a download, not JSON.
import { z } from 'zod';
import { timestamp } from './common';
import { appliedSummary, lang } from './translate';

export const documentFormat = z.enum(['docx', 'xlsx', 'pptx', 'xliff', 'pdf']);
export type DocumentFormat = z.output<typeof documentFormat>;
export const documentState = z.enum(['analyzing', 'translating', 'generating', 'done', 'failed', 'canceled']);
export type DocumentState = z.output<typeof documentState>;

/** The translation models a document can be sent to: a domain's engines, or the LLM. */
export const documentModel = z.enum(['general', 'business', 'legal', 'ecommerce', 'llm']);
export type DocumentModel = z.output<typeof documentModel>;

/** Multipart fields arrive as strings; an empty one means "not given". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * The text fields of POST /api/doc/translate (multipart; the file is read separately). The
 * web app sends the parsed shape (`TranslateDocumentFields`) as form fields: `z.input` of a
 * preprocessed field is `unknown`, which says nothing.
 */
export const translateDocumentFields = z.object({
  model: optional(documentModel).transform((value) => value ?? 'general'),
  frontendModel: z.string().trim().max(100).default(''),
  source_lang: optional(z.enum(['en', 'ar', 'auto'])).transform((value) => value ?? 'auto'),
  target_lang: optional(lang),
  token: z.string().trim().max(128).optional(),
});
export type TranslateDocumentFields = z.output<typeof translateDocumentFields>;

/** Why a document failed, said in the requester's language (`key` and `params` for the screens). */
export const documentError = z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])), message: z.string() });
export type DocumentError = z.output<typeof documentError>;

/** POST /api/count-words (200): what an upload holds. */
export const wordCount = z.object({
  status: z.number().int(),
  words: z.number().int(),
  characters: z.number().int(),
  /** PDF and PPTX only (pages, slides). */
  pages: z.number().int().optional(),
  format: documentFormat,
  /** The document's language as "Detect language" would take it (absent when it has too little text to tell). */
  detected_language: lang.optional(),
});
export type WordCount = z.output<typeof wordCount>;

/** POST /api/doc/translate (202): the job is queued; poll its status with this id. */
export const documentQueued = z.object({ status: z.number().int(), project_id: z.string() });
export type DocumentQueued = z.output<typeof documentQueued>;

/** GET /api/doc/translated/{projectId} -> data: the job's state and, once done, its file. */
export const documentStatus = z.object({
  project_id: z.string(),
  state: documentState,
  progress: z.number(),
  file_name: z.string(),
  format: documentFormat,
  source_lang: lang,
  target_lang: lang,
  /** The model asked for: a domain or 'llm'. */
  model: z.string(),
  words: z.number().int(),
  characters: z.number().int(),
  pages: z.number().int().nullable(),
  /** The engine that translated it ('dictionary': a word-by-word gloss); null until it has. */
  engine: z.string().nullable(),
  created_at: timestamp,
  /** Once done: the translated file's id (GET /api/translated-file-url/?id=) and name. */
  file_id: z.string().optional(),
  result_name: z.string().nullable().optional(),
  error: documentError.optional(),
  /** Once done: how many segments came from translation memory and which glossary terms were applied; null before (and for documents translated before this was kept). */
  applied: appliedSummary.nullable(),
});
export type DocumentStatus = z.output<typeof documentStatus>;
export const documentStatusAnswer = z.object({ status: z.number().int(), data: documentStatus });

/** A document entry's state and file, to re-open or download it (the history's detail of a `document` entry). */
export const documentDetail = z.object({
  state: documentState,
  progress: z.number(),
  file_name: z.string(),
  format: documentFormat,
  words: z.number().int(),
  pages: z.number().int().nullable(),
  file_id: z.string().optional(),
  result_name: z.string().nullable().optional(),
  download_url: z.string().optional(),
  error: documentError.optional(),
});
export type DocumentDetail = z.output<typeof documentDetail>;
