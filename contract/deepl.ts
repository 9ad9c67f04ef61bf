// The DeepL API v2 surface (docs/api.md): DeepL's own answer shapes, as DeepL's clients
// (deepl-node among them) read them. Errors are DeepL's `{ "message": "..." }`.
import { z } from 'zod';

/**
 * POST /v2/translate: one translation per text, in order. Kept plain (no refinements, no
 * transforms): it is the benchmarked path.
 */
export const deeplTranslation = z.object({
  /** DeepL's upper-case code (EN, AR). */
  detected_source_language: z.string(),
  text: z.string(),
  /** Only when `show_billed_characters` is asked for. */
  billed_characters: z.number().optional(),
});
export const deeplTranslateResult = z.object({ translations: z.array(deeplTranslation) });
export type DeeplTranslateResult = z.output<typeof deeplTranslateResult>;

/** GET/POST /v2/languages: the source languages, or (`type=target`) the target languages with `supports_formality`. */
export const deeplLanguages = z.array(z.object({ language: z.string(), name: z.string(), supports_formality: z.boolean().optional() }));
export type DeeplLanguages = z.output<typeof deeplLanguages>;

/** GET/POST /v2/usage: DeepL's counts and limits, plus Lisan's text requests of the day. */
export const deeplUsage = z.object({
  character_count: z.number(),
  character_limit: z.number(),
  document_count: z.number(),
  document_limit: z.number(),
  text_request_count: z.number(),
  text_request_limit: z.number(),
});
export type DeeplUsage = z.output<typeof deeplUsage>;

/** POST /v2/document: the handle a caller needs for the status and the result. */
export const deeplDocumentHandle = z.object({ document_id: z.string(), document_key: z.string() });
export type DeeplDocumentHandle = z.output<typeof deeplDocumentHandle>;

/** POST /v2/document/{id}: the document's state. */
export const deeplDocumentStatus = z.object({
  document_id: z.string(),
  status: z.enum(['queued', 'translating', 'done', 'error']),
  /** While queued or translating: an estimate. */
  seconds_remaining: z.number().optional(),
  /** Once done. */
  billed_characters: z.number().optional(),
  /** On error. */
  error_message: z.string().optional(),
});
export type DeeplDocumentStatus = z.output<typeof deeplDocumentStatus>;

/** A glossary (the account's glossary of one language pair). */
export const deeplGlossary = z.object({
  glossary_id: z.string(),
  name: z.string(),
  ready: z.boolean(),
  /** Lower-case codes (en, ar). */
  source_lang: z.string(),
  target_lang: z.string(),
  /** ISO 8601. */
  creation_time: z.string(),
  entry_count: z.number().int(),
});
export type DeeplGlossary = z.output<typeof deeplGlossary>;

/** GET /v2/glossaries. */
export const deeplGlossaryList = z.object({ glossaries: z.array(deeplGlossary) });
export type DeeplGlossaryList = z.output<typeof deeplGlossaryList>;

/** A dictionary of a v3 glossary: one language pair of the account's glossary (PUT /v3/glossaries/{id}/dictionaries answers one). */
export const deeplMultilingualDictionary = z.object({
  /** Lower-case codes (en, ar). */
  source_lang: z.string(),
  target_lang: z.string(),
  entry_count: z.number().int(),
  /** ISO 8601: the pair's first term. */
  creation_time: z.string(),
});

/** A v3 (multilingual) glossary: the account's one glossary, its dictionaries its language pairs. */
export const deeplMultilingualGlossary = z.object({
  glossary_id: z.string(),
  name: z.string(),
  dictionaries: z.array(deeplMultilingualDictionary),
  /** ISO 8601. */
  creation_time: z.string(),
});
export type DeeplMultilingualGlossary = z.output<typeof deeplMultilingualGlossary>;

/** GET /v3/glossaries. */
export const deeplMultilingualGlossaryList = z.object({ glossaries: z.array(deeplMultilingualGlossary) });

/** GET /v3/glossaries/{id}/entries: the one dictionary asked for, its entries as TSV. */
export const deeplMultilingualGlossaryEntries = z.object({
  dictionaries: z.array(z.object({ source_lang: z.string(), target_lang: z.string(), entries: z.string(), entries_format: z.literal('tsv') })),
});

/** GET /v2/glossary-language-pairs. */
export const deeplGlossaryLanguagePairs = z.object({ supported_languages: z.array(z.object({ source_lang: z.string(), target_lang: z.string() })) });
export type DeeplGlossaryLanguagePairs = z.output<typeof deeplGlossaryLanguagePairs>;
