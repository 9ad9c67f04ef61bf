import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type HistoryType = 'text' | 'document' | 'website';
export type AutoDelete = 'never' | '1d' | '7d' | '30d' | '90d';

export interface HistoryEntriesTable {
  project_id: string;
  user_id: number;
  /** The author's team when the entry was made (migration 0090); the team's view selects by it. */
  team_id: ColumnType<number | null, number | null | undefined, number | null>;
  type: HistoryType;
  source_lang: string;
  target_lang: string;
  domain: string;
  title: string;
  preview: Generated<string>;
  search_text: Generated<string>;
  state: Generated<string>;
  file_id: string | null;
  /** 'api' for entries made with an API key (migration 0170), else 'web'. */
  channel: Generated<'web' | 'api'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HistorySettingsTable {
  user_id: number;
  auto_delete: AutoDelete;
  updated_at: Timestamp;
}

/** Tables of the history module (migration 0022). */
export interface HistoryTables {
  history_entries: HistoryEntriesTable;
  history_settings: HistorySettingsTable;
}

export type HistoryEntryRow = Selectable<HistoryEntriesTable>;
