// Shapes of the history contract (shared/API.md "History").

export type HistoryType = 'text' | 'document' | 'website';
export type AutoDelete = 'never' | '1d' | '7d' | '30d' | '90d';

export const HISTORY_TYPES: readonly HistoryType[] = ['text', 'document', 'website'];
/** `team`: the owner's and managers' view of every entry made for the team. */
export type HistoryScope = 'mine' | 'team';
export const AUTO_DELETE_VALUES: readonly AutoDelete[] = ['never', '1d', '7d', '30d', '90d'];

export interface HistoryEntry {
  project_id: string;
  type: HistoryType;
  source_lang: string;
  target_lang: string;
  domain: string;
  title: string;
  preview?: string;
  created_at: string;
  state: string;
  file_id?: string;
  /** In the team's view: who made the entry. */
  user_id?: number;
  user_name?: string;
}

export interface HistoryPage {
  data: HistoryEntry[];
  meta: { page: number; per_page: number; total: number };
}

export interface HistoryFilters {
  page: number;
  type: HistoryType | null;
  q: string;
  scope: HistoryScope;
}
