import type { i18n as I18n } from 'i18next';
import { formatNumber } from '../../../contract/numbers';
import { planTitle } from '../../../contract/plan-names';
import type { Language } from '../api/types';

/** An arrow from one term to its translation, pointing the way the interface reads. */
export const forwardArrow = (language: Language) => (language === 'ar' ? '←' : '→');

// Dates come from the one module the server uses too, so a page and the e-mail or message about
// the same renewal write the day alike: "29 December 2026" / "29 ديسمبر 2026".
export { formatDate, formatDateTime } from '../../../contract/dates';

// Numbers and amounts likewise (Latin digits in both languages, "$9.00"): contract/numbers.ts.
export { formatMoney, formatNumber } from '../../../contract/numbers';

/** ["DOCX", "PDF"] -> "DOCX and PDF" / "DOCX وPDF". */
export function formatList(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(language, { type: 'conjunction', style: 'long' }).format(items);
}

/** The units of a file's size, as each language writes them (the catalogs' limits say "ميغابايت" too). */
const SIZE_UNITS: Record<Language, { kb: string; mb: string }> = { en: { kb: 'KB', mb: 'MB' }, ar: { kb: 'كيلوبايت', mb: 'ميغابايت' } };

/** 43 MB, 250 KB / 43 ميغابايت، 250 كيلوبايت (KB rounded up, so a small file never shows as 0 KB). */
export function formatFileSize(bytes: number, language: Language): string {
  const units = SIZE_UNITS[language];
  return bytes >= 1_048_576 ? `${formatNumber(bytes / 1_048_576, language, { maximumFractionDigits: 1 })} ${units.mb}` : `${formatNumber(Math.ceil(bytes / 1024), language)} ${units.kb}`;
}

/**
 * `{{count, number}}` in a catalog text formats with formatNumber, so every number in the
 * interface has Latin digits in both languages (i18next's own formatter would follow `ar` and
 * write Eastern digits). Numbers are passed to t() as numbers: `count` also picks the plural form.
 */
export function registerFormatters(instance: I18n): void {
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined, options: Intl.NumberFormatOptions) =>
    typeof value === 'number' ? formatNumber(value, lng?.startsWith('ar') ? 'ar' : 'en', options) : String(value ?? ''),
  );
  // `{{plan, planTitle}}`: a plan's name as a sentence names it, «باقة الهواة», but «باقة الأعمال» as the admin typed it
  // (contract/plan-names.ts, the server's `:plan_title`).
  instance.services.formatter?.add('planTitle', (value: unknown, lng: string | undefined) => planTitle(String(value ?? ''), lng?.startsWith('ar') ? 'ar' : 'en'));
}

/**
 * What a value someone typed is, which decides its direction wherever it is shown (one rule,
 * docs/decisions.md "Names that users type"):
 * - `file`: a file's name, isolated in the page's direction, so its extension stays at the end
 *   in the page's reading order ("عقد.txt" on an English page; "contract.txt" unchanged on an
 *   Arabic one). With its own direction (dir="auto") an Arabic first letter made the whole name
 *   right to left and "عقد.txt" read "txt.عقد" on an English page.
 * - `email`, `url`: always left to right (an address is Latin syntax, whatever its letters).
 * - `name`: a free name (a person, a team, a key, a site, a term), isolated with its own
 *   direction (first strong letter).
 */
export type ValueKind = 'file' | 'email' | 'url' | 'name';

/** The direction a value of `kind` is isolated in, on a page in `language`. */
export function valueDirection(kind: ValueKind, language: Language): 'ltr' | 'rtl' | 'auto' {
  if (kind === 'email' || kind === 'url') return 'ltr';
  if (kind === 'file') return language === 'ar' ? 'rtl' : 'ltr';
  return 'auto';
}

const ISOLATE_OPEN = { auto: '\u2068', ltr: '\u2066', rtl: '\u2067' } as const;

/**
 * A value placed inside a translated sentence (an e-mail address, a path, a page or file title,
 * a name), wrapped in Unicode isolates: the string form of <bdi>, so a Latin value in an Arabic
 * sentence (or the reverse) keeps its own direction without moving the sentence's punctuation,
 * parentheses and conjunctions. `direction` as <bdi dir>: first-strong (FSI) by default, or
 * left-to-right (LRI) / right-to-left (RLI), from `valueDirection` for a typed value.
 */
export function isolate(value: string, direction: 'ltr' | 'rtl' | 'auto' = 'auto'): string {
  return value ? `${ISOLATE_OPEN[direction]}${value}\u2069` : value;
}
