import { z } from 'zod';

/** Multipart fields arrive as strings; an empty one means "not given". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** The text fields of POST /api/doc/translate (multipart; the file is read separately). */
export const translateDocumentSchema = z.object({
  model: optional(z.enum(['general', 'business', 'legal', 'ecommerce', 'llm'])).transform((value) => value ?? 'general'),
  frontendModel: z.string().trim().max(100).default(''),
  source_lang: optional(z.enum(['en', 'ar', 'auto'])).transform((value) => value ?? 'auto'),
  target_lang: optional(z.enum(['en', 'ar'])),
  token: z.string().trim().max(128).optional(),
});

export const guestTokenSchema = z.object({
  token: z.string().trim().max(128).optional(),
});

export const projectParamsSchema = z.object({
  projectId: z.string().uuid(),
});

export const downloadQuerySchema = z.object({
  id: z.string({ error: 'validation.required' }).uuid(),
  token: z.string().trim().max(128).optional(),
});
