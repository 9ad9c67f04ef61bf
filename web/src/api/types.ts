// Shapes of the HTTP contract (shared/API.md) that the web app reads.

export type Language = 'en' | 'ar';

/** One row of GET /api/site-settings. */
export interface SiteSetting {
  setting_name: string;
  setting_value: string | null;
}

/** Role ids travel as strings: "1" admin, "2" individual user, "3" owner, "4" manager, "5" member. */
export type RoleId = string;

// The plan shapes (GET /api/plans, the profile's `plan`) come from the shared contract (contract/plans.ts).
import type { Plan, PlanFeatureList, PlanLimits, UserPlan } from '../../../contract/plans';
export type { Plan, PlanFeatureList, PlanLimits, UserPlan };

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
