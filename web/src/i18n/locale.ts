// Which language the interface speaks, and how the choice is remembered.
// The rule is the spec's (section 1) and the server's (API.md): English for an
// English locale, Arabic for any other; English when nothing says otherwise.

import type { Language } from '../api/types';
import { readCookie } from '../api/client';

export const SUPPORTED_LANGUAGES: readonly Language[] = ['en', 'ar'];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The product's name in each language: the logo shows both, whichever language is loaded. */
export const BRAND_NAMES: Readonly<Record<Language, string>> = { en: 'Lisan', ar: 'لسان' };

/** Each language's name in itself, as a choice of the interface's language shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', ar: 'العربية' };

/** The cookie the server also reads to pick the language of its messages and e-mails. */
export const LOCALE_COOKIE = 'locale';
const LOCALE_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** "en", "en-GB" -> English; any other non-empty locale -> Arabic; nothing -> null. */
export function languageFromLocale(locale: string | null | undefined): Language | null {
  const value = locale?.trim().toLowerCase();
  if (!value) return null;
  return value.split(/[-_]/)[0] === 'en' ? 'en' : 'ar';
}

/** The `locale` cookie first, then the browser's preferred language, else English. */
export function resolveInitialLanguage(input: { cookies: string; browserLanguages: readonly string[] }): Language {
  return (
    languageFromLocale(readCookie(input.cookies, LOCALE_COOKIE)) ??
    languageFromLocale(input.browserLanguages.find((language) => language.trim() !== '')) ??
    DEFAULT_LANGUAGE
  );
}

/** The Set-Cookie style string that persists the choice for a year on the whole site. */
export function localeCookieString(language: Language): string {
  return `${LOCALE_COOKIE}=${language}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export function textDirection(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** Narrows i18next's language string (which may be "en-US" or "cimode") to ours. */
export function toLanguage(value: string | null | undefined): Language {
  return languageFromLocale(value) ?? DEFAULT_LANGUAGE;
}
