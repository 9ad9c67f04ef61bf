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

/** The catalog key of a reason code ("reasons.robots"), "reasons.unknown" for codes this version does not know. */
export function reasonKey(code: string | null): `reasons.${Reason | 'unknown'}` | null {
  if (!code) return null;
  return (KNOWN_REASONS as readonly string[]).includes(code) ? (`reasons.${code}` as `reasons.${Reason}`) : 'reasons.unknown';
}

/** Pages that may be chosen for translation. */
export function isSelectable(page: Pick<WebsitePage, 'skip_reason'>): boolean {
  return !page.skip_reason;
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
