import { z } from 'zod';
import { requiredString } from '../../http/validation';
import { localeField, nameField, passwordField, withPasswordConfirmation } from '../users/schemas';

/** Spec section 5: "Email is required", "wrong email"; stored trimmed and in lower case. */
export const emailField = requiredString('validation.email_required')
  .max(255, { error: 'auth.email_max' })
  .pipe(z.email({ error: 'validation.email_format' }))
  .transform((email) => email.toLowerCase());

export const registerSchema = withPasswordConfirmation({
  name: nameField,
  email: emailField,
  locale: localeField.optional(),
});

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
  remember: z.union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on'])]).optional().transform((value) => value === true || value === '1' || value === 'true' || value === 'on'),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = withPasswordConfirmation({
  token: z.string({ error: 'auth.token_required' }).min(1, { error: 'auth.token_required' }).max(200, { error: 'auth.reset_token_invalid' }),
  email: emailField,
});

export const verifyLinkParamsSchema = z.object({
  id: z.string(),
  hash: z.string(),
});

export const verifyLinkQuerySchema = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
});

export const socialStartQuerySchema = z.object({
  remember: z.enum(['1', '0', 'true', 'false']).optional().transform((value) => value === '1' || value === 'true'),
});

export type RegisterInput = z.output<typeof registerSchema>;
export type LoginInput = z.output<typeof loginSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;
