// How Lisan writes a date, the one module for both sides: the web app (through
// web/src/i18n/format.ts) and the server (messages, e-mails, invoice PDFs) import it, so a page
// and the e-mail or message about the same thing name the day the same way. No zod here (nor
// anything else): the web app may import this file's values, unlike the rest of the contract.
//
// One style per language (docs/decisions.md, "One way to write a date"): the day, the month's
// name and the year, in that order in both languages: "29 December 2026", "29 ديسمبر 2026".
// Western digits and the Gregorian calendar in Arabic, as every number in the product
// (`ar-u-nu-latn`, web/src/i18n/format.ts); British English, whose order is the Arabic one.

export type DateLanguage = 'en' | 'ar';

const DATE_LOCALES: Record<DateLanguage, string> = { en: 'en-GB', ar: 'ar-u-ca-gregory-nu-latn' };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: DateLanguage, withTime: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${language}|${withTime}|${timeZone ?? ''}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'long', ...(withTime ? { timeStyle: 'short' } : {}), timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

/** A timestamp, a `YYYY-MM-DD` day or a Date as a Date; null when missing or unreadable. */
function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A calendar day: "29 December 2026" / "29 ديسمبر 2026" ('' when there is none). The day is
 * the UTC one wherever it is written (a page, an e-mail, a PDF): the server knows no reader's
 * time zone, and a page must name the same day as the e-mail about the same renewal.
 */
export function formatDate(value: string | Date | null | undefined, language: DateLanguage): string {
  const date = toDate(value);
  return date ? formatter(language, false, 'UTC').format(date) : '';
}

/**
 * A moment, for screens that keep the time (history, audit, replays): "29 December 2026 at
 * 14:05" / "29 ديسمبر 2026 في 2:05 م", in the reader's time zone (the browser's; `timeZone`
 * names another, as tests do).
 */
export function formatDateTime(value: string | Date | null | undefined, language: DateLanguage, timeZone?: string): string {
  const date = toDate(value);
  return date ? formatter(language, true, timeZone).format(date) : '';
}

/** The twelve months' names, January first: "January" / "يناير" (Gregorian in Arabic too, as formatDate writes them). */
export function monthNames(language: DateLanguage): string[] {
  const months = new Intl.DateTimeFormat(DATE_LOCALES[language], { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => months.format(Date.UTC(2026, index, 1)));
}
