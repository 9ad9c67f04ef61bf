import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BillingTables } from '../modules/billing/tables';
import type { FeedbackTables } from '../modules/feedback/tables';
import type { GlossaryTables } from '../modules/glossary/tables';
import type { HistoryTables } from '../modules/history/tables';
import type { TranslateTables } from '../modules/translate/tables';
import type { AdminTables } from '../modules/admin/tables';
import type { AnalyticsTables } from '../modules/analytics/tables';
import type { ContentTables } from '../modules/content/tables';
import type { RequestsTables } from '../modules/requests/tables';
import type { AuthTables } from '../modules/auth/tables';
import type { TeamTables } from '../modules/teams/tables';
import type { DocumentsTables } from '../modules/documents/tables';
import type { WebsiteTables } from '../modules/websites/tables';
import type { EntitlementsTables } from '../modules/entitlements/tables';
import type { EngineTables } from '../engines/tables';
import type { ApiTables } from '../modules/api/tables';
import type { MailTables } from '../mail/tables';

/** Column types of the database, kept in step with migrations/*.sql. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string | T | undefined, string | T>;
type Numeric = ColumnType<string, number | string | undefined, number | string>;

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface SiteSettingsTable {
  setting_name: string;
  setting_value: string;
  is_public: Generated<boolean>;
  updated_at: Timestamp;
}

export type LocalizedList = Array<Record<string, string>>;

export interface PlansTable {
  id: Generated<number>;
  slug: string;
  sort_order: Generated<number>;
  is_trial: Generated<boolean>;
  is_team: Generated<boolean>;
  archived_at: Date | null;
  price: Numeric;
  price_yearly: Numeric;
  name_en: string;
  name_ar: string;
  symbol_en: Generated<string>;
  symbol_ar: Generated<string>;
  price_en: Generated<string>;
  price_ar: Generated<string>;
  features_en: Json<LocalizedList>;
  features_ar: Json<LocalizedList>;
  button_text_en: Generated<string>;
  button_text_ar: Generated<string>;
  description_en: Generated<string>;
  description_ar: Generated<string>;
  text_under_button_en: Generated<string>;
  text_under_button_ar: Generated<string>;
  badge_color_en: Generated<string>;
  badge_color_ar: Generated<string>;
  badge_title_en: Generated<string>;
  badge_title_ar: Generated<string>;
  daily_text_requests: number;
  monthly_doc_requests: number;
  char_limit: number;
  text_words: number;
  doc_words: number;
  doc_chars: number;
  monthly_files: number;
  web_pages: number;
  max_file_size_mb: number;
  file_formats: ColumnType<string[], string[] | undefined, string[]>;
  llm_enabled: Generated<boolean>;
  /** The developer API (keys, DeepL- and LibreTranslate-compatible endpoints). */
  api_enabled: Generated<boolean>;
  monthly_api_characters: Generated<number>;
  included_seats: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  role_id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  email_verified_at: Date | null;
  locale: Generated<'en' | 'ar'>;
  personal_info: Json<Record<string, unknown>>;
  company_info: Json<Record<string, unknown>>;
  plan_id: number | null;
  trial_ends_at: Date | null;
  /** Default translation settings (migration 0013). */
  source_lang: Generated<'auto' | 'en' | 'ar'>;
  target_lang: Generated<'en' | 'ar'>;
  domain: Generated<'general' | 'business' | 'legal' | 'ecommerce'>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number | null;
  data: Json<Record<string, unknown>>;
  remember: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Date;
}

export interface RateLimitsTable {
  key: string;
  window_started_at: Date;
  hits: number;
}

/**
 * The whole database. Each domain that adds tables declares them in its module's
 * tables.ts and is listed in `extends` here.
 */
export interface DB
  extends FoundationTables,
    AdminTables,
    AuthTables,
    TeamTables,
    ContentTables,
    RequestsTables,
    AnalyticsTables,
    BillingTables,
    DocumentsTables,
    TranslateTables,
    HistoryTables,
    FeedbackTables,
    GlossaryTables,
    WebsiteTables,
    EntitlementsTables,
    EngineTables,
    ApiTables,
    MailTables {}

interface FoundationTables {
  app_secrets: AppSecretsTable;
  site_settings: SiteSettingsTable;
  plans: PlansTable;
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
}

export type PlanRow = Selectable<PlansTable>;
export type NewPlan = Insertable<PlansTable>;
export type PlanUpdate = Updateable<PlansTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
