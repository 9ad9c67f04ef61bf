import type { Lang } from './types';

const ARABIC_LETTER = /[\u0620-\u064A\u066E-\u06D3\u06D5\u06EE\u06EF\u06FA-\u06FF\u0750-\u077F\u08A0-\u08C9\uFB50-\uFDFF\uFE70-\uFEFC]/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;

export interface Detection {
  lang: Lang;
  /** Share of the letters written in the detected script, 0..1. */
  confidence: number;
}

/**
 * Tells Arabic from English by script: the script with more letters wins (Arabic on a
 * tie, since Arabic text often quotes Latin names). Null when the text has no letters
 * (digits, punctuation or symbols only).
 */
export function detectLanguage(text: string): Detection | null {
  const arabic = text.match(ARABIC_LETTER)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  const total = arabic + latin;
  if (total === 0) return null;
  return arabic >= latin ? { lang: 'ar', confidence: arabic / total } : { lang: 'en', confidence: latin / total };
}
