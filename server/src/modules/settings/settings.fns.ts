/** The public setting names of spec section 3, in the order the spec lists them. */
export const PUBLIC_SETTING_NAMES = [
  'guest_text_quota',
  'guest_doc_quota',
  'terms_conditions',
  'terms_conditions_ar',
  'guest_allowed_format',
  'guest_file_size',
  'guest_words_count',
  'guest_doc_words_count',
  'payment_gateway',
  'privacy_policy_en',
  'privacy_policy_ar',
  'webinar_text_en',
  'webinar_text_ar',
  'webinar_link_en',
  'webinar_link_ar',
] as const;

export type PublicSettingName = (typeof PUBLIC_SETTING_NAMES)[number];

/**
 * The seller's details printed on invoices (migrations 0360 and 0520, the name in Arabic): set on
 * the admin's site settings page, never listed by GET /api/site-settings. Empty: the environment's
 * seller name (and Arabic name) and address.
 */
export const INVOICE_SELLER_SETTING_NAMES = ['invoice_seller_name', 'invoice_seller_name_ar', 'invoice_seller_address', 'invoice_seller_vat_number'] as const;

/** What the admin's site settings page edits: the public settings, then the invoice's seller. */
export const ADMIN_SETTING_NAMES = [...PUBLIC_SETTING_NAMES, ...INVOICE_SELLER_SETTING_NAMES] as const;

/** Spec section 9: guest defaults before (or without) stored settings. */
export const GUEST_DEFAULTS = {
  guest_text_quota: 20,
  guest_doc_quota: 2,
  guest_allowed_format: ['docx'],
  guest_file_size: 2,
  guest_words_count: 2000,
  guest_doc_words_count: 2000,
};

export interface GuestLimits {
  textQuota: number;
  docQuota: number;
  allowedFormats: string[];
  fileSizeMb: number;
  wordsCount: number;
  docWordsCount: number;
}

const positiveInt = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Typed guest limits from stored settings, falling back to the spec's defaults. */
export function guestLimitsFrom(settings: Map<string, string>): GuestLimits {
  const formats = (settings.get('guest_allowed_format') ?? '')
    .split(',')
    .map((f) => f.trim().toLowerCase())
    .filter(Boolean);
  return {
    textQuota: positiveInt(settings.get('guest_text_quota'), GUEST_DEFAULTS.guest_text_quota),
    docQuota: positiveInt(settings.get('guest_doc_quota'), GUEST_DEFAULTS.guest_doc_quota),
    allowedFormats: formats.length ? formats : GUEST_DEFAULTS.guest_allowed_format,
    fileSizeMb: positiveInt(settings.get('guest_file_size'), GUEST_DEFAULTS.guest_file_size),
    wordsCount: positiveInt(settings.get('guest_words_count'), GUEST_DEFAULTS.guest_words_count),
    docWordsCount: positiveInt(settings.get('guest_doc_words_count'), GUEST_DEFAULTS.guest_doc_words_count),
  };
}
