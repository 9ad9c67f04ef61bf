import { searchWords } from '../../components/search-box.fns';
import { HISTORY_TYPES, type HistoryFilters, type HistoryType } from './types';

/** Filters from the page's query string (?page=&type=&q=), tolerant of anything odd. */
export function filtersFromSearch(params: URLSearchParams): HistoryFilters {
  const page = Number(params.get('page'));
  const type = params.get('type');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    type: HISTORY_TYPES.includes(type as HistoryType) ? (type as HistoryType) : null,
    q: searchWords(params.get('q') ?? ''),
    scope: params.get('scope') === 'team' ? 'team' : 'mine',
  };
}

/** The query string for filters; defaults are left out so links stay short. */
export function searchFromFilters(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.scope === 'team') params.set('scope', 'team');
  if (filters.type) params.set('type', filters.type);
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Owners (role 3) and managers (4) of a team may see the whole team's history. */
export function canSeeTeamHistory(user: { role_id: string; team: unknown } | null | undefined): boolean {
  return Boolean(user?.team) && (user?.role_id === '3' || user?.role_id === '4');
}

/** Where "Open" goes: texts re-open in the translator; documents download their file; websites open in web extraction. */
export function openTarget(entry: { type: HistoryType; project_id: string; file_id?: string }): { kind: 'link'; to: string } | { kind: 'download'; href: string } | null {
  if (entry.type === 'text') return { kind: 'link', to: `/translate?project=${encodeURIComponent(entry.project_id)}` };
  if (entry.file_id) return { kind: 'download', href: `/api/translated-file-url/?id=${encodeURIComponent(entry.file_id)}` };
  // The web extraction screen finds the site through the entry's detail (see WebExtractionPage).
  if (entry.type === 'website') return { kind: 'link', to: `/web-extraction?project=${encodeURIComponent(entry.project_id)}` };
  return null;
}

/** The language pair to show: only when both sides are known (a website's target is "auto" until it is translated). */
export function knownPair(entry: { source_lang: string; target_lang: string }): { source: 'en' | 'ar'; target: 'en' | 'ar' } | null {
  const known = (lang: string): lang is 'en' | 'ar' => lang === 'en' || lang === 'ar';
  return known(entry.source_lang) && known(entry.target_lang) ? { source: entry.source_lang, target: entry.target_lang } : null;
}

/**
 * The line under the title, unless it only repeats it: a website's preview is its address, and its title is the
 * address too until a page title is known (always, for a site whose crawl failed).
 */
export function shownPreview(entry: { title: string; preview?: string | null }): string | null {
  return entry.preview && entry.preview !== entry.title ? entry.preview : null;
}

const WORKING_STATES = ['analyzing', 'translating', 'generating', 'crawling'];

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

/** What an entry's title is, for its direction: a document's is its file's name; a website's and a text's their own words. */
export function titleKind(entry: { type: HistoryType }): 'file' | 'name' {
  return entry.type === 'document' ? 'file' : 'name';
}

/**
 * Which entry has the focus once a deleted entry's success dialog closes: the one that took its place (the next), else
 * the one before it (the page's last), or, with none left, the empty state's action ('empty'). `index`: where the
 * deleted entry was; `remaining`: the entries shown now; `steppedBack`: it was its page's only entry, and the page
 * went back one (pageAfterDelete), whose last entry is the one before it.
 */
export function focusAfterDelete(index: number, remaining: number, steppedBack: boolean): number | 'empty' {
  if (remaining <= 0) return 'empty';
  return steppedBack ? remaining - 1 : Math.min(Math.max(index, 0), remaining - 1);
}

/**
 * After a failed delete, the entry's own Delete button, found by its project among the entries shown as the error
 * dialog closes (the button was disabled while the request ran, so the focus had left it; it is enabled again by then).
 * Undefined when the entry is no longer shown: the dialog's usual way then.
 */
export function deleteButtonOf(list: Pick<ParentNode, 'querySelectorAll'> | null | undefined, projectId: string): HTMLElement | undefined {
  const entry = [...(list?.querySelectorAll<HTMLElement>('[data-testid="history-entry"]') ?? [])].find((shown) => shown.dataset['projectId'] === projectId);
  return entry?.querySelector<HTMLElement>('[data-testid="history-delete"]') ?? undefined;
}

/** The translator of a type, where a history with nothing of that type leads (the dashboard's links go there too). */
export function translatorOf(type: HistoryType): string {
  return { text: '/#translator', document: '/translate/documents', website: '/web-extraction' }[type];
}
