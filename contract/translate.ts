// Text translation (shared/API.md "Translation"): POST /api/translate, GET /api/engines, the
// operators' GET /api/admin/translation-engines, and a text entry's history detail.
import { z } from 'zod';
import { dataOf, domain, jsonText, lang } from './common';

export { domain, lang, type Domain, type Lang } from './common';

// The request body (the server parses it with this schema; the web app sends its input type).

const booleanInput = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

/** The guest's browser token: opaque, stored only as a digest. */
const guestToken = z.string().trim().max(200).optional().or(z.null().transform(() => undefined));

/** POST /api/translate's body. The error values are catalog keys (the server says them in the caller's language). */
export const translateRequest = z.object({
  text: z
    .string({ error: 'translate.text_required' })
    .refine((value) => value.trim().length > 0, { error: 'translate.text_required' }),
  source_lang: z.enum(['en', 'ar', 'auto']).default('auto'),
  target_lang: lang,
  domain: domain.default('general'),
  llm: booleanInput.optional().default(false),
  token: guestToken,
});
/** What a client may send. */
export type TranslateRequest = z.input<typeof translateRequest>;
/** What the server reads after parsing (defaults filled in). */
export type TranslateInput = z.output<typeof translateRequest>;

/** One sentence of a translation (POST /api/translate answers them in order). */
export const translationSegment = z.object({
  /** The sentence's id: reactions, suggestions and feedback name it. */
  translationId: z.string(),
  source: z.string(),
  target: z.string(),
  /** Whitespace after the sentence, kept as it was. */
  separator: z.string(),
  /**
   * 'memory-correction' (the user's or their team's approved correction of this sentence, from translation memory),
   * 'memory' (a liked translation), 'memory-fuzzy' (either, with only its numbers changed), or the engine id.
   */
  origin: z.string(),
  /** With 'memory-correction': the machine's words the correction replaced (absent when not known). */
  machine_target: z.string().optional(),
  /** A glossary term was applied to this sentence. */
  glossary: z.boolean().optional(),
});
export type TranslationSegment = z.output<typeof translationSegment>;

/**
 * POST /api/translate's `data` (sent as JSON text). Kept to plain fields, no refinements:
 * this is the benchmark's hot path, parsed on every answer.
 */
export const translationData = z.object({
  project_id: z.string(),
  source_lang: lang,
  target_lang: lang,
  /** The source language was detected ("auto"). */
  detected: z.boolean(),
  domain,
  engine: z.string(),
  llm: z.boolean(),
  /** The LLM mode was asked for, but no LLM engine is configured: the usual engines answered. */
  llm_unavailable: z.boolean().optional(),
  leading: z.string(),
  segments: z.array(translationSegment),
  /** The glossary terms this translation applied (the user's, the team's and Lisan's per-domain terms). */
  glossary_terms: z.array(z.object({ source: z.string(), target: z.string() })),
  usage: z.object({ text_requests_today: z.number(), request_quota: z.number(), char_limit: z.number() }),
});
export type TranslationData = z.output<typeof translationData>;

/**
 * What translation memory and glossaries did for a document or a web page: the pipeline's
 * per-segment origins, summed when the translation was stored (not recomputed). A segment is
 * a paragraph, cell or sentence of the file or page as it was sent to the pipeline.
 */
export const appliedSummary = z.object({
  /**
   * Segments the user's (or team's) translation memory answered, approved corrections apart: liked
   * translations, and fuzzy hits of either. (Summaries stored before 2026-11-30 count corrections here too.)
   */
  memory_segments: z.number().int(),
  /** Of those, the ones whose stored sentence differs only in its numbers (the numbers replaced): worth a check. */
  memory_fuzzy_segments: z.number().int(),
  /** Segments answered by an approved correction of the user (or of their team) of exactly that sentence, as the translator lists them; a website page's also counts its reviewed units (since migration 0390), each once. */
  correction_segments: z.number().int(),
  /** The glossary terms the translation carries, with the number of segments each was applied in; most used first, at most 20. */
  glossary_terms: z.array(z.object({ source: z.string(), target: z.string(), count: z.number().int() })),
  /** How many different terms were applied (`glossary_terms` lists the first 20). */
  glossary_term_count: z.number().int(),
});
export type AppliedSummary = z.output<typeof appliedSummary>;
/** A summary as stored (db/tables): those stored before corrections were counted apart (2026-11-30) have no `correction_segments`. */
export type StoredAppliedSummary = Omit<AppliedSummary, 'correction_segments'> & { correction_segments?: number };

/** An entry of POST /api/translate's `dictionary` (sent as JSON text): inputs of three words or fewer. */
export const dictionaryEntry = z.object({ word: z.string(), translations: z.array(z.string()) });
export type DictionaryEntry = z.output<typeof dictionaryEntry>;
export const dictionaryEntries = z.array(dictionaryEntry);

/** POST /api/translate (200): the spec's envelope, `data` and `dictionary` as JSON text. */
export const translateAnswer = z.object({
  status: z.number(),
  data: jsonText(translationData),
  dictionary: jsonText(dictionaryEntries),
  type: z.null(),
  message: z.null(),
});
export type TranslateAnswer = z.output<typeof translateAnswer>;

/** GET /api/engines: which engine answers each direction now. */
export const engineStatus = z.object({
  directions: z.array(z.object({ source: lang, target: lang, engine: z.string().nullable(), gloss: z.boolean() })),
  /** Some direction is answered by the offline dictionary only (a word-by-word gloss). */
  gloss: z.boolean(),
});
export type EngineStatus = z.output<typeof engineStatus>;
export const engineStatusAnswer = dataOf(engineStatus);

const timing = { p50Ms: z.number(), p99Ms: z.number() };

/** GET /api/admin/translation-engines: the engines, their order, and how fast they and the route answer. */
export const translationEngines = dataOf(
  z.object({
    engines: z.array(z.object({ id: z.string(), pairs: z.array(z.enum(['en-ar', 'ar-en'])) })),
    chains: z.object({ general: z.array(z.string()) }),
    engine_stats: z.record(z.string(), z.object({ calls: z.number(), failures: z.number(), ...timing, meanMs: z.number() })),
    service_stats: z.object({ requests: z.number(), ...timing }),
  }),
);
export type TranslationEngines = z.output<typeof translationEngines>['data'];

/** A text entry's sentences, to re-open it in the translator (the history's detail of a `text` entry). */
export const textDetail = z.object({
  source_lang: lang,
  target_lang: lang,
  domain,
  engine: z.string(),
  llm: z.boolean(),
  leading: z.string(),
  text: z.string(),
  translation: z.string(),
  segments: z.array(
    z.object({
      translationId: z.string(),
      source: z.string(),
      target: z.string(),
      separator: z.string(),
      reaction: z.enum(['like', 'dislike']).nullable(),
      /** The sentence shows the user's approved correction (`target`): what the machine had translated; null when not corrected. */
      machine_target: z.string().nullable(),
    }),
  ),
});
export type TextDetail = z.output<typeof textDetail>;
