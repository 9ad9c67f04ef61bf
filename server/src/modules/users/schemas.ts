import { z } from 'zod';
import { requiredString } from '../../http/validation';

// The account's own fields (name, locale, password): the auth module's sign-up and reset forms use them too.

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

const optionalText = (max: number) => z.string().trim().max(max, { error: 'users.field_too_long' }).optional();

const flag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on'])])
  .optional()
  .transform((value) => value === true || value === '1' || value === 'true' || value === 'on');

/**
 * POST /api/user/update, as JSON or as multipart form fields (the logo comes as the file
 * `logo`). Fields left out keep their value; an empty text clears it.
 */
export const updateProfileSchema = z.object({
  name: nameField,
  phone: optionalText(32).refine((value) => !value || /^\+?[0-9\s()-]+$/.test(value), { error: 'users.phone_invalid' }),
  job_title: optionalText(100),
  country: optionalText(100),
  company_name: optionalText(255),
  company_website: optionalText(255).refine((value) => !value || isWebAddress(value), { error: 'users.website_invalid' }),
  company_address: optionalText(500),
  remove_logo: flag,
});

function isWebAddress(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** POST /api/user/settings: interface language and the translator's defaults. */
export const settingsSchema = z.object({
  locale: localeField.optional(),
  source_lang: z.enum(['auto', 'en', 'ar']).optional(),
  target_lang: z.enum(['en', 'ar']).optional(),
  domain: z.enum(['general', 'business', 'legal', 'ecommerce']).optional(),
});

/**
 * POST /api/user/password-update. A user who signed up with Google or LinkedIn has no
 * password yet and sets one without an old password.
 */
export function passwordUpdateSchema(hasPassword: boolean) {
  return withPasswordConfirmation({
    old_password: hasPassword
      ? z.string({ error: 'validation.old_password_required' }).min(1, { error: 'validation.old_password_required' })
      : z.string().optional(),
  });
}

export const disconnectSchema = z.object({
  provider: z.enum(['google', 'linkedin']),
});

/** Re-entry of the password, or of the e-mail address for accounts without a password. */
export const deleteAccountSchema = z.object({
  password: z.string().optional(),
  email: z.string().optional(),
});

export type UpdateProfileInput = z.output<typeof updateProfileSchema>;
export type SettingsInput = z.output<typeof settingsSchema>;
export type DeleteAccountInput = z.output<typeof deleteAccountSchema>;
