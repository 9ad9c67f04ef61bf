// Pure helpers of first-party analytics: what a page view says, and how rrweb events are
// made private and cut into batches before they leave the browser.

/** localStorage key of the anonymous visitor id, kept only while consent is given. */
export const VISITOR_STORAGE_KEY = 'lisan.visitor';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The visitor id for this consent choice: created on first need after the visitor
 * accepted, removed (and null) otherwise. Blocked storage gives null: no id, no tracking.
 */
export function visitorIdFor(accepted: boolean, storage: KeyValueStorage | null, newId: () => string): string | null {
  try {
    if (!storage) return null;
    if (!accepted) {
      storage.removeItem(VISITOR_STORAGE_KEY);
      return null;
    }
    const existing = storage.getItem(VISITOR_STORAGE_KEY);
    if (existing && UUID_PATTERN.test(existing)) return existing;
    const id = newId();
    storage.setItem(VISITOR_STORAGE_KEY, id);
    return id;
  } catch {
    return null;
  }
}

/** A URL or path without its query and fragment (they may carry tokens or personal data). */
export function withoutQuery(value: string): string {
  return value.split(/[?#]/)[0] ?? '';
}

export interface PageViewPayload {
  path: string;
  locale: 'en' | 'ar';
  referrer: string | null;
  visitor_id?: string;
}

/**
 * The page view of a completed navigation. The first one's referrer is the page the
 * visitor came from (document.referrer); later ones name the previous path of the app.
 */
export function pageViewPayload(input: {
  pathname: string;
  locale: 'en' | 'ar';
  previousPath: string | null;
  documentReferrer: string;
  visitorId: string | null;
}): PageViewPayload {
  const referrer = input.previousPath ?? (input.documentReferrer ? withoutQuery(input.documentReferrer) : null);
  return {
    path: input.pathname || '/',
    locale: input.locale,
    referrer: referrer || null,
    ...(input.visitorId ? { visitor_id: input.visitorId } : {}),
  };
}

/** rrweb's Meta event: it carries the page's address. */
const META_EVENT = 4;

/** Drops the query and fragment from the address rrweb records with every full snapshot. */
export function privateEvent<E extends { type: number; data?: unknown }>(event: E): E {
  if (event.type !== META_EVENT || !event.data || typeof event.data !== 'object') return event;
  const data = event.data as { href?: unknown };
  if (typeof data.href !== 'string') return event;
  return { ...event, data: { ...data, href: withoutQuery(data.href) } };
}

/**
 * Cuts queued events into batches the server accepts: at most maxEvents events and,
 * as far as one event allows, maxBytes of JSON each.
 */
export function splitIntoBatches<E>(events: E[], limits: { maxEvents: number; maxBytes: number }): E[][] {
  const batches: E[][] = [];
  let current: E[] = [];
  let bytes = 2;
  for (const event of events) {
    const size = JSON.stringify(event).length + 1;
    if (current.length > 0 && (current.length >= limits.maxEvents || bytes + size > limits.maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 2;
    }
    current.push(event);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}

/**
 * The admin console is not analysed: its screens show other people's data (requests,
 * messages, users), so they send no page views and are blocked in recordings.
 */
export function isTrackedPath(pathname: string): boolean {
  return !/^\/admin(\/|$)/.test(pathname);
}

/** CSS selectors of what the recorder must never see: password and payment card fields, the admin console. */
export const BLOCKED_SELECTOR = [
  'input[type="password"]',
  '[autocomplete^="cc-"]',
  '[autocomplete="current-password"]',
  '[autocomplete="new-password"]',
  '[data-private-input]',
  '.admin-page',
].join(', ');

/** 83000 -> "1:23". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A range of the report, both days YYYY-MM-DD (UTC), inclusive. */
export interface ReportRange {
  from: string;
  to: string;
}

/**
 * What the range fields show: the admin's own choice, else the range the report answered with. The page's first
 * request names no range: the server answers with its default one (the last 30 days, or the days it still keeps when
 * fewer: PAGE_VIEW_RETENTION_DAYS) and says which, so the page asks once. Empty until that answer comes.
 */
export function shownRange(draft: ReportRange | null, answered: ReportRange | undefined): ReportRange {
  return draft ?? (answered ? { from: answered.from, to: answered.to } : { from: '', to: '' });
}

/**
 * What the report's range fields offer: the first day the server still keeps page views of (the
 * report's `earliest_day`, from PAGE_VIEW_RETENTION_DAYS) as the first day that may be chosen, and
 * the years from its year to this one. The year of the day chosen as "from" is offered too (a "from"
 * before the earliest day, refused by the server, still shows), so its field can show it.
 */
export function reportRangeBounds(earliestDay: string | undefined, today: string, from: string): { min: string | undefined; years: { from: number; to: number } } {
  const year = (day: string) => Number(day.slice(0, 4));
  const thisYear = year(today);
  const chosen = /^\d{4}-/.test(from) ? year(from) : thisYear;
  return { min: earliestDay, years: { from: Math.min(earliestDay ? year(earliestDay) : thisYear, chosen, thisYear), to: thisYear } };
}
