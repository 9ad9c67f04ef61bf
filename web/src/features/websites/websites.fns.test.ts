import { describe, expect, it } from 'vitest';
import type { WebsitePage } from './use-websites';
import { displayUrl, exportUrl, isBusy, pageChip, reasonKey, toggleSelection } from './websites.fns';

const page = (id: number, extra: Partial<WebsitePage> = {}) => ({ id, status: 'Detected', skip_reason: null, ...extra }) as WebsitePage;

describe('website screen helpers', () => {
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
