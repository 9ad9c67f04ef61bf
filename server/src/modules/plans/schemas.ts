import { z } from 'zod';
import { formNumber, requiredString } from '../../http/validation';
import type { LocalizedList } from '../../db/schema';

/**
 * Features arrive as texts (["...", "..."]) or in the stored shape ([{"1": "..."}]);
 * both are stored as single-key objects keyed by their 1-based position (spec section 3).
 */
const features = z
  .array(z.union([z.string(), z.record(z.string(), z.string())]), { error: 'plans.features_invalid' })
  .max(30)
  .transform((list): LocalizedList =>
    list
      .flatMap((item) => (typeof item === 'string' ? [item] : Object.values(item)))
      .map((text) => text.trim())
      .filter(Boolean)
      .map((text, index) => ({ [String(index + 1)]: text })),
  );

const text = (max = 500) => z.string().trim().max(max);
const quota = formNumber(z.number().int().min(0).max(100_000_000));
const positive = formNumber(z.number().int().min(1).max(100_000_000));
const price = formNumber(z.number().min(0).max(1_000_000).multipleOf(0.01));

export const planFields = {
  slug: z.string().trim().toLowerCase().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(60).optional(),
  sort_order: formNumber(z.number().int().min(0).max(10_000)).default(0),
  is_trial: z.boolean().default(false),
  is_team: z.boolean().default(false),
  price,
  price_yearly: price,
  name_en: requiredString('validation.name_required').max(80),
  name_ar: requiredString('validation.name_required').max(80),
  symbol_en: text(8).default('$'),
  symbol_ar: text(8).default('$'),
  price_en: text(40).default('0'),
  price_ar: text(40).default('0'),
  features_en: features.default([]),
  features_ar: features.default([]),
  button_text_en: text(80).default(''),
  button_text_ar: text(80).default(''),
  description_en: text().default(''),
  description_ar: text().default(''),
  text_under_button_en: text(160).default(''),
  text_under_button_ar: text(160).default(''),
  badge_color_en: text(32).default(''),
  badge_color_ar: text(32).default(''),
  badge_title_en: text(40).default(''),
  badge_title_ar: text(40).default(''),
  daily_text_requests: quota,
  monthly_doc_requests: quota,
  char_limit: positive,
  text_words: positive,
  doc_words: positive,
  doc_chars: positive,
  monthly_files: quota,
  web_pages: quota,
  max_file_size_mb: positive,
  file_formats: z
    .array(z.string().trim().toLowerCase().regex(/^[a-z0-9]+$/))
    .max(20)
    .transform((list) => [...new Set(list)])
    .default(['docx']),
  llm_enabled: z.boolean().default(false),
  api_enabled: z.boolean().default(false),
  monthly_api_characters: quota.default(500_000),
  /** Seats a team plan includes (owner included); teams start with this many. */
  included_seats: formNumber(z.number().int().min(1).max(100_000)).default(1),
};

export const createPlanSchema = z.object(planFields);

/** Updates may send any subset; `archived: false` restores an archived plan. */
/** A field as an update takes it: its default is for a new plan only, never applied to a field left out. */
const withoutDefault = (schema: z.ZodType): z.ZodType => (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema);

/** An update changes the fields it names; the others keep their values. */
export const updatePlanSchema = z
  .object(Object.fromEntries(Object.entries(planFields).map(([key, schema]) => [key, withoutDefault(schema as z.ZodType).optional()])) as { [K in keyof typeof planFields]: z.ZodOptional<(typeof planFields)[K]> })
  .extend({ archived: z.boolean().optional() });

export const planIdParams = z.object({ id: formNumber(z.number().int().positive()) });
export const planIdAltParams = z.object({ planid: formNumber(z.number().int().positive()) });

export type CreatePlanInput = z.output<typeof createPlanSchema>;
export type UpdatePlanInput = z.output<typeof updatePlanSchema>;
