import { z } from 'zod';
import { formNumber } from '../../http/validation';
import { termFileFormat } from '../../../../contract/glossary';
import { DOMAINS, LANGS } from '../../engines/types';

export const glossaryListSchema = z.object({
  domain: z.enum(DOMAINS).optional().catch(undefined),
  source_lang: z.enum(LANGS).optional().catch(undefined),
  q: z.string().trim().max(200).optional(),
  page: formNumber(z.number().int().min(1).max(100_000)).catch(1).default(1),
});

export const idParamSchema = z.object({ id: formNumber(z.number().int().min(1).max(2 ** 53 - 1)) });

/** Most entries one import takes (a glossary file, not a dictionary). */
export const IMPORT_MAX_ENTRIES = 5_000;

export const exportTermsSchema = z.object({ format: termFileFormat.catch('csv') });
