import type { Language } from '../../api/types';
import type { PostSection } from './use-content';

/** The field of an entry in the active language: `title_en` or `title_ar`. */
export function localized<T extends object>(entry: T, field: string, language: Language): string {
  const value = (entry as Record<string, unknown>)[`${field}_${language}`];
  return typeof value === 'string' ? value : '';
}

/** An internal link of rendered Markdown the router can follow without reloading the page. */
export function internalPath(href: string | null, origin: string): string | null {
  if (!href || href.startsWith('#') || href.startsWith('//')) return null;
  try {
    const url = new URL(href, origin);
    if (url.origin !== origin) return null;
    if (/^\/(api|mt|email)\//.test(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

const DATE_LOCALES: Record<Language, string> = { en: 'en-GB', ar: 'ar-u-nu-latn' };

/** A date (and optionally time) in the interface language, Latin digits in both (as format.ts does). */
export function formatDate(value: string | Date | null | undefined, language: Language, withTime = false): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: typeof value === 'string' && value.length === 10 ? 'UTC' : undefined,
  }).format(date);
}

/** The post section a site-relative link leads to ("/blog", "/case-studies/x"), or null. */
export function postSectionOf(href: string | null | undefined): PostSection | null {
  const match = /^\/(blog|case-studies)(?:[/?#]|$)/.exec(href ?? '');
  return match ? (match[1] as PostSection) : null;
}
