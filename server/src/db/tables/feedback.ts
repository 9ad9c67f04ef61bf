import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface TranslationSuggestionsTable {
  id: Generated<number>;
  segment_id: string | null;
  user_id: number | null;
  source_lang: string;
  target_lang: string;
  domain: string;
  source_text: string;
  machine_text: string;
  suggested_text: string;
  created_at: CreatedAt;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  segment_id: string | null;
  name: string | null;
  email: string | null;
  message: string;
  rating: number | null;
  locale: Generated<string>;
  ip: string | null;
  created_at: CreatedAt;
}

/** Tables of the feedback module (migration 0023). */
export interface FeedbackTables {
  translation_suggestions: TranslationSuggestionsTable;
  feedback: FeedbackTable;
}
