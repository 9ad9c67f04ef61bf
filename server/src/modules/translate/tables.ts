import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TextTranslationsTable {
  id: string;
  user_id: number | null;
  source_lang: 'en' | 'ar';
  target_lang: 'en' | 'ar';
  detected: Generated<boolean>;
  domain: string;
  llm: Generated<boolean>;
  engine: string;
  characters: number;
  leading_space: Generated<string>;
  created_at: Timestamp;
}

export interface TranslationSegmentsTable {
  id: string;
  translation_id: string;
  position: number;
  source: string;
  target: string;
  separator: Generated<string>;
  origin: string;
  reaction: 'like' | 'dislike' | null;
  reacted_at: Date | null;
}

export interface TranslationMemoryTable {
  id: Generated<number>;
  owner_key: string;
  owner_user_id: number | null;
  team_id: number | null;
  source_lang: 'en' | 'ar';
  target_lang: 'en' | 'ar';
  source_norm: string;
  source_text: string;
  target_text: string;
  origin: 'suggestion' | 'like';
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Tables of the translate module (migrations 0020, 0025). */
export interface TranslateTables {
  text_translations: TextTranslationsTable;
  translation_segments: TranslationSegmentsTable;
  translation_memory: TranslationMemoryTable;
}

export type TextTranslationRow = Selectable<TextTranslationsTable>;
export type TranslationSegmentRow = Selectable<TranslationSegmentsTable>;
