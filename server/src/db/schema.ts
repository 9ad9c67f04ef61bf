import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BillingTables } from './tables/billing';
import type { FeedbackTables } from './tables/feedback';
import type { GlossaryTables } from './tables/glossary';
import type { HistoryTables } from './tables/history';
import type { TranslateTables } from './tables/translate';
import type { AdminTables } from './tables/admin';
import type { AnalyticsTables } from './tables/analytics';
import type { ContentTables } from './tables/content';
import type { RequestsTables } from './tables/requests';
import type { AuthTables } from './tables/auth';
import type { TeamTables } from './tables/teams';
import type { DocumentsTables } from './tables/documents';
import type { WebsiteTables } from './tables/websites';
import type { EntitlementsTables } from './tables/entitlements';
import type { EngineTables } from './tables/engines';
import type { ApiTables } from './tables/api';
import type { MailTables } from './tables/mail';

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
  /** When the account's first session began (migration 0280); null before it has had one. */
  first_signed_in_at: Date | null;
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
 * The whole database. Each domain that adds tables declares them in db/tables/<domain>.ts
 * (beside the migrations that create them) and is listed in `extends` here. They live under
 * db/, not in their modules, so that the database layer imports no module: every folder builds
 * on db/, and db/ on none of them (architecture.test.ts).
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
