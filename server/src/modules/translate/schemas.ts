import { z } from 'zod';
import { DOMAINS } from '../../engines/types';

const booleanInput = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

/** The guest's browser token: opaque, stored only as a digest. */
const guestToken = z.string().trim().max(200).optional().or(z.null().transform(() => undefined));

export const translateSchema = z.object({
  text: z
    .string({ error: 'translate.text_required' })
    .refine((value) => value.trim().length > 0, { error: 'translate.text_required' }),
  source_lang: z.enum(['en', 'ar', 'auto']).default('auto'),
  target_lang: z.enum(['en', 'ar']),
  domain: z.enum(DOMAINS as [string, ...string[]]).default('general'),
  llm: booleanInput.optional().default(false),
  token: guestToken,
});

export type TranslateInput = z.output<typeof translateSchema>;
