import { z } from 'zod';
import { formNumber } from '../../http/validation';
import { ADMIN_SETTING_NAMES } from '../settings/settings.fns';

export const SUPPORTED_FORMATS = ['docx', 'xlsx', 'pptx', 'xliff', 'pdf'] as const;

const page = formNumber(z.number().int().min(1).max(100_000)).default(1);

export const listUsersQuery = z.object({
  q: z.string().trim().max(200).optional(),
  plan_id: formNumber(z.number().int().positive()).optional(),
  role_id: formNumber(z.number().int().min(1).max(5)).optional(),
  page,
  per_page: formNumber(z.number().int().min(1).max(100)).default(20),
});

export const userIdParams = z.object({ id: formNumber(z.number().int().positive()) });

export const setUserPlanBody = z.object({
  user_id: formNumber(z.number().int().positive()),
  plan_id: formNumber(z.number().int().positive()),
  /** Seats of a team plan (default: the team's current seats, or the plan's included seats). */
  seats: formNumber(z.number().int().min(1).max(1000)).optional(),
});

export const addTrialDaysBody = z.object({
  user_id: formNumber(z.number().int().positive()),
  days: formNumber(z.number().int().min(1).max(365)),
});

export const auditQuery = z.object({
  page,
  per_page: formNumber(z.number().int().min(1).max(100)).default(50),
  action: z.string().max(100).optional(),
  target_type: z.string().max(50).optional(),
  target_id: z.string().max(100).optional(),
});

const positiveIntegerText = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .refine((value) => /^[1-9]\d{0,8}$/.test(value), { error: 'admin.positive_integer' });

const formatList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((f) => f.trim().toLowerCase()).filter(Boolean))
  .refine((list) => list.length > 0 && list.every((f) => (SUPPORTED_FORMATS as readonly string[]).includes(f)), { error: 'admin.formats' })
  .transform((list) => [...new Set(list)].join(','));

const longText = z.string().max(200_000);
const link = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === '' || value.startsWith('/') || /^https?:\/\//i.test(value), { error: 'admin.link' });

/** Every setting of spec section 3 and the invoice's seller; a partial update is allowed, unknown names are refused. */
export const siteSettingsBody = z
  .object({
    guest_text_quota: positiveIntegerText,
    guest_doc_quota: positiveIntegerText,
    guest_file_size: positiveIntegerText,
    guest_words_count: positiveIntegerText,
    guest_doc_words_count: positiveIntegerText,
    guest_allowed_format: formatList,
    payment_gateway: z.string().trim().min(1),
    terms_conditions: longText,
    terms_conditions_ar: longText,
    privacy_policy_en: longText,
    privacy_policy_ar: longText,
    webinar_text_en: z.string().max(500),
    webinar_text_ar: z.string().max(500),
    webinar_link_en: link,
    webinar_link_ar: link,
    // The invoice's seller (optional: empty keeps the environment's name and address).
    invoice_seller_name: z.string().trim().max(200),
    invoice_seller_name_ar: z.string().trim().max(200),
    invoice_seller_address: z.string().trim().max(1000),
    invoice_seller_vat_number: z.string().trim().max(40),
  } satisfies Record<(typeof ADMIN_SETTING_NAMES)[number], z.ZodType>)
  .partial()
  .strict();

export type SiteSettingsUpdate = z.output<typeof siteSettingsBody>;
