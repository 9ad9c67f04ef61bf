// Shapes of the history contract (shared/API.md "History").

import type { AutoDelete, HistoryType } from '../../../../contract/history';

// The response shapes come from the shared contract (contract/history.ts).
export type { AutoDelete, HistoryEntry, HistoryEntryDetail, HistoryPage, HistoryType } from '../../../../contract/history';

export const HISTORY_TYPES: readonly HistoryType[] = ['text', 'document', 'website'];
/** `team`: the owner's and managers' view of every entry made for the team. */
export type HistoryScope = 'mine' | 'team';
export const AUTO_DELETE_VALUES: readonly AutoDelete[] = ['never', '1d', '7d', '30d', '90d'];

export interface HistoryFilters {
  page: number;
  type: HistoryType | null;
  q: string;
  scope: HistoryScope;
}
