import { describe, expect, it } from 'vitest';
import { blockedStorage, memoryStorage } from '../../../../tests/fakes/storage';
import type { Website, WebsitePage } from './use-websites';
import { defaultTarget, displayUrl, exportUrl, forgetLastSite, foundNothing, isBusy, isQueryOfSite, lastSiteStorageKey, pageChip, readLastSite, reasonKey, rememberLastSite, siteToReopen, skippedByReason, toggleSelection, withFreshSite, wordsShown } from './websites.fns';

const page = (id: number, extra: Partial<WebsitePage> = {}) => ({ id, status: 'Detected', skip_reason: null, ...extra }) as WebsitePage;

describe('website screen helpers', () => {
  it('translates into the language the site was last translated into, else away from its pages\' one language', () => {
    const pages = (...langs: Array<'ar' | 'en' | null>) => langs.map((lang, k) => page(k, { lang }));
    expect(defaultTarget({ target_lang: 'ar' }, pages('ar'))).toBe('ar');
    expect(defaultTarget({ target_lang: null }, undefined)).toBeNull();
    expect(defaultTarget({ target_lang: null }, pages('ar', 'ar', null))).toBe('en');
    expect(defaultTarget({ target_lang: null }, [...pages('ar'), page(9, { lang: 'en', skip_reason: 'robots' })])).toBe('en');
    expect(defaultTarget({ target_lang: null }, pages('en', 'ar'))).toBe('ar');
    expect(defaultTarget({ target_lang: null }, pages('en'))).toBe('ar');
    expect(defaultTarget({ target_lang: null }, pages())).toBe('ar');
  });

  it('gives each page a chip: its status, or skipped', () => {
    expect(pageChip(page(1, { status: 'Active' })).key).toBe('Active');
    expect(pageChip(page(1, { status: 'Pending' })).className).toContain('status-chip--pending');
    expect(pageChip(page(1, { skip_reason: 'robots' })).key).toBe('Skipped');
  });

  it('names reasons it knows and falls back for the rest', () => {
    expect(reasonKey('robots')).toBe('reasons.robots');
    expect(reasonKey('something_new')).toBe('reasons.unknown');
    expect(reasonKey(null)).toBeNull();
  });

  it('selects pages one by one or all selectable pages at once, and clears them again', () => {
    const pages = [page(1), page(2), page(3, { skip_reason: 'not_html' })];
    const one = toggleSelection(new Set(), pages, 2);
    expect([...one]).toEqual([2]);
    const all = toggleSelection(one, pages, 'all');
    expect([...all].sort()).toEqual([1, 2]);
    expect([...toggleSelection(all, pages, 'all')]).toEqual([]);
    expect([...toggleSelection(all, pages, 1)]).toEqual([2]);
  });

  it('builds export links, short addresses and the busy flag', () => {
    expect(exportUrl(4, 'xliff')).toBe('/api/websites/4/export?format=xliff');
    expect(displayUrl('https://example.com/')).toBe('example.com');
    expect(displayUrl('http://example.com/a/b')).toBe('example.com/a/b');
    expect(isBusy({ state: 'ready', translating: true })).toBe(true);
    expect(isBusy({ state: 'failed', translating: false })).toBe(false);
  });
});

describe('the skipped pages summary', () => {
  it('counts skipped pages per reason, most first, unknown codes together', () => {
    expect(skippedByReason({ skipped_reasons: { robots: 1, page_limit: 12, not_html: 1, brand_new: 2, other_new: 1 } })).toEqual([
      { key: 'reasons.page_limit', count: 12 },
      { key: 'reasons.unknown', count: 3 },
      { key: 'reasons.not_html', count: 1 },
      { key: 'reasons.robots', count: 1 },
    ]);
    expect(skippedByReason({ skipped_reasons: {} })).toEqual([]);
  });
});

