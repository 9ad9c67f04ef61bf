import { z } from 'zod';
import { formNumber } from '../../http/validation';
import { DOMAINS, LANGS } from '../../engines/types';

const term = (key: string) => z.string({ error: key }).trim().min(1, { error: key }).max(200);

export const glossaryTermSchema = z
  .object({
    domain: z.enum(DOMAINS),
    source_lang: z.enum(LANGS),
    target_lang: z.enum(LANGS),
    source_term: term('glossary.source_required'),
    target_term: term('glossary.target_required'),
    note: z.string().trim().max(500).optional(),
  })
  .refine((value) => value.source_lang !== value.target_lang, { path: ['target_lang'], error: 'translate.same_language' });

export const ownerTermSchema = z
  .object({
    domain: z.enum(DOMAINS).default('general'),
    source_lang: z.enum(LANGS),
    target_lang: z.enum(LANGS),
    source_term: term('glossary.source_required'),
    target_term: term('glossary.target_required'),
  })
  .refine((value) => value.source_lang !== value.target_lang, { path: ['target_lang'], error: 'translate.same_language' });

export const glossaryListSchema = z.object({
  domain: z.enum(DOMAINS).optional().catch(undefined),
  source_lang: z.enum(LANGS).optional().catch(undefined),
  q: z.string().trim().max(200).optional(),
  page: formNumber(z.number().int().min(1).max(100_000)).catch(1).default(1),
});

export const idParamSchema = z.object({ id: formNumber(z.number().int().min(1).max(2 ** 53 - 1)) });


/** Most entries one import takes (a glossary file, not a dictionary). */
export const IMPORT_MAX_ENTRIES = 5_000;

export const termFileFormatSchema = z.enum(['csv', 'tsv']);

/** POST .../glossary/import: the file's text, and the pair and domain of entries that do not name them. */
export const importTermsSchema = z.object({
  format: termFileFormatSchema,
  content: z.string().min(1).max(900_000),
  source_lang: z.enum(LANGS).default('en'),
  target_lang: z.enum(LANGS).default('ar'),
  domain: z.enum(DOMAINS).default('general'),
});

export const exportTermsSchema = z.object({ format: termFileFormatSchema.catch('csv') });
