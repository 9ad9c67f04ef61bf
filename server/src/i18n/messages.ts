/**
 * Server-side messages in both languages. English wording is the spec's (sections 5 and 8).
 * `:name` placeholders are filled by t(). A key missing in Arabic fails the catalog test.
 */
import { admin } from './catalogs/admin';
import { analytics } from './catalogs/analytics';
import { auth } from './catalogs/auth';
import { billing } from './catalogs/billing';
import { common } from './catalogs/common';
import { documents } from './catalogs/documents';
import { content } from './catalogs/content';
import { plans } from './catalogs/plans';
import { requests } from './catalogs/requests';
import { dictionary } from './catalogs/dictionary';
import { feedback } from './catalogs/feedback';
import { glossary } from './catalogs/glossary';
import { history } from './catalogs/history';
import { translate } from './catalogs/translate';
import { teams } from './catalogs/teams';
import { users } from './catalogs/users';

export type Locale = 'en' | 'ar';

/**
 * Each domain keeps its messages in catalogs/<domain>.ts as `{ en: {...}, ar: {...} }`
 * and is listed here once. Keys are namespaced by domain ("auth.", "translate.").
 */
const catalogs = [common, admin, auth, teams, users, content, requests, analytics, billing, plans, documents, translate, dictionary, history, feedback, glossary];

export const messages = {
  en: Object.assign({}, ...catalogs.map((c) => c.en)) as Record<string, string>,
  ar: Object.assign({}, ...catalogs.map((c) => c.ar)) as Record<string, string>,
};

export type MessageKey = keyof (typeof common)['en'];

export function isMessageKey(key: string): key is MessageKey {
  return key in messages.en;
}

/** Translates a key; unknown keys come back unchanged so literal messages pass through. */
export function t(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const catalog = messages[locale] as Record<string, string>;
  const template = catalog[key] ?? (messages.en as Record<string, string>)[key] ?? key;
  return template.replace(/:([a-z_]+)/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Spec section 1: English when the locale is English, Arabic for any other locale. */
export function normalizeLocale(value: string | undefined | null): Locale | undefined {
  if (!value) return undefined;
  return value.trim().toLowerCase().startsWith('en') ? 'en' : 'ar';
}
