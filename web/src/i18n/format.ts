import type { Language } from '../api/types';

// Numbers are written in Latin digits in both languages, so prices typed by the admin,
// quotas and texts like "7 أيام" all agree; Arabic keeps its own separators and list words.
const NUMBER_LOCALES: Record<Language, string> = { en: 'en-US', ar: 'ar-u-nu-latn' };

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(NUMBER_LOCALES[language], options).format(value);
}

/** ["DOCX", "PDF"] -> "DOCX and PDF" / "DOCX وPDF". */
export function formatList(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(language, { type: 'conjunction', style: 'long' }).format(items);
}
