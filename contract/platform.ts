// Health, the admin Engines screen, the dictionary and the feedback loop (shared/API.md):
// GET /api/health, GET/POST /api/admin/engines..., POST /api/dictionary, GET /api/reaction/...,
// POST /api/feedback and POST /api/user/suggested-translation.
import { z } from 'zod';
import { domain, lang, statusMessage } from './common';

/** A translation model's state, as the provisioner records it. */
export const modelState = z.enum(['missing', 'disabled', 'checking', 'downloading', 'verifying', 'installed', 'failed']);
export type ModelState = z.output<typeof modelState>;

/** GET /api/health: the database answers, and which engine answers each direction now. */
export const health = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** By direction ("en-ar", "ar-en"). */
  engines: z.record(z.string(), z.object({ engine: z.string().nullable(), model_version: z.string().nullable(), model: modelState })),
});
export type Health = z.output<typeof health>;

/** A model installed in MODELS_DIR. */
export const installedModel = z.object({
  direction: z.string(),
  version: z.string().nullable(),
  variant: z.string().nullable(),
  source: z.string().nullable(),
  bytes: z.number(),
  model: z.string(),
});

/** A direction's download, as the provisioner (any process) recorded it. */
export const modelDownload = z.object({
  state: modelState,
  version: z.string().nullable(),
  variant: z.string().nullable(),
  source_url: z.string().nullable(),
  files: z.array(z.object({ name: z.string(), file_type: z.string(), size: z.number(), bytes: z.number(), percent: z.number() })),
  bytes_total: z.number(),
  bytes_done: z.number(),
  percent: z.number().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  installed_at: z.string().nullable(),
  updated_at: z.string(),
});

export const engineDirection = z.object({
  /** "en-ar" or "ar-en". */
  direction: z.string(),
  source: lang,
  target: lang,
  domains: z.array(z.object({ domain, chain: z.array(z.string()), active: z.string().nullable() })),
  model: installedModel.nullable(),
  download: modelDownload.nullable(),
});
export type EngineDirection = z.output<typeof engineDirection>;

/** GET /api/admin/engines: the admin Engines screen. */
export const enginesStatus = z.object({
  data: z.object({ directions: z.array(engineDirection), engines: z.array(z.string()), source_url: z.string(), auto_download: z.boolean() }),
});
export type EnginesStatus = z.output<typeof enginesStatus>;

/** POST /api/admin/engines/check: the worker's job (null when the same check is queued already). */
export const modelsCheckStarted = statusMessage.extend({ data: z.object({ job_id: z.string().nullable() }) });
export type ModelsCheckStarted = z.output<typeof modelsCheckStarted>;

/** A word or phrase of the offline dictionary with its senses. */
export const dictionaryEntry = z.object({ word: z.string(), translations: z.array(z.string()) });
export type DictionaryEntry = z.output<typeof dictionaryEntry>;

/** POST /api/dictionary. */
export const dictionaryLookup = z.object({ status: z.number().int(), source_lang: lang, target_lang: lang, data: z.array(dictionaryEntry) });
export type DictionaryLookup = z.output<typeof dictionaryLookup>;

export const reaction = z.enum(['like', 'dislike', 'none']);
export type Reaction = z.output<typeof reaction>;

/** GET /api/reaction/{translationId}/{reaction}. */
export const reactionSaved = z.object({ status: z.number().int(), data: z.object({ translationId: z.string(), reaction }) });
export type ReactionSaved = z.output<typeof reactionSaved>;

/** POST /api/user/suggested-translation: the sentence, the machine's translation and the correction. */
export const suggestionSaved = statusMessage.extend({
  data: z.object({
    translationId: z.string(),
    source_lang: lang,
    target_lang: lang,
    original: z.string(),
    translation: z.string(),
    suggestedTranslation: z.string(),
  }),
});
export type SuggestionAnswer = z.output<typeof suggestionSaved>;
