import { describe, expect, it } from 'vitest';
import { canSeeTeamHistory, deleteButtonOf, filtersFromSearch, focusAfterDelete, isInProgress, knownPair, openTarget, pageAfterDelete, refreshInterval, searchFromFilters, shownPreview, showsState, translatorOf } from './history.fns';

describe('history helpers', () => {
  it('reads filters from the query string and writes them back without defaults', () => {
    expect(filtersFromSearch(new URLSearchParams('page=3&type=document&q=%20contract%20'))).toEqual({ page: 3, type: 'document', q: 'contract', scope: 'mine' });
    expect(filtersFromSearch(new URLSearchParams('page=-2&type=video&scope=all'))).toEqual({ page: 1, type: null, q: '', scope: 'mine' });
    expect(filtersFromSearch(new URLSearchParams('scope=team')).scope).toBe('team');
    expect(searchFromFilters({ page: 1, type: null, q: '', scope: 'mine' }).toString()).toBe('');
    expect(searchFromFilters({ page: 2, type: 'text', q: 'عقد', scope: 'team' }).toString()).toBe('scope=team&type=text&q=%D8%B9%D9%82%D8%AF&page=2');
  });

  // A website whose crawl failed showed its address twice, as title and as the line under it.
  it('shows the line under the title only when it says something the title does not', () => {
    expect(shownPreview({ title: 'Acme Trading', preview: 'https://acme.example/' })).toBe('https://acme.example/');
    expect(shownPreview({ title: 'https://acme.example/', preview: 'https://acme.example/' })).toBeNull();
    expect(shownPreview({ title: 'Contract', preview: '' })).toBeNull();
    expect(shownPreview({ title: 'Contract', preview: null })).toBeNull();
  });

  it('offers the team view to team owners and managers only', () => {
    expect(canSeeTeamHistory({ role_id: '3', team: { id: 1 } })).toBe(true);
    expect(canSeeTeamHistory({ role_id: '4', team: { id: 1 } })).toBe(true);
    expect(canSeeTeamHistory({ role_id: '5', team: { id: 1 } })).toBe(false);
    expect(canSeeTeamHistory({ role_id: '2', team: null })).toBe(false);
    expect(canSeeTeamHistory(null)).toBe(false);
  });

  it('re-opens texts in the translator and downloads documents', () => {
    expect(openTarget({ type: 'text', project_id: 'abc' })).toEqual({ kind: 'link', to: '/translate?project=abc' });
    expect(openTarget({ type: 'document', project_id: 'p', file_id: 'f 1' })).toEqual({ kind: 'download', href: '/api/translated-file-url/?id=f%201' });
    expect(openTarget({ type: 'document', project_id: 'p' })).toBeNull();
    expect(openTarget({ type: 'website', project_id: 'a-b' })).toEqual({ kind: 'link', to: '/web-extraction?project=a-b' });
  });

  it('shows a language pair only when both languages are known', () => {
    expect(knownPair({ source_lang: 'en', target_lang: 'ar' })).toEqual({ source: 'en', target: 'ar' });
    expect(knownPair({ source_lang: 'auto', target_lang: 'auto' })).toBeNull();
    expect(knownPair({ source_lang: 'ar', target_lang: 'auto' })).toBeNull();
  });

  it('shows a document’s state whatever it is, and refreshes the list while a document is being translated', () => {
    expect(showsState({ type: 'document', state: 'done' })).toBe(true);
    expect(showsState({ type: 'document', state: 'failed' })).toBe(true);
    expect(showsState({ type: 'text', state: 'done' })).toBe(false);
    expect(['analyzing', 'translating', 'generating', 'done', 'failed'].map((state) => isInProgress({ state }))).toEqual([true, true, true, false, false]);
    expect(refreshInterval([{ state: 'done' }, { state: 'translating' }])).toBe(5000);
    expect(refreshInterval([{ state: 'done' }, { state: 'failed' }])).toBe(false);
    expect(refreshInterval(undefined)).toBe(false);
  });

  it('steps back a page when the last entry of a page is deleted', () => {
    expect(pageAfterDelete({ page: 3, type: null, q: '', scope: 'mine' }, 1)).toBe(2);
    expect(pageAfterDelete({ page: 3, type: null, q: '', scope: 'mine' }, 5)).toBe(3);
    expect(pageAfterDelete({ page: 1, type: null, q: '', scope: 'mine' }, 1)).toBe(1);
  });

  // The focus fell to the page's main region after a delete: a keyboard user lost their place in the list.
  it('after a delete, the focus goes to the next entry, else the one before, else the empty state', () => {
    // The second of three deleted: the third moved up into its place.
    expect(focusAfterDelete(1, 2, false)).toBe(1);
    // The first deleted: the next is now the first.
    expect(focusAfterDelete(0, 2, false)).toBe(0);
    // The last of three deleted: the one before it.
    expect(focusAfterDelete(2, 2, false)).toBe(1);
    // A full page's last entry deleted, the next page's first moved up: that one (the next).
    expect(focusAfterDelete(19, 20, false)).toBe(19);
    // The only entry of page 3 deleted: page 2 is shown, and its last entry is the one before.
    expect(focusAfterDelete(0, 20, true)).toBe(19);
    // None left.
    expect(focusAfterDelete(0, 0, false)).toBe('empty');
    expect(focusAfterDelete(0, 0, true)).toBe('empty');
  });

  it("after a failed delete, the focus goes back to that entry's own Delete button, found by its project", () => {
    // The list as the error dialog closes: entries (li) with their project and, for the viewer's own, a Delete button.
    const button = (project: string) => ({ project }) as unknown as HTMLElement;
    const entry = (project: string, own = true) =>
      ({ dataset: { projectId: project }, querySelector: (selector: string) => (selector === '[data-testid="history-delete"]' && own ? button(project) : null) }) as unknown as HTMLElement;
    const list = (...entries: HTMLElement[]) =>
      ({ querySelectorAll: (selector: string) => (selector === '[data-testid="history-entry"]' ? entries : []) }) as unknown as ParentNode;
    const shown = list(entry('p1'), entry('p2', false), entry('p3'));
    expect(deleteButtonOf(shown, 'p3')).toEqual(button('p3'));
    expect(deleteButtonOf(shown, 'p1')).toEqual(button('p1'));
    // Not the entry at its old place: the list may have moved (p3 is first now).
    expect(deleteButtonOf(list(entry('p3'), entry('p1')), 'p1')).toEqual(button('p1'));
    // Gone meanwhile, or no Delete button of the viewer's: the dialog's usual way (undefined).
    expect(deleteButtonOf(shown, 'p9')).toBeUndefined();
    expect(deleteButtonOf(shown, 'p2')).toBeUndefined();
    expect(deleteButtonOf(null, 'p1')).toBeUndefined();
  });

  it("leads a history with nothing of one type to that type's translator", () => {
    expect(translatorOf('text')).toBe('/#translator');
    expect(translatorOf('document')).toBe('/translate/documents');
    expect(translatorOf('website')).toBe('/web-extraction');
  });
});
