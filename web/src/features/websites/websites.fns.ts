import type { PageCounts } from '../../../../contract/websites';
import type { PageStatus, Website, WebsitePage } from './use-websites';

/** The chip of a page: its status, or "skipped" when the crawl could not use it. */
export function pageChip(page: Pick<WebsitePage, 'status' | 'skip_reason'>): { key: 'Active' | 'Pending' | 'Detected' | 'Skipped'; className: string } {
  if (page.skip_reason) return { key: 'Skipped', className: 'status-chip status-chip--skipped' };
  const classes: Record<PageStatus, string> = {
    Active: 'status-chip status-chip--active',
    Pending: 'status-chip status-chip--pending',
    Detected: 'status-chip status-chip--detected',
  };
  return { key: page.status, className: classes[page.status] };
}

/** Reason codes the server sends (skip reasons, crawl errors, page errors) that the catalog names. */
export const KNOWN_REASONS = [
  'robots',
  'page_limit',
  'not_html',
  'too_large',
  'timeout',
  'http_status',
  'blocked_address',
  'too_many_redirects',
  'redirect_loop',
  'off_site_redirect',
  'network',
  'scheme',
  'credentials',
  'invalid_url',
  'no_pages',
  'translation_failed',
  'translator_unavailable',
  'quota_exceeded',
  'not_translatable',
] as const;

export type Reason = (typeof KNOWN_REASONS)[number];
export type ReasonKey = `reasons.${Reason | 'unknown'}`;

/** The catalog key of a reason code ("reasons.robots"), "reasons.unknown" for codes this version does not know. */
export function reasonKey(code: string | null): ReasonKey | null {
  if (!code) return null;
  return (KNOWN_REASONS as readonly string[]).includes(code) ? (`reasons.${code}` as `reasons.${Reason}`) : 'reasons.unknown';
}

/**
 * A site's skipped pages by reason, most first (a reason this version does not know counts under
 * "unknown"): what the pages' summary lists under "Skipped".
 */
export function skippedByReason(counts: Pick<PageCounts, 'skipped_reasons'>): Array<{ key: ReasonKey; count: number }> {
  const byKey = new Map<ReasonKey, number>();
  for (const [code, count] of Object.entries(counts.skipped_reasons)) {
    const key = reasonKey(code)!;
    byKey.set(key, (byKey.get(key) ?? 0) + count);
  }
  return [...byKey].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/**
 * A site whose crawl failed before finding any page it can translate (and none translated before): there is nothing to
 * count, list or download, only the reason and "Try again". A re-crawl that fails after an earlier success keeps its pages.
 */
export function foundNothing(site: Pick<Website, 'state' | 'pages'>): boolean {
  return site.state === 'failed' && site.pages.total - site.pages.skipped === 0 && site.pages.active === 0;
}

/** Pages that may be chosen for translation. */
export function isSelectable(page: Pick<WebsitePage, 'skip_reason'>): boolean {
  return !page.skip_reason;
}

/** The words shown for a page: none for a skipped one (it was never read, so "0" would be a count it does not have). */
export function wordsShown(page: Pick<WebsitePage, 'skip_reason' | 'words'>): number | null {
  return page.skip_reason ? null : page.words;
}

/** Adds or removes one id; with `all`, selects (or clears) every selectable page shown. */
export function toggleSelection(selected: ReadonlySet<number>, pages: WebsitePage[], id: number | 'all'): Set<number> {
  const next = new Set(selected);
  if (id === 'all') {
    const ids = pages.filter(isSelectable).map((p) => p.id);
    const allSelected = ids.length > 0 && ids.every((pageId) => next.has(pageId));
    for (const pageId of ids) {
      if (allSelected) next.delete(pageId);
      else next.add(pageId);
    }
    return next;
  }
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export function exportUrl(siteId: number, format: 'zip' | 'xliff'): string {
  return `/api/websites/${siteId}/export?format=${format}`;
}

/** The address without its scheme and trailing slash, for lists ("example.com/about"). */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

export function isBusy(site: Pick<Website, 'state' | 'translating'>): boolean {
  return site.state === 'crawling' || site.translating;
}

/**
 * The site the web extraction page opens without `?site=`: the one this user opened last in this
 * browser (`remembered`, while it still exists), else the most recently updated of their sites.
 */
export function siteToReopen(remembered: { id: number; exists: boolean } | null, sites: ReadonlyArray<Pick<Website, 'id' | 'updated_at'>>): number | null {
  if (remembered?.exists) return remembered.id;
  let latest: Pick<Website, 'id' | 'updated_at'> | null = null;
  for (const site of sites) if (!latest || site.updated_at > latest.updated_at) latest = site;
  return latest?.id ?? null;
}

/** localStorage key of the site a user opened last (per user: people may share a browser). */
export const lastSiteStorageKey = (userId: number) => `lisan.websites.lastSite.${userId}`;

type SiteStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The site this user opened last in this browser, or null (none, or storage blocked). */
export function readLastSite(storage: SiteStorage | null, userId: number): number | null {
  try {
    const id = Number(storage?.getItem(lastSiteStorageKey(userId)));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Remembers the site the user opened (nothing happens when storage is blocked). */
export function rememberLastSite(storage: SiteStorage | null, userId: number, siteId: number): void {
  try {
    storage?.setItem(lastSiteStorageKey(userId), String(siteId));
  } catch {
    // Storage blocked: the page opens the most recently updated site instead.
  }
}

/** Forgets the remembered site when it is this one (deleted, or gone from the server). */
export function forgetLastSite(storage: SiteStorage | null, userId: number, siteId: number): void {
  try {
    if (readLastSite(storage, userId) === siteId) storage?.removeItem(lastSiteStorageKey(userId));
  } catch {
    // Storage blocked: nothing was remembered.
  }
}

/** Whether a query key (use-websites websiteKeys) is one of a site's own: its detail or its pages. */
export function isQueryOfSite(key: readonly unknown[], id: number): boolean {
  return key[0] === 'websites' && (key[1] === 'detail' || key[1] === 'pages') && key[2] === id;
}

/**
 * The language to translate into before the user chooses one: the site's last (its `target_lang`), else the other
 * language of its pages when every page shown with a known language is in the same one (a site in Arabic is
 * translated into English, not "into Arabic", which would only copy it), else Arabic. Null while it cannot be told yet.
 */
export function defaultTarget(site: Pick<Website, 'target_lang'>, pages: ReadonlyArray<Pick<WebsitePage, 'lang' | 'skip_reason'>> | undefined): 'ar' | 'en' | null {
  if (site.target_lang) return site.target_lang;
  if (!pages) return null;
  const langs = new Set(pages.filter((page) => !page.skip_reason && page.lang).map((page) => page.lang));
  return langs.size === 1 && langs.has('ar') ? 'en' : 'ar';
}

/**
 * A page of the site list with one site as its detail just read it: the list polls on its own clock, so the open
 * site's card could still say "Finding pages…" beside a detail that says the crawl failed. The list's own copy wins
 * when it is the newer one; a list without the site, or with the same copy, comes back as it was (no re-render).
 */
export function withFreshSite<L extends { data: Website[] }>(list: L, site: Website): L {
  const index = list.data.findIndex((listed) => listed.id === site.id);
  if (index < 0) return list;
  const listed = list.data[index]!;
  if (Date.parse(listed.updated_at) > Date.parse(site.updated_at) || JSON.stringify(listed) === JSON.stringify(site)) return list;
  return { ...list, data: list.data.map((item, i) => (i === index ? site : item)) };
}
