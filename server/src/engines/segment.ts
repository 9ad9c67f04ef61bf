import type { Lang } from './types';

/**
 * Sentence segmentation for English and Arabic. Lossless: `leading` plus every
 * segment's `text` and `separator` gives the input back character for character, so
 * whitespace and line breaks survive translation.
 *
 * Boundaries: after `.`, `!`, `?`, `…`, the Arabic question mark `؟` and the Arabic
 * semicolon `؛` (which closes a full clause in Arabic prose, where sentences often run
 * for a whole paragraph), followed by whitespace; and at every line break. Never at
 * commas (`,` `،`), inside numbers (3.14), after common English abbreviations (Mr., e.g.)
 * or single-letter initials, nor before a lower-case Latin letter.
 */
export interface TextSegment {
  /** The sentence, without surrounding whitespace. */
  text: string;
  /** The whitespace that follows it (spaces, line breaks), kept as it was. */
  separator: string;
}

export interface SegmentedText {
  /** Whitespace before the first sentence. */
  leading: string;
  segments: TextSegment[];
}

const TERMINATORS = new Set(['.', '!', '?', '…', '؟', '؛', '。']);
/** Closing marks that stay with the sentence they end: quotes and brackets. */
const CLOSERS = new Set(['"', "'", '”', '’', ')', ']', '}', '»', '›']);

/** English abbreviations after which a full stop does not end the sentence (lower case, no dot). */
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'ft', 'vs', 'etc', 'e.g', 'i.e', 'cf', 'al', 'no', 'nos', 'vol',
  'pp', 'p', 'fig', 'figs', 'approx', 'dept', 'est', 'inc', 'ltd', 'co', 'corp', 'gov', 'gen', 'col', 'capt', 'lt', 'sgt',
  'rev', 'hon', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'mon', 'tue', 'wed',
  'thu', 'fri', 'sat', 'sun', 'u.s', 'u.k', 'u.n', 'a.m', 'p.m', 'ph.d', 'art', 'sec', 'para', 'ch', 'ed', 'eds',
]);

const isWhitespace = (ch: string) => /\s/u.test(ch);
const isLineBreak = (ch: string) => ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029';
const isLowerLatin = (ch: string) => /\p{Ll}/u.test(ch) && /\p{Script=Latin}/u.test(ch);

/** The word just before position `end` (exclusive), letters and inner dots. */
function wordBefore(text: string, end: number): string {
  let start = end;
  while (start > 0 && /[\p{L}\p{N}.]/u.test(text[start - 1]!)) start--;
  return text.slice(start, end);
}

/** Whether the full stop at `index` ends a sentence (the caller has checked what follows). */
function isSentenceFullStop(text: string, index: number): boolean {
  const word = wordBefore(text, index);
  if (!word) return true;
  const bare = word.replace(/^\.+/, '').toLowerCase();
  if (ABBREVIATIONS.has(bare)) return false;
  // A single Latin letter: an initial (J. Smith) or a list marker inside a sentence.
  if (/^\p{Script=Latin}$/u.test(bare)) return false;
  return true;
}

/** Splits text into sentences; see the module comment for the rules. */
export function segmentText(input: string, _lang?: Lang): SegmentedText {
  const text = input;
  let position = 0;
  while (position < text.length && isWhitespace(text[position]!)) position++;
  const leading = text.slice(0, position);
  const segments: TextSegment[] = [];
  let start = position;
  let i = position;

  const close = (end: number) => {
    // end: exclusive end of the sentence text; take the whitespace after it as separator.
    let next = end;
    while (next < text.length && isWhitespace(text[next]!)) next++;
    const sentence = text.slice(start, end);
    if (sentence) segments.push({ text: sentence, separator: text.slice(end, next) });
    else if (segments.length) segments[segments.length - 1]!.separator += text.slice(end, next);
    start = next;
    return next;
  };

  while (i < text.length) {
    const ch = text[i]!;
    if (isLineBreak(ch)) {
      // A line break always ends the segment; trailing spaces before it join the separator.
      let end = i;
      while (end > start && isWhitespace(text[end - 1]!)) end--;
      i = close(end);
      continue;
    }
    if (TERMINATORS.has(ch)) {
      let end = i + 1;
      while (end < text.length && (TERMINATORS.has(text[end]!) || CLOSERS.has(text[end]!))) end++;
      if (end >= text.length) break;
      if (!isWhitespace(text[end]!)) {
        i = end;
        continue;
      }
      let next = end;
      while (next < text.length && isWhitespace(text[next]!) && !isLineBreak(text[next]!)) next++;
      const following = text[next];
      const fullStopOnly = text.slice(i, end).replace(/[^.!?…؟؛。]/g, '') === '.';
      const ends =
        following === undefined ||
        isLineBreak(following) ||
        (!isLowerLatin(following) && (!fullStopOnly || isSentenceFullStop(text, i)));
      if (ends) {
        i = close(end);
        continue;
      }
      i = end;
      continue;
    }
    i++;
  }
  if (start < text.length) {
    let end = text.length;
    while (end > start && isWhitespace(text[end - 1]!)) end--;
    if (end > start) segments.push({ text: text.slice(start, end), separator: text.slice(end) });
    else if (segments.length) segments[segments.length - 1]!.separator += text.slice(start);
  }
  return { leading, segments };
}

/** Puts translated sentences back between the original whitespace. */
export function joinSegments(segmented: SegmentedText, targets: string[]): string {
  return segmented.leading + segmented.segments.map((segment, index) => (targets[index] ?? '') + segment.separator).join('');
}
