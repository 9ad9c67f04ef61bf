import type { User } from '../../api/types';

/** The tabs of the account settings (spec section 2); the last three are other screens' routes. */
export const ACCOUNT_TABS = [
  { key: 'basicInfo', to: '/user/basic-info' },
  { key: 'authSettings', to: '/user/auth-settings' },
  { key: 'membership', to: '/user/membership' },
  { key: 'paymentManagement', to: '/user/payment-management' },
  { key: 'historySettings', to: '/user/history-settings' },
  { key: 'apiKeys', to: '/user/api-keys' },
] as const;

/** The server's limits for a company logo, checked here too so a wrong file fails at once. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';

/** A problem with a chosen logo file, or null. The server checks the bytes themselves. */
export function logoProblem(file: { size: number; type: string }): 'logoTooLarge' | 'logoType' | null {
  if (file.size > LOGO_MAX_BYTES) return 'logoTooLarge';
  if (!LOGO_ACCEPT.split(',').includes(file.type)) return 'logoType';
  return null;
}

export type ProfileValues = {
  name: string;
  phone: string;
  job_title: string;
  country: string;
  company_name: string;
  company_website: string;
  company_address: string;
};

export function profileValuesOf(user: User): ProfileValues {
  return {
    name: user.name,
    phone: user.personal_info?.phone ?? '',
    job_title: user.personal_info?.job_title ?? '',
    country: user.personal_info?.country ?? '',
    company_name: user.company?.name ?? '',
    company_website: user.company?.website ?? '',
    company_address: user.company?.address ?? '',
  };
}

/** The multipart body of POST /api/user/update: every text field, the logo file, or the removal flag. */
export function profileFormData(values: ProfileValues, logo: { file: Blob | null; remove: boolean }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  if (logo.file) form.append('logo', logo.file);
  else if (logo.remove) form.append('remove_logo', '1');
  return form;
}
