import { normalizeArabic } from './dictionary/arabic';
import type { Lang } from './types';

/**
 * The form texts are matched in (translation memory, glossaries, dictionary keys): NFC,
 * whitespace collapsed, lower case; Arabic also without diacritics or tatweel and with
 * unified alef, yaa and taa marbuta. Punctuation is kept: it changes meaning.
 */
export function normalizeForMatch(text: string, lang: Lang): string {
  const base = text.normalize('NFC').replace(/[’‘]/g, "'").toLowerCase();
  return lang === 'ar' ? normalizeArabic(base) : base.replace(/\s+/g, ' ').trim();
}