describe('reopening the last site', () => {
  const sites = [
    { id: 1, updated_at: '2026-11-01T10:00:00.000Z' },
    { id: 2, updated_at: '2026-11-03T10:00:00.000Z' },
    { id: 3, updated_at: '2026-11-02T10:00:00.000Z' },
  ];

  it('opens the site the user opened last while it exists, else the most recently updated one, else none', () => {
    expect(siteToReopen({ id: 3, exists: true }, sites)).toBe(3);
    expect(siteToReopen({ id: 9, exists: false }, sites)).toBe(2);
    expect(siteToReopen(null, sites)).toBe(2);
    expect(siteToReopen(null, [])).toBeNull();
  });

  it('remembers the site per user, forgets it only when it is the one gone, and survives blocked storage', () => {
    const storage = memoryStorage();
    rememberLastSite(storage, 7, 42);
    expect(readLastSite(storage, 7)).toBe(42);
    expect(readLastSite(storage, 8)).toBeNull();
    forgetLastSite(storage, 7, 41);
    expect(readLastSite(storage, 7)).toBe(42);
    forgetLastSite(storage, 7, 42);
    expect(readLastSite(storage, 7)).toBeNull();
    storage.values.set(lastSiteStorageKey(7), 'not a number');
    expect(readLastSite(storage, 7)).toBeNull();
    const blocked = blockedStorage();
    expect(readLastSite(blocked, 7)).toBeNull();
    expect(() => rememberLastSite(blocked, 7, 1)).not.toThrow();
    expect(() => forgetLastSite(blocked, 7, 1)).not.toThrow();
    expect(readLastSite(null, 7)).toBeNull();
  });
});

describe("a deleted site's queries", () => {
  it('are its detail and its pages, not the list nor another site', () => {
    expect(isQueryOfSite(['websites', 'detail', 7], 7)).toBe(true);
    expect(isQueryOfSite(['websites', 'pages', 7, { page: 1 }, 'done:3'], 7)).toBe(true);
    expect(isQueryOfSite(['websites', 'detail', 8], 7)).toBe(false);
    expect(isQueryOfSite(['websites', 'list', 1], 7)).toBe(false);
    expect(isQueryOfSite(['websites', 'project', '7'], 7)).toBe(false);
    expect(isQueryOfSite(['history', 'detail', 7], 7)).toBe(false);
  });
});

describe('wordsShown', () => {
  it('has no word count for a skipped page (never read), and the count of any other', () => {
    expect(wordsShown({ skip_reason: 'robots', words: 0 })).toBeNull();
    expect(wordsShown({ skip_reason: null, words: 0 })).toBe(0);
    expect(wordsShown({ skip_reason: null, words: 42 })).toBe(42);
  });
});

describe('foundNothing', () => {
  const counts = (over: Partial<Website['pages']>): Website['pages'] => ({ detected: 0, pending: 0, active: 0, skipped: 0, skipped_reasons: {}, total: 0, words: 0, ...over });
  it('is a failed crawl with no page to translate and none translated (its start page skipped), not a failed re-crawl of a site with pages', () => {
    expect(foundNothing({ state: 'failed', pages: counts({ skipped: 1, total: 1, skipped_reasons: { network: 1 } }) })).toBe(true);
    expect(foundNothing({ state: 'failed', pages: counts({ detected: 3, skipped: 1, total: 4 }) })).toBe(false);
    expect(foundNothing({ state: 'failed', pages: counts({ active: 1, skipped: 1, total: 2 }) })).toBe(false);
    expect(foundNothing({ state: 'ready', pages: counts({ skipped: 1, total: 1 }) })).toBe(false);
  });
});

describe('withFreshSite', () => {
  const site = (id: number, state: string, updated_at: string) => ({ id, state, updated_at, translating: false }) as unknown as Website;
  const list = { data: [site(1, 'crawling', '2026-12-01T10:00:00.000Z'), site(2, 'ready', '2026-12-01T09:00:00.000Z')], meta: { total: 2 } };

  it('puts the detail’s newer copy of a site into the list, the others and the rest of the page as they were', () => {
    const failed = site(1, 'failed', '2026-12-01T10:00:05.000Z');
    const next = withFreshSite(list, failed);
    expect(next.data.map((s) => s.state)).toEqual(['failed', 'ready']);
    expect(next.data[1]).toBe(list.data[1]);
    expect(next.meta).toBe(list.meta);
  });

  it('keeps the list as it was when its copy is newer, the same, or the site is not on it', () => {
    expect(withFreshSite(list, site(1, 'crawling', '2026-12-01T09:59:00.000Z'))).toBe(list);
    expect(withFreshSite(list, site(1, 'crawling', '2026-12-01T10:00:00.000Z'))).toBe(list);
    expect(withFreshSite(list, site(3, 'failed', '2026-12-01T11:00:00.000Z'))).toBe(list);
  });
});
