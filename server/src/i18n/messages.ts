/**
 * Server-side messages in both languages. English wording is the spec's (sections 5 and 8).
 * `:name` placeholders are filled by t(). A key missing in Arabic fails the catalog test.
 */
import { admin } from './catalogs/admin';
import { api } from './catalogs/api';
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
import { websites } from './catalogs/websites';
import { users } from './catalogs/users';
import { fieldNames } from './catalogs/fields';
import { formatDate } from '../../../contract/dates';
import { formatNumber } from '../../../contract/numbers';
import { planTitle } from '../../../contract/plan-names';

export type Locale = 'en' | 'ar';

/**
 * Each domain keeps its messages in catalogs/<domain>.ts as `{ en: {...}, ar: {...} }`
 * and is listed here once. Keys are namespaced by domain ("auth.", "translate.").
 */
const catalogs = [common, admin, auth, teams, users, content, requests, analytics, billing, plans, documents, translate, dictionary, history, feedback, glossary, websites, api];

export const messages = {
  en: Object.assign({}, ...catalogs.map((c) => c.en)) as Record<string, string>,
  ar: Object.assign({}, ...catalogs.map((c) => c.ar)) as Record<string, string>,
};

export type MessageKey = keyof (typeof common)['en'];

/** Whether the catalogs have this key, as it is or in plural forms (`key_one`, `key_other`). */
export function isMessageKey(key: string): boolean {
  return key in messages.en || `${key}_other` in messages.en;
}

// Numbers and amounts are written by the module the web app uses too (contract/numbers.ts):
// Western digits in both languages, "$9.00"; one rule for pages, e-mails and PDFs.
export { formatMoney, formatNumber } from '../../../contract/numbers';

/**
 * What a value someone typed is, which decides its direction (the web app's `valueDirection`, one
 * rule, docs/decisions.md "Names that users type"): a file's name in the mail's direction (its
 * extension stays at the end: "عقد.txt" in an English mail), an e-mail address or a URL left to
 * right, a free name (a person's, a team's, a plan's) in its own (first strong letter).
 */
export type ValueKind = 'file' | 'email' | 'url' | 'name';

export function valueDirection(kind: ValueKind, locale: Locale): 'ltr' | 'rtl' | 'auto' {
  if (kind === 'email' || kind === 'url') return 'ltr';
  if (kind === 'file') return locale === 'ar' ? 'rtl' : 'ltr';
  return 'auto';
}

const ISOLATE_OPEN = { auto: '\u2068', ltr: '\u2066', rtl: '\u2067' } as const;

/**
 * Wraps a value in Unicode isolates, so an e-mail address, a URL or a Latin file name inside an
 * Arabic sentence keeps its own direction without moving the punctuation, bullets and
 * conjunctions around it (plain-text e-mail parts, PDFs): first-strong (FSI ... PDI) by default,
 * or left-to-right (LRI) / right-to-left (RLI), from `valueDirection` for a typed value.
 */
export function isolate(value: string, direction: 'ltr' | 'rtl' | 'auto' = 'auto'): string {
  return value ? `${ISOLATE_OPEN[direction]}${value}\u2069` : value;
}

/** The CLDR plural categories a language uses, in catalog order (Arabic has all six). */
export const PLURAL_SUFFIXES: Record<Locale, readonly Intl.LDMLPluralRule[]> = {
  en: ['one', 'other'],
  ar: ['zero', 'one', 'two', 'few', 'many', 'other'],
};

const pluralRules: Record<Locale, Intl.PluralRules> = { en: new Intl.PluralRules('en'), ar: new Intl.PluralRules('ar') };

/**
 * The catalog key for a counted message: `key_<category>` chosen by the numeric `count`
 * param with the language's CLDR rules (as i18next does in the web app), else the key itself.
 */
function pluralKey(locale: Locale, key: string, count: unknown): string {
  if (typeof count !== 'number') return key;
  const catalog = messages[locale] as Record<string, string>;
  const exact = count === 0 && `${key}_zero` in catalog ? `${key}_zero` : `${key}_${pluralRules[locale].select(count)}`;
  if (exact in catalog) return exact;
  return `${key}_other` in catalog ? `${key}_other` : key;
}

/**
 * A field's name in messages. `:attribute` carries the field's key ("job_title", "events.0.type");
 * Arabic names come from catalogs/fields.ts; English ones too where a form labels the field
 * ("text translations per day"), else English reads the key as words ("job title").
 */
function fieldName(locale: Locale, field: string): string {
  const segments = field.split('.').filter((segment) => !/^\d+$/.test(segment));
  const name = (segments[segments.length - 1] ?? field).replace(/ /g, '_');
  if (locale === 'ar') return fieldNames.ar[name as keyof typeof fieldNames.ar] ?? field;
  return fieldNames.en[name as keyof typeof fieldNames.en] ?? (field.replace(/_/g, ' ') || 'input');
}

/**
 * Translates a key; unknown keys come back unchanged so literal messages pass through.
 * Numeric and Date params are formatted for the language (Dates by contract/dates.ts, as the web app
 * writes them); a numeric `count` also picks the plural form. `:plan_title` is the `plan` param as a
 * sentence names a plan (contract/plan-names.ts, the web app's `{{plan, planTitle}}`): «باقة الهواة», "Hobby
 * plan", but «باقة الأعمال» and "Business Plan" as they are.
 */
export function t(locale: Locale, key: string, params: Record<string, string | number | Date> = {}): string {
  const catalog = messages[locale] as Record<string, string>;
  const chosen = pluralKey(locale, key, params.count);
  const template = catalog[chosen] ?? (messages.en as Record<string, string>)[pluralKey('en', key, params.count)] ?? key;
  return template.replace(/:([a-z_]+)/g, (match, name: string) => {
    if (name === 'plan_title' && typeof params.plan === 'string') return planTitle(params.plan, locale);
    if (!(name in params)) return match;
    const value = params[name]!;
    if (typeof value === 'number') return formatNumber(value, locale);
    if (value instanceof Date) return formatDate(value, locale);
    return name === 'attribute' ? fieldName(locale, value) : value;
  });
}

/** Spec section 1: English when the locale is English, Arabic for any other locale. */
export function normalizeLocale(value: string | undefined | null): Locale | undefined {
  if (!value) return undefined;
  return value.trim().toLowerCase().startsWith('en') ? 'en' : 'ar';
}
