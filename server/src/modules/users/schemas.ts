import { z } from 'zod';
import { nameField } from '../../../../contract/auth';
import type { deleteAccountRequest, settingsRequest } from '../../../../contract/users';

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

// The JSON bodies' schemas (settings, password, disconnect, account deletion) are in the shared
// contract (contract/users.ts); the profile form's (multipart, with the logo) stays here.

export type UpdateProfileInput = z.output<typeof updateProfileSchema>;
export type SettingsInput = z.output<typeof settingsRequest>;
export type DeleteAccountInput = z.output<typeof deleteAccountRequest>;
