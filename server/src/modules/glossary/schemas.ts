import { z } from 'zod';
import { DOMAINS, LANGS } from '../../engines/types';

const term = (key: string) => z.string({ error: key }).trim().min(1, { error: key }).max(200);

export const glossaryTermSchema = z
  .object({
    domain: z.enum(DOMAINS as [string, ...string[]]),
    source_lang: z.enum(LANGS as [string, ...string[]]),
    target_lang: z.enum(LANGS as [string, ...string[]]),
    source_term: term('glossary.source_required'),
    target_term: term('glossary.target_required'),
    note: z.string().trim().max(500).optional(),
  })
  .refine((value) => value.source_lang !== value.target_lang, { path: ['target_lang'], error: 'translate.same_language' });

export const ownerTermSchema = z
  .object({
    source_lang: z.enum(LANGS as [string, ...string[]]),
    target_lang: z.enum(LANGS as [string, ...string[]]),
    source_term: term('glossary.source_required'),
    target_term: term('glossary.target_required'),
  })
  .refine((value) => value.source_lang !== value.target_lang, { path: ['target_lang'], error: 'translate.same_language' });

export const glossaryListSchema = z.object({
  domain: z.enum(DOMAINS as [string, ...string[]]).optional().catch(undefined),
  source_lang: z.enum(LANGS as [string, ...string[]]).optional().catch(undefined),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export const idParamSchema = z.object({ id: z.coerce.number().int().min(1).max(2 ** 53 - 1) });
