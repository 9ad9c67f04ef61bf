// The LibreTranslate surface (docs/api.md): LibreTranslate's own answer shapes, as its
// clients read them. Errors are LibreTranslate's `{ "error": "..." }`.
import { z } from 'zod';

/** A detected language with a confidence from 0 to 100. */
export const libreDetection = z.object({ confidence: z.number(), language: z.string() });
export type LibreDetection = z.output<typeof libreDetection>;

/**
 * POST /translate: `q` a text gives one of each, `q` a list gives lists; `detectedLanguage`
 * only when `source` is `auto`, `alternatives` (always empty) only when asked for.
 */
export const libreTranslateResult = z.object({
  translatedText: z.union([z.string(), z.array(z.string())]),
  detectedLanguage: z.union([libreDetection, z.array(libreDetection)]).optional(),
  alternatives: z.union([z.array(z.string()), z.array(z.array(z.string()))]).optional(),
});
export type LibreTranslateResult = z.output<typeof libreTranslateResult>;

/** POST /detect. */
export const libreDetections = z.array(libreDetection);

/** POST /translate_file: where to download the translated file (no key needed). */
export const libreFileResult = z.object({ translatedFileUrl: z.string() });

/** GET /languages: each language and the languages it translates into. */
export const libreLanguages = z.array(z.object({ code: z.string(), name: z.string(), targets: z.array(z.string()) }));
export type LibreLanguages = z.output<typeof libreLanguages>;

const libreLanguage = z.object({ code: z.string(), name: z.string() });

/** GET /frontend/settings: what LibreTranslate's web client reads first. */
export const libreFrontendSettings = z.object({
  charLimit: z.number(),
  frontendTimeout: z.number(),
  apiKeys: z.boolean(),
  keyRequired: z.boolean(),
  suggestions: z.boolean(),
  filesTranslation: z.boolean(),
  supportedFilesFormat: z.array(z.string()),
  language: z.object({ source: libreLanguage, target: libreLanguage }),
});
