import type { Lang } from '../engines/types';

/**
 * Fuzzy translation memory, the safe kind: a stored entry whose source differs from a
 * segment only in its numbers (placeables) is used with those numbers put into its stored
 * translation, the way CAT tools "auto-localise" placeables. Any other difference (a word, a
 * punctuation mark) sends the segment to the engine: a translation memory must never answer
 * with a translation of a different sentence.
 */

/** The pipeline's origins of segments translation memory answered: a liked translation, an approved correction, a fuzzy hit of either. */
export const MEMORY_ORIGINS: ReadonlySet<string> = new Set(['memory', 'memory-correction', 'memory-fuzzy']);

/** Digits (ASCII, Arabic-Indic, Eastern Arabic-Indic). */
const DIGIT = '0-9\\u0660-\\u0669\\u06F0-\\u06F9';
/** What may not touch a number for it to be a placeable: letters and digits of the Latin and Arabic scripts ("A4", "mp3" and a placeholder's "x1" are words). */
const WORD_CHAR = `A-Za-z\\u00C0-\\u024F\\u0620-\\u064A\\u0671-\\u06D3${DIGIT}`;
/**
 * A number: digits, with '.', ',' or the Arabic decimal and thousands separators between
 * digit groups, not touching a letter or digit. The database generates
 * translation_memory.source_skeleton with this very pattern (migration 0211; PostgreSQL's
 * regular expressions read it alike, and a test holds the two together).
 */
export const NUMBER_SOURCE = `(?<![${WORD_CHAR}])[${DIGIT}]+(?:[.,\\u066B\\u066C][${DIGIT}]+)*(?![${WORD_CHAR}])`;
const NUMBER = new RegExp(NUMBER_SOURCE, 'g');
/** Numbers in a stored translation: any run of digits but a placeholder's, even one touching a letter ("و5", "and 5"), so that none is overlooked. */
const ANY_NUMBER = new RegExp(`(?<![${DIGIT}]|<\\/?x)[${DIGIT}]+(?:[.,\\u066B\\u066C][${DIGIT}]+)*(?![${DIGIT}])`, 'g');
const ONE_NUMBER = new RegExp(NUMBER_SOURCE);
const TOKEN = new RegExp(`<\\/?x\\d+\\/?>|${NUMBER_SOURCE}|[\\p{L}\\p{M}\\p{N}]+|\\S`, 'gu');

/** The lowest fuzzy score used: at least half of a segment's tokens must be the stored entry's own. */
export const FUZZY_MIN_SCORE = 0.5;

/**
 * A normalised source with every number replaced by '#': entries and segments that differ
 * only in their numbers share it, so fuzzy candidates are one indexed equality look-up.
 */
export function memorySkeleton(norm: string): string {
  return norm.replace(NUMBER, '#');
}

/** Whether a normalised segment has a number (only those can have a fuzzy hit). */
export function hasPlaceables(norm: string): boolean {
  return ONE_NUMBER.test(norm);
}

const numbersOf = (text: string) => text.match(NUMBER) ?? [];
/** A number's digits in ASCII, its separators as written ('٫' read as '.', '٬' as ','). */
const canonical = (number: string) =>
  number
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',');
/** The number written in the digits `like` is written in. */
function inDigitsOf(number: string, like: string): string {
  const plain = canonical(number);
  if (/[\u0660-\u0669]/.test(like)) return plain.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d))).replace(/\./g, '\u066B').replace(/,/g, '\u066C');
  if (/[\u06F0-\u06F9]/.test(like)) return plain.replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
  return plain;
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
/** The number's CLDR plural category in the target language (Arabic: zero, one, two, few, many, other). */
function pluralCategory(number: string, lang: Lang): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  const value = Number(canonical(number).replace(/,/g, ''));
  return Number.isFinite(value) ? rules.select(value) : 'unknown';
}

function tokenCount(norm: string): number {
  return (norm.match(TOKEN) ?? []).length;
}

export interface FuzzyHit {
  target: string;
  /** Token similarity, 0..1: 1 - (tokens that differ / tokens of the longer text), as CAT tools' "fuzzy match %". */
  score: number;
}

/**
 * The stored translation of `entry` adapted to `segment` (both normalised, same skeleton),
 * or null when that would not be safe. Used only when every number that differs
 * - occurs once in the entry's source and once in its stored translation (so we know which
 *   one to replace),
 * - has the same plural category in the target language as its replacement (Arabic nouns
 *   agree with the number: 3 to 10 take a plural, 11 to 99 a singular; English: 1 or not),
 * and the score is at least FUZZY_MIN_SCORE.
 */
export function adaptFuzzyHit(segment: string, entry: { sourceNorm: string; target: string }, target: Lang): FuzzyHit | null {
  const wanted = numbersOf(segment);
  const stored = numbersOf(entry.sourceNorm);
  if (wanted.length !== stored.length || memorySkeleton(segment) !== memorySkeleton(entry.sourceNorm)) return null;
  const changed = wanted.map((_, i) => i).filter((i) => canonical(wanted[i]!) !== canonical(stored[i]!));
  if (!changed.length) return null;
  const score = 1 - changed.length / Math.max(tokenCount(segment), tokenCount(entry.sourceNorm));
  if (score < FUZZY_MIN_SCORE) return null;

  const storedValues = stored.map(canonical);
  const targetNumbers = [...entry.target.matchAll(ANY_NUMBER)];
  const replacements = new Map<number, string>();
  for (const i of changed) {
    const old = storedValues[i]!;
    if (storedValues.filter((value) => value === old).length !== 1) return null;
    const inTarget = targetNumbers.filter((match) => canonical(match[0]) === old);
    if (inTarget.length !== 1) return null;
    if (pluralCategory(old, target) !== pluralCategory(wanted[i]!, target)) return null;
    replacements.set(inTarget[0]!.index, inDigitsOf(wanted[i]!, inTarget[0]![0]));
  }
  let out = '';
  let at = 0;
  for (const match of targetNumbers) {
    const replacement = replacements.get(match.index);
    if (replacement === undefined) continue;
    out += entry.target.slice(at, match.index) + replacement;
    at = match.index + match[0].length;
  }
  return { target: out + entry.target.slice(at), score: Math.round(score * 100) / 100 };
}
