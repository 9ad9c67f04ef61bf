import type { PlanRow } from '../../db/schema';

/** The slug of the free-trial plan: every new account starts on it, and goes back to it when a paid plan ends. */
export const TRIAL_PLAN_SLUG = 'free-trial';

const LIMIT_COLUMNS = ['daily_text_requests', 'monthly_doc_requests', 'char_limit', 'text_words', 'doc_words', 'doc_chars', 'monthly_files', 'web_pages', 'max_file_size_mb', 'file_formats', 'monthly_api_characters'] as const;

/** A plan's quotas (spec section 3): the columns every quota check and GET /api/user read. */
export type PlanLimits = Pick<PlanRow, (typeof LIMIT_COLUMNS)[number]>;

export function planLimits(plan: PlanRow): PlanLimits {
  return Object.fromEntries(LIMIT_COLUMNS.map((column) => [column, plan[column]])) as PlanLimits;
}

/** The public shape of a plan (spec section 3 and API.md); `price_ar` defaults to "0". */
export function toPublicPlan(plan: PlanRow) {
  return {
    id: plan.id,
    slug: plan.slug,
    is_trial: plan.is_trial,
    is_team: plan.is_team,
    price: Number(plan.price),
    price_yearly: Number(plan.price_yearly),
    frequency: 'monthly' as const,
    name_en: plan.name_en,
    name_ar: plan.name_ar,
    symbol_en: plan.symbol_en,
    symbol_ar: plan.symbol_ar,
    price_en: plan.price_en,
    price_ar: plan.price_ar || '0',
    features_en: plan.features_en,
    features_ar: plan.features_ar,
    button_text_en: plan.button_text_en,
    button_text_ar: plan.button_text_ar,
    description_en: plan.description_en,
    description_ar: plan.description_ar,
    text_under_button_en: plan.text_under_button_en,
    text_under_button_ar: plan.text_under_button_ar,
    badge_color_en: plan.badge_color_en,
    badge_color_ar: plan.badge_color_ar,
    badge_title_en: plan.badge_title_en,
    badge_title_ar: plan.badge_title_ar,
    llm_enabled: plan.llm_enabled,
    api_enabled: plan.api_enabled,
    limits: planLimits(plan),
  };
}

export type PublicPlan = ReturnType<typeof toPublicPlan>;
