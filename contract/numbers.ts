// How Lisan writes a number or an amount, the one module for both sides (like contract/dates.ts):
// the web app (through web/src/i18n/format.ts) and the server (messages, e-mails, invoice PDFs)
// import it, so a price on a page, in its e-mail and on its invoice read alike. Imports nothing.
//
// Western digits in both languages (Arabic keeps its own separators), so prices typed by the
// admin, quotas and texts like "7 أيام" all agree.

export type NumberLanguage = 'en' | 'ar';

const NUMBER_LOCALES: Record<NumberLanguage, string> = { en: 'en-US', ar: 'ar-u-nu-latn' };

/** 3500 -> "3,500" in both languages. */
export function formatNumber(value: number, language: NumberLanguage, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(NUMBER_LOCALES[language], options).format(value);
}

/**
 * "$9.00" in both languages: US dollar amounts keep the sign before them, as the pricing and
 * invoices show them; another currency is written with its own sign by the language's rules.
 */
export function formatMoney(value: number | string, language: NumberLanguage, currency = 'USD'): string {
  const amount = Number(value);
  if (currency !== 'USD') return formatNumber(amount, language, { style: 'currency', currency });
  return `$${formatNumber(amount, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
