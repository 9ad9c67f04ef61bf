import type { Language } from '../../api/types';
import type { PostSection } from './use-content';

/** The field of an entry in the active language: `title_en` or `title_ar`. */
export function localized<T extends object>(entry: T, field: string, language: Language): string {
  const value = (entry as Record<string, unknown>)[`${field}_${language}`];
  return typeof value === 'string' ? value : '';
}

/**
 * What names an entry to the admin (the delete question): its title in the page's language, else
 * in the other one (an entry written in one language only), else its address's slug.
 */
export function entryName(entry: { slug: string; title_en: string; title_ar: string }, language: Language): string {
  return localized(entry, 'title', language).trim() || localized(entry, 'title', language === 'ar' ? 'en' : 'ar').trim() || entry.slug;
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

/** The post section a site-relative link leads to ("/blog", "/case-studies/x"), or null. */
export function postSectionOf(href: string | null | undefined): PostSection | null {
  const match = /^\/(blog|case-studies)(?:[/?#]|$)/.exec(href ?? '');
  return match ? (match[1] as PostSection) : null;
}
