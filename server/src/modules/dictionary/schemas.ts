import { z } from 'zod';

export const DICTIONARY_MAX_WORDS = 5;

export const dictionarySchema = z.object({
  word: z
    .string({ error: 'dictionary.word_required' })
    .trim()
    .min(1, { error: 'dictionary.word_required' })
    .max(100),
  source_lang: z.enum(['en', 'ar', 'auto']).default('auto'),
  target_lang: z.enum(['en', 'ar']).optional(),
  token: z.string().max(200).optional().nullable(),
});

export type DictionaryInput = z.output<typeof dictionarySchema>;
