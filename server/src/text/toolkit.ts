/**
 * The text toolkit: the one word counter, the one language detector and the one batcher of
 * Lisan. Text translation, documents, websites, quotas and the web app (which imports this
 * file) all count and detect with these, so a limit means the same number everywhere.
 * Pure functions, no Node APIs: the browser bundle uses them as they are.
 */

/** Inputs of at most this many words also get dictionary entries (server) and the dictionary panel (web app). */
export const DICTIONARY_MAX_WORDS = 3;

/** The languages the detector tells apart. */
export type DetectedLang = 'en' | 'ar';

/**
 * Words as word processors and DeepL count them: whitespace-separated tokens that hold a
 * letter or a digit. "Price: 3.5 USD, e-mail info@lisan.com" is 5 words; an e-mail
 * address, a URL, "e-mail", "3.5" and "و/أو" are one word each; punctuation alone ("—",
 * "!") is none; Arabic diacritics and tatweel do not split a word.
 */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/u)) if (WORDLIKE.test(token)) count++;
  return count;
}
const WORDLIKE = /[\p{L}\p{N}]/u;

/**
 * Characters as plans and the developer API count them: Unicode code points (an emoji is one,
 * not its two UTF-16 units; a lone surrogate is one), what `[...text].length` gives, without
 * building the array.
 */
export function countCharacters(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** Arabic letters (not digits, diacritics or punctuation): these ranges of the Basic Multilingual Plane. */
const ARABIC_LETTER_RANGES = [
  [0x0620, 0x064a],
  [0x066e, 0x06d3],
  [0x06d5, 0x06d5],
  [0x06ee, 0x06ef],
  [0x06fa, 0x06ff],
  [0x0750, 0x077f],
  [0x08a0, 0x08c9],
  [0xfb50, 0xfdff],
  [0xfe70, 0xfefc],
] as const;
const LATIN_LETTER = /^\p{Script=Latin}$/u;

/**
 * Arabic and Latin letters in a text: what the detector weighs (documents add them up part by
 * part). `names` are the Latin letters of words written with a capital (Microsoft, iPhone, Q3,
 * The): Arabic text quotes names and brands in Latin letters, English prose is mostly lower
 * case. One pass over the text: ASCII and the Arabic ranges by their code, other characters
 * by their script.
 */
export function scriptLetters(text: string): { arabic: number; latin: number; names: number } {
  let arabic = 0;
  let latin = 0;
  let names = 0;
  // The Latin word being read: its letters, and whether one of them is a capital.
  let word = 0;
  let capital = false;
  const endWord = () => {
    if (capital) names += word;
    word = 0;
    capital = false;
  };
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      const lower = unit | 0x20;
      if (lower >= 0x61 && lower <= 0x7a) {
        latin++;
        word++;
        if (unit !== lower) capital = true;
      } else if (word) endWord();
      continue;
    }
    if (ARABIC_LETTER_RANGES.some(([from, to]) => unit >= from && unit <= to)) {
      arabic++;
      if (word) endWord();
      continue;
    }
    const point = text.codePointAt(i)!;
    if (point > 0xffff) i++;
    const character = String.fromCodePoint(point);
    if (LATIN_LETTER.test(character)) {
      latin++;
      word++;
      if (CAPITAL.test(character)) capital = true;
    } else if (word) endWord();
  }
  if (word) endWord();
  return { arabic, latin, names };
}
const CAPITAL = /^[\p{Lu}\p{Lt}]$/u;

/** How much a Latin letter of a capitalised word weighs against the others: names in Arabic text are common. */
const NAME_WEIGHT = 1 / 3;

export interface Detection {
  lang: DetectedLang;
  /** Share of the letters written in the detected script, 0..1 (names in Latin letters weighing a third). */
  confidence: number;
}

/**
 * Arabic or English from letter counts: the script with more letters wins, Arabic on a tie,
 * the Latin letters of capitalised words (names, brands, acronyms) weighing a third, so that
 * "تم تحديث Microsoft Office" is Arabic while "Lisan لسان translates النصوص quickly" stays
 * English. Null without letters (digits, symbols only).
 */
export function languageFromLetters(letters: { arabic: number; latin: number; names?: number }): Detection | null {
  const latin = letters.latin - (letters.names ?? 0) * (1 - NAME_WEIGHT);
  const total = letters.arabic + latin;
  if (letters.arabic + letters.latin === 0) return null;
  return letters.arabic >= latin ? { lang: 'ar', confidence: letters.arabic / total } : { lang: 'en', confidence: latin / total };
}

/** The language of a text by script (see languageFromLetters). */
export function detectLanguage(text: string): Detection | null {
  return languageFromLetters(scriptLetters(text));
}

/** Segments sent to an engine together. */
export interface Batch {
  index: number;
  /** Positions in the input list. */
  segmentIndexes: number[];
}

/**
 * Groups segments into batches of at most `maxSegments` segments and about `maxChars`
 * characters (a single longer segment makes a batch of its own), in order. `include`
 * leaves segments out (documents send only those with letters). Deterministic: a resumed
 * document job computes the same batches and skips those already saved. The router,
 * documents, websites and each remote engine (one request per batch, with its API's own
 * limits) all batch with it, so a limit is counted the same way on every path.
 */
export function planBatches(
  segments: readonly string[],
  limits: { maxSegments: number; maxChars: number },
  include: (segment: string) => boolean = () => true,
): Batch[] {
  const batches: Batch[] = [];
  let current: number[] = [];
  let chars = 0;
  segments.forEach((segment, index) => {
    if (!include(segment)) return;
    if (current.length && (current.length >= limits.maxSegments || chars + segment.length > limits.maxChars)) {
      batches.push({ index: batches.length, segmentIndexes: current });
      current = [];
      chars = 0;
    }
    current.push(index);
    chars += segment.length;
  });
  if (current.length) batches.push({ index: batches.length, segmentIndexes: current });
  return batches;
}
