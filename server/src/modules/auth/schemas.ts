import { z } from 'zod';
import type { loginRequest, registerRequest, resetPasswordRequest } from '../../../../contract/auth';

// The request bodies' schemas are in the shared contract (contract/auth.ts); the query and path ones stay here.

export const verifyLinkParamsSchema = z.object({
  id: z.string(),
  hash: z.string(),
});

export const verifyLinkQuerySchema = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
});

export const emailChangeParamsSchema = z.object({ token: z.string() });

export const socialStartQuerySchema = z.object({
  remember: z.enum(['1', '0', 'true', 'false']).optional().transform((value) => value === '1' || value === 'true'),
});

export type RegisterInput = z.output<typeof registerRequest>;
export type LoginInput = z.output<typeof loginRequest>;
export type ResetPasswordInput = z.output<typeof resetPasswordRequest>;
