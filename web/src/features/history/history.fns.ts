import { HISTORY_TYPES, type HistoryFilters, type HistoryType } from './types';

/** Filters from the page's query string (?page=&type=&q=), tolerant of anything odd. */
export function filtersFromSearch(params: URLSearchParams): HistoryFilters {
  const page = Number(params.get('page'));
  const type = params.get('type');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    type: HISTORY_TYPES.includes(type as HistoryType) ? (type as HistoryType) : null,
    q: (params.get('q') ?? '').trim().slice(0, 200),
  };
}

/** The query string for filters; defaults are left out so links stay short. */
export function searchFromFilters(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/** Where "Open" goes: texts re-open in the translator; documents download their file. */
export function openTarget(entry: { type: HistoryType; project_id: string; file_id?: string }): { kind: 'link'; to: string } | { kind: 'download'; href: string } | null {
  if (entry.type === 'text') return { kind: 'link', to: `/translate?project=${encodeURIComponent(entry.project_id)}` };
  if (entry.file_id) return { kind: 'download', href: `/api/translated-file-url/?id=${encodeURIComponent(entry.file_id)}` };
  if (entry.type === 'website') return { kind: 'link', to: '/web-extraction' };
  return null;
}

const WORKING_STATES = ['analyzing', 'translating', 'generating'];

/** A document (or website) still being translated: the list refreshes until it is done. */
export function isInProgress(entry: { state: string }): boolean {
  return WORKING_STATES.includes(entry.state);
}

/** Documents always show their state (done, failed, or the phase); other entries only when not done. */
export function showsState(entry: { type: HistoryType; state: string }): boolean {
  return entry.type === 'document' || entry.state !== 'done';
}

/** How often the list refreshes while something in it is in progress (ms), else never. */
export function refreshInterval(entries: ReadonlyArray<{ state: string }> | undefined): number | false {
  return entries?.some(isInProgress) ? 5000 : false;
}

/** After deleting the last entry of a page, step back a page. */
export function pageAfterDelete(filters: HistoryFilters, entriesOnPage: number): number {
  return entriesOnPage <= 1 && filters.page > 1 ? filters.page - 1 : filters.page;
}
