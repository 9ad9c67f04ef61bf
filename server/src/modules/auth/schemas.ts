import { z } from 'zod';
import { requiredString } from '../../http/validation';

/** Spec section 5: "Email is required", "wrong email"; stored trimmed and in lower case. */
export const emailField = requiredString('validation.email_required')
  .max(255, { error: 'auth.email_max' })
  .pipe(z.email({ error: 'validation.email_format' }))
  .transform((email) => email.toLowerCase());

/** A password being checked (sign-in, re-entry): only "Password is required". */
export const passwordField = z
  .string({ error: 'validation.password_required' })
  .min(1, { error: 'validation.password_required', abort: true });

/** A password being chosen: at least 8 characters (argon2id hashes anything, so 255 caps the work). */
export const newPasswordField = passwordField.min(8, { error: 'auth.password_min' }).max(255, { error: 'auth.password_max' });

export const passwordConfirmationField = z
  .string({ error: 'validation.password_confirmation_required' })
  .min(1, { error: 'validation.password_confirmation_required', abort: true });

/** password + password_confirmation, the confirmation matching (reported on the confirmation field). */
export function withPasswordConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, password: newPasswordField, password_confirmation: passwordConfirmationField })
    .refine((input) => {
      const { password, password_confirmation } = input as { password: string; password_confirmation: string };
      return password === password_confirmation;
    }, {
      path: ['password_confirmation'],
      error: 'auth.password_confirmation_mismatch',
    });
}

export const nameField = requiredString('validation.name_required').max(255, { error: 'auth.name_max' });

export const localeField = z.enum(['en', 'ar']);

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
