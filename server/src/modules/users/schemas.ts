import { z } from 'zod';
import { localeField, nameField, withPasswordConfirmation } from '../auth/schemas';

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
