// Shapes of the HTTP contract (shared/API.md) that the web app reads.

export type Language = 'en' | 'ar';

/** One row of GET /api/site-settings. */
export interface SiteSetting {
  setting_name: string;
  setting_value: string | null;
}

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

/** The translator defaults a user keeps (POST /api/user/settings). */
export interface UserSettings {
  source_lang: 'auto' | 'en' | 'ar';
  target_lang: 'en' | 'ar';
  domain: 'general' | 'business' | 'legal' | 'ecommerce';
}

export interface PersonalInfo {
  phone: string;
  job_title: string;
  country: string;
}

export interface CompanyInfo {
  name: string | null;
  website?: string;
  address?: string;
  logo_url: string | null;
}

export type SocialProvider = 'google' | 'linkedin';

/** GET /api/user (200). */
export interface User {
  id: number | string;
  name: string;
  email: string;
  role_id: RoleId;
  email_verified_at: string | null;
  locale: string | null;
  has_password: boolean;
  social: { google: boolean; linkedin: boolean };
  personal_info?: PersonalInfo;
  company: CompanyInfo | null;
  settings?: UserSettings;
  plan: UserPlan | null;
  char_limit: number | null;
  request_quota: number | null;
  doc_request_quota: number | null;
  max_doc_size: number | null;
  doc_words_count: number | null;
  file_formats: string[] | null;
  web_pages_quota: number | null;
  trial_remaining_days: number | null;
  trial_ends_at?: string | null;
  trial_expired?: boolean;
  /** The invoice the user owes (the pending-invoice capture flag of spec section 3). */
  pending_invoice?: { id: number; number: string; amount: number; status: string } | null;
  llm_enabled: boolean;
  /** Whether the translator's LLM switch works, or why it is locked. */
  llm_mode?: 'available' | 'not_in_plan' | 'disabled_by_team' | 'not_configured';
  /** The plan includes the developer API (API keys). */
  api_enabled?: boolean;
  team: { id: number | string; role: string } | null;
  usage: { text_requests_today?: number; doc_requests_this_month?: number; web_pages_this_month?: number; [key: string]: unknown } | null;
}

/** Envelope of list answers: {"data": [...]}. */
export interface DataList<T> {
  data: T[];
}
