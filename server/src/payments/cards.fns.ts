/** Card checks shared by the card screen's server side and the sandbox gateway. */

/** Digits only: spaces and dashes users type are dropped. */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand by number prefix (the names Stripe reports). */
export function cardBrand(number: string): string {
  const d = cardDigits(number);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(d)) return 'discover';
  if (/^35(2[89]|[3-8])/.test(d)) return 'jcb';
  if (/^(4(0117[89]|31274|38935|51416|57393|57631|57632|36770|38936)|5(04175|06699|067[0-6]|0900|09\d\d)|6(27780|36297|36368|50\d{3}))/.test(d)) return 'mada';
  return 'unknown';
}

/** "MM/YY", "MM/YYYY" or "MM / YY" -> month and four-digit year; null when malformed. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  let year = Number(match[2]);
  if (year < 100) year += 2000;
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function expiryPassed(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

export function cvvValid(cvv: string, brand: string): boolean {
  return brand === 'amex' ? /^\d{4}$/.test(cvv) : /^\d{3,4}$/.test(cvv);
}
