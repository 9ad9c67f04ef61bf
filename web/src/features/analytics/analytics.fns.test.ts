import { describe, expect, it } from 'vitest';
import { blockedStorage, memoryStorage } from '../../../../tests/fakes/storage';
import { BLOCKED_SELECTOR, formatDuration, isTrackedPath, pageViewPayload, privateEvent, reportRangeBounds, shownRange, splitIntoBatches, VISITOR_STORAGE_KEY, visitorIdFor, withoutQuery } from './analytics.fns';

const ID = '0b9d3c4e-6a8f-4c1d-9e2a-7f5b3c1d2e4f';

describe('visitor id', () => {
  it('is created once after consent and kept', () => {
    const storage = memoryStorage();
    expect(visitorIdFor(true, storage, () => ID)).toBe(ID);
    expect(storage.values.get(VISITOR_STORAGE_KEY)).toBe(ID);
    expect(visitorIdFor(true, storage, () => 'other')).toBe(ID);
  });

  it('is removed and absent without consent, and absent when storage is blocked', () => {
    const storage = memoryStorage({ [VISITOR_STORAGE_KEY]: ID });
    expect(visitorIdFor(false, storage, () => ID)).toBeNull();
    expect(storage.values.has(VISITOR_STORAGE_KEY)).toBe(false);
    expect(visitorIdFor(true, blockedStorage(), () => ID)).toBeNull();
    expect(visitorIdFor(true, null, () => ID)).toBeNull();
  });

  it('replaces a stored value that is not a uuid', () => {
    const storage = memoryStorage({ [VISITOR_STORAGE_KEY]: 'tampered' });
    expect(visitorIdFor(true, storage, () => ID)).toBe(ID);
  });
});

describe('page view payload', () => {
  it('names the outside referrer first, then the previous path, and the visitor only with consent', () => {
    expect(pageViewPayload({ pathname: '/', locale: 'en', previousPath: null, documentReferrer: 'https://search.example/?q=lisan', visitorId: null })).toEqual({
      path: '/',
      locale: 'en',
      referrer: 'https://search.example/',
    });
    expect(pageViewPayload({ pathname: '/pricing', locale: 'ar', previousPath: '/', documentReferrer: 'https://search.example/', visitorId: ID })).toEqual({
      path: '/pricing',
      locale: 'ar',
      referrer: '/',
      visitor_id: ID,
    });
    expect(pageViewPayload({ pathname: '/about', locale: 'en', previousPath: null, documentReferrer: '', visitorId: null }).referrer).toBeNull();
  });

  it('drops queries and fragments', () => {
    expect(withoutQuery('/reset-password?token=abc#top')).toBe('/reset-password');
  });
});

describe('recording events', () => {
  it('removes the query from the address of Meta events only', () => {
    expect(privateEvent({ type: 4, data: { href: 'https://lisan.example/reset?token=x', width: 1 }, timestamp: 1 })).toEqual({
      type: 4,
      data: { href: 'https://lisan.example/reset', width: 1 },
      timestamp: 1,
    });
    const other = { type: 3, data: { source: 1 }, timestamp: 2 };
    expect(privateEvent(other)).toBe(other);
  });

  it('cuts batches by event count and by size', () => {
    const events = Array.from({ length: 5 }, (_, i) => ({ i, pad: 'x'.repeat(10) }));
    expect(splitIntoBatches(events, { maxEvents: 2, maxBytes: 10_000 }).map((b) => b.length)).toEqual([2, 2, 1]);
    expect(splitIntoBatches(events, { maxEvents: 100, maxBytes: 60 }).map((b) => b.length)).toEqual([2, 2, 1]);
    // One event larger than the limit still travels (alone); the server decides.
    expect(splitIntoBatches([{ pad: 'x'.repeat(500) }], { maxEvents: 10, maxBytes: 100 })).toHaveLength(1);
    expect(splitIntoBatches([], { maxEvents: 10, maxBytes: 100 })).toEqual([]);
  });

  it('blocks password and payment card fields and the admin console', () => {
    expect(BLOCKED_SELECTOR).toContain('input[type="password"]');
    expect(BLOCKED_SELECTOR).toContain('[autocomplete^="cc-"]');
    expect(BLOCKED_SELECTOR).toContain('.admin-page');
  });

  it('sends no page views for the admin console', () => {
    expect(isTrackedPath('/admin')).toBe(false);
    expect(isTrackedPath('/admin/replays/1')).toBe(false);
    expect(isTrackedPath('/administrators-guide')).toBe(true);
    expect(isTrackedPath('/about')).toBe(true);
  });
});

describe('formatDuration', () => {
  it('gives minutes and seconds, and hours when there are any', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(2_400)).toBe('0:02');
    expect(formatDuration(83_000)).toBe('1:23');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(-5)).toBe('0:00');
  });
});

describe('report range bounds', () => {
  it('offer the years from the first day the server keeps to this one, and that day as the first to choose', () => {
    // The default retention (395 days) from 2026-12-01: two years, not five.
    expect(reportRangeBounds('2025-11-01', '2026-12-01', '2026-11-02')).toEqual({ min: '2025-11-01', years: { from: 2025, to: 2026 } });
    // Ten years kept (the most PAGE_VIEW_RETENTION_DAYS allows): ten years back.
    expect(reportRangeBounds('2016-12-03', '2026-12-01', '2026-11-02')).toEqual({ min: '2016-12-03', years: { from: 2016, to: 2026 } });
    // A week kept: this year alone.
    expect(reportRangeBounds('2026-11-24', '2026-12-01', '2026-11-24')).toEqual({ min: '2026-11-24', years: { from: 2026, to: 2026 } });
  });

  it("offer the chosen day's year too, and before the first report this year and that one alone", () => {
    expect(reportRangeBounds(undefined, '2027-01-10', '2026-12-12')).toEqual({ min: undefined, years: { from: 2026, to: 2027 } });
    expect(reportRangeBounds('2027-01-03', '2027-01-10', '2026-12-12')).toEqual({ min: '2027-01-03', years: { from: 2026, to: 2027 } });
    expect(reportRangeBounds(undefined, '2026-12-01', '')).toEqual({ min: undefined, years: { from: 2026, to: 2026 } });
  });
});

describe('the range the fields show', () => {
  it("is the range the server answered with (its default: asked once, without one), until the admin chooses another", () => {
    // Before the first answer: nothing yet.
    expect(shownRange(null, undefined)).toEqual({ from: '', to: '' });
    // The server's default range: the last 30 days, or (fewer kept) from the first day kept.
    expect(shownRange(null, { from: '2026-11-24', to: '2026-12-01' })).toEqual({ from: '2026-11-24', to: '2026-12-01' });
    // The admin's choice stays while its report is asked for and after.
    expect(shownRange({ from: '2026-11-26', to: '2026-11-30' }, { from: '2026-11-24', to: '2026-12-01' })).toEqual({ from: '2026-11-26', to: '2026-11-30' });
    expect(shownRange({ from: '2026-11-26', to: '2026-11-30' }, undefined)).toEqual({ from: '2026-11-26', to: '2026-11-30' });
  });
});
