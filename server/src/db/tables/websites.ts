import type { ColumnType, Generated, Selectable } from 'kysely';
import type { StoredAppliedSummary } from '../../../../contract/translate';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date | undefined, Date>;
type Json<T> = ColumnType<T, string | T | undefined | null, string | T | null>;

export type WebsiteScope = 'site' | 'page';
export type WebsiteState = 'crawling' | 'ready' | 'failed';
export type PageStatus = 'Detected' | 'Pending' | 'Active';
export type WebLang = 'en' | 'ar';
export type WebDomain = 'general' | 'business' | 'legal' | 'ecommerce';

export interface WebsitesTable {
  id: Generated<number>;
  /** The site's translation-history entry (type "website"), migration 0085. */
  project_id: Generated<string>;
  user_id: number;
  url: string;
  scope: WebsiteScope;
  state: Generated<WebsiteState>;
  title: Generated<string>;
  error: string | null;
  page_limit: number;
  crawl_generation: Generated<number>;
  target_lang: WebLang | null;
  domain: WebDomain | null;
  crawled_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface WebsitePagesTable {
  id: Generated<number>;
  website_id: number;
  url: string;
  local_path: string;
  title: Generated<string>;
  words: Generated<number>;
  lang: WebLang | null;
  status: Generated<PageStatus>;
  skip_reason: string | null;
  skip_detail: string | null;
  depth: Generated<number>;
  html: string | null;
  text_hash: string | null;
  segment_count: Generated<number>;
  crawl_generation: Generated<number>;
  first_seen_at: CreatedAt;
  last_crawled_at: Date | null;
  changed_at: Date | null;
  target_lang: WebLang | null;
  domain: WebDomain | null;
  translations: Json<string[]> | null;
  translated_hash: string | null;
  engine: string | null;
  translated_at: Date | null;
  reviewed_at: Date | null;
  error: string | null;
  /** migrations/0390: each segment's origin in the pipeline (an approved correction after a review), in the page's order; null before it. */
  segment_origins: Json<string[]> | null;
  /** migrations/0400: the glossary terms each segment's translation carries (a reviewed unit keeps those its new words still carry), in the page's order; null before it. */
  segment_terms: Json<Array<Array<{ source: string; target: string }>>> | null;
  /** migrations/0300: what memory and glossaries did for the page's translation (null before it, and until translated). */
  applied: ColumnType<StoredAppliedSummary | null, string | null | undefined, string | null>;
}

export interface WebsiteTables {
  websites: WebsitesTable;
  website_pages: WebsitePagesTable;
}

export type WebsiteRow = Selectable<WebsitesTable>;
export type WebsitePageRow = Selectable<WebsitePagesTable>;
