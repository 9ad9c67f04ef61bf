import { z } from 'zod';

// The text fields of POST /api/doc/translate are in the shared contract (contract/documents.ts).

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
