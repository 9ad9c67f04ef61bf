import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type ContentSection = 'page' | 'blog' | 'case-studies';

export interface ContentPagesTable {
  id: Generated<number>;
  section: ContentSection;
  slug: string;
  title_en: Generated<string>;
  title_ar: Generated<string>;
  summary_en: Generated<string>;
  summary_ar: Generated<string>;
  body_en: Generated<string>;
  body_ar: Generated<string>;
  published: Generated<boolean>;
  published_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Tables of the content module (migration 0050). */
export interface ContentTables {
  content_pages: ContentPagesTable;
}

export type ContentPageRow = Selectable<ContentPagesTable>;
