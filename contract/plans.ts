// Plans (shared/API.md "Plans, subscription, billing" and spec section 3): GET /api/plans, a
// plan by id (GET /api/user/plans/:id, contract/billing.ts), the admin's plan routes, and the
// plan on the profile (GET /api/user's `plan`).
import { z } from 'zod';
import { dataOf, statusMessage } from './common';

/** A feature list: single-key objects keyed by their 1-based position, e.g. [{"1": "..."}, {"2": "..."}]. */
export const planFeatureList = z.array(z.record(z.string(), z.string()));
export type PlanFeatureList = z.output<typeof planFeatureList>;

/** A plan's quotas (spec section 3): what every quota check and GET /api/user read. */
export const planLimits = z.object({
  daily_text_requests: z.number().int(),
  monthly_doc_requests: z.number().int(),
  char_limit: z.number().int(),
  text_words: z.number().int(),
  doc_words: z.number().int(),
  doc_chars: z.number().int(),
  monthly_files: z.number().int(),
  web_pages: z.number().int(),
  max_file_size_mb: z.number().int(),
  file_formats: z.array(z.string()),
  monthly_api_characters: z.number().int(),
});
export type PlanLimits = z.output<typeof planLimits>;

/** One plan of GET /api/plans (its bilingual texts; `price_ar` defaults to "0"). */
export const publicPlan = z.object({
  id: z.number().int(),
  slug: z.string(),
  is_trial: z.boolean(),
  is_team: z.boolean(),
  /** USD per user per month. */
  price: z.number(),
  /** USD per user per year. */
  price_yearly: z.number(),
  /** Always monthly: the price a plan is listed with. */
  frequency: z.literal('monthly'),
  name_en: z.string(),
  name_ar: z.string(),
  symbol_en: z.string(),
  symbol_ar: z.string(),
  price_en: z.string(),
  price_ar: z.string(),
  features_en: planFeatureList,
  features_ar: planFeatureList,
  button_text_en: z.string(),
  button_text_ar: z.string(),
  description_en: z.string(),
  description_ar: z.string(),
  text_under_button_en: z.string(),
  text_under_button_ar: z.string(),
  badge_color_en: z.string(),
  badge_color_ar: z.string(),
  badge_title_en: z.string(),
  badge_title_ar: z.string(),
  llm_enabled: z.boolean(),
  api_enabled: z.boolean(),
  limits: planLimits,
});
export type Plan = z.output<typeof publicPlan>;

/** GET /api/plans: the plans on sale, in order. */
export const planList = dataOf(z.array(publicPlan));
export type PlanList = z.output<typeof planList>;

/** GET /api/user/plans/:id: a plan by id, archived ones included (a subscriber's plan stays readable). */
export const planById = dataOf(publicPlan);

/** The admin's view of a plan: the public shape plus archive state, quotas (flat) and subscriber count. */
export const adminPlan = publicPlan.extend({
  sort_order: z.number().int(),
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  subscribers: z.number().int(),
  ...planLimits.shape,
  included_seats: z.number().int(),
});
export type AdminPlan = z.output<typeof adminPlan>;

export const adminPlanList = dataOf(z.array(adminPlan));
export const adminPlanOne = dataOf(adminPlan);
/** POST /api/admin/plans (201) and /api/admin/plans/update/:planid (200). */
export const adminPlanSaved = statusMessage.extend({ data: adminPlan });
export type AdminPlanSaved = z.output<typeof adminPlanSaved>;
/** POST /api/admin/plans/delete/:id: deleted when unused, archived when a user or subscription still has it. */
export const adminPlanRemoved = statusMessage.extend({ outcome: z.enum(['deleted', 'archived']) });
export type AdminPlanRemoved = z.output<typeof adminPlanRemoved>;

/** The plan on the profile (GET /api/user `plan`): the plan and the subscription's state. */
export const userPlan = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  is_trial: z.boolean(),
  frequency: z.string().nullable(),
  seats: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** trial, trial_expired, active, past_due or none. */
  status: z.string(),
});
export type UserPlan = z.output<typeof userPlan>;
