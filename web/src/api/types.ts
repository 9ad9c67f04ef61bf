// Shapes of the HTTP contract (shared/API.md) that the web app reads.

export type Language = 'en' | 'ar';

// The user's and the site's answers come from the shared contract (contract/users.ts,
// contract/auth.ts, contract/settings.ts).
export type { SocialProvider } from '../../../contract/auth';
export type { SiteSetting } from '../../../contract/settings';
export type { CompanyInfo, PersonalInfo, User, UserSettings } from '../../../contract/users';

/** Role ids travel as strings: "1" admin, "2" individual user, "3" owner, "4" manager, "5" member. */
export type RoleId = string;

/** A plan feature list: single-key objects keyed by their 1-based position, e.g. [{"1": "..."}]. */
export type PlanFeatureList = Array<Record<string, string>>;

export interface PlanLimits {
  daily_text_requests: number | null;
  monthly_doc_requests: number | null;
  char_limit: number | null;
  doc_words: number | null;
  max_file_size_mb: number | null;
  file_formats: string[];
  web_pages: number | null;
}

/** One plan of GET /api/plans. */
export interface Plan {
  id: number | string;
  slug: string;
  name_en: string;
  name_ar: string;
  symbol_en: string | null;
  symbol_ar: string | null;
  /** USD per user per month. */
  price: number;
  /** USD per user per year. */
  price_yearly: number | null;
  price_en: string | null;
  price_ar?: string | null;
  features_en: PlanFeatureList | null;
  features_ar: PlanFeatureList | null;
  button_text_en: string | null;
  button_text_ar: string | null;
  description_en: string | null;
  description_ar: string | null;
  text_under_button_en: string | null;
  text_under_button_ar: string | null;
  badge_color_en: string | null;
  badge_color_ar: string | null;
  badge_title_en: string | null;
  badge_title_ar: string | null;
  frequency: 'monthly' | 'yearly' | string | null;
  is_trial: boolean;
  limits: PlanLimits | null;
}

export interface UserPlan {
  id: number | string;
  slug?: string;
  name_en: string;
  name_ar: string;
  is_trial?: boolean;
  frequency: string | null;
  seats?: number | null;
  starts_at: string | null;
  expires_at: string | null;
  /** trial, trial_expired, active, past_due or none. */
  status?: string;
}

/** Envelope of list answers: {"data": [...]}. */
export interface DataList<T> {
  data: T[];
}
