import { z } from 'zod';

/** The text fields of POST /api/doc/translate (multipart; the file is read separately). */
export const translateDocumentSchema = z.object({
  model: z.enum(['general', 'business', 'legal', 'ecommerce', 'llm']).default('general'),
  frontendModel: z.string().trim().max(100).default(''),
  source_lang: z.enum(['en', 'ar', 'auto']).default('auto'),
  target_lang: z.enum(['en', 'ar']).optional(),
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
