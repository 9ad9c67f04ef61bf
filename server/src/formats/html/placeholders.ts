/**
 * Placeholders of a segment (`<x1>…</x1>` pairs for inline elements, `<x2/>` for elements
 * kept as they are) and the repair of what an engine loses (ARCHITECTURE.md: "An engine
 * that loses a placeholder must not lose the markup: the filter re-inserts what is missing
 * at the nearest word boundary").
 */
const PLACEHOLDER = /<(\/?)x(\d+)(\/?)>/g;

export type PlaceholderToken =
  | { kind: 'text'; text: string }
  | { kind: 'open' | 'close' | 'self'; id: number };

export function tokenizePlaceholders(segment: string): PlaceholderToken[] {
  const tokens: PlaceholderToken[] = [];
  let last = 0;
  for (const match of segment.matchAll(PLACEHOLDER)) {
    if (match.index! > last) tokens.push({ kind: 'text', text: segment.slice(last, match.index) });
    const [, closing, id, self] = match;
    tokens.push({ kind: self ? 'self' : closing ? 'close' : 'open', id: Number(id) });
    last = match.index! + match[0].length;
  }
  if (last < segment.length) tokens.push({ kind: 'text', text: segment.slice(last) });
  return tokens;
}

export function stripPlaceholders(segment: string): string {
  return segment.replace(PLACEHOLDER, '');
}

interface SourcePlaceholder {
  id: number;
  paired: boolean;
  /** Where it starts, as a fraction of the source segment's length. */
  at: number;
}

function sourcePlaceholders(source: string): SourcePlaceholder[] {
  const seen = new Map<number, SourcePlaceholder>();
  for (const match of source.matchAll(PLACEHOLDER)) {
    const [, closing, id, self] = match;
    const key = Number(id);
    if (closing || seen.has(key)) continue;
    seen.set(key, { id: key, paired: !self, at: source.length ? match.index! / source.length : 0 });
  }
  return [...seen.values()];
}

/** Character ranges of placeholder tags in a string. */
function tagRanges(text: string): Array<[number, number]> {
  return [...text.matchAll(PLACEHOLDER)].map((m) => [m.index!, m.index! + m[0].length]);
}

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/** Where words start (and the end of the string), outside placeholder tags. */
function wordBoundaries(text: string): number[] {
  const ranges = tagRanges(text);
  const insideTag = (i: number) => ranges.some(([start, end]) => i > start && i < end);
  const boundaries: number[] = [];
  for (let i = 0; i <= text.length; i++) {
    if (insideTag(i)) continue;
    const startsWord = i < text.length && !isSpace(text[i]) && text[i] !== '<';
    if (i === text.length || (startsWord && (i === 0 || isSpace(text[i - 1]) || text[i - 1] === '>'))) boundaries.push(i);
  }
  return boundaries;
}

/** The word starting at `from` (up to whitespace or a tag); empty when none starts there. */
function wordEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && !isSpace(text[i]) && text[i] !== '<') i++;
  return i;
}

/** Start of the last word that ends at or before `at`. */
function previousWordStart(text: string, at: number): number | null {
  let end = at;
  while (end > 0 && isSpace(text[end - 1])) end--;
  if (end === 0 || text[end - 1] === '>') return null;
  let start = end;
  while (start > 0 && !isSpace(text[start - 1]) && text[start - 1] !== '>') start--;
  return start;
}

function insertAt(text: string, index: number, insertion: string): string {
  return text.slice(0, index) + insertion + text.slice(index);
}

/**
 * Makes a translated segment carry every placeholder of its source: missing standalone
 * placeholders are re-inserted at the word boundary nearest their relative position in
 * the source; a missing pair wraps the word there (so a link stays clickable). Unknown
 * placeholders are dropped; stray closing tags of a missing pair are removed.
 */
export function repairPlaceholders(source: string, translated: string): { text: string; repaired: number } {
  const expected = sourcePlaceholders(source);
  let text = translated;
  const known = new Set(expected.map((p) => p.id));
  let repaired = 0;
  // Drop placeholders the source does not have.
  text = text.replace(PLACEHOLDER, (whole, _closing, id: string) => {
    if (known.has(Number(id))) return whole;
    repaired++;
    return '';
  });
  for (const placeholder of expected) {
    const tokens = tokenizePlaceholders(text);
    const has = (kind: 'open' | 'close' | 'self') => tokens.some((t) => t.kind === kind && t.id === placeholder.id);
    if (placeholder.paired ? has('open') : has('self') || has('open')) continue;
    repaired++;
    if (placeholder.paired) text = text.replace(new RegExp(`</x${placeholder.id}>`, 'g'), '');
    const boundaries = wordBoundaries(text);
    const wanted = placeholder.at * text.length;
    const at = boundaries.reduce((best, b) => (Math.abs(b - wanted) < Math.abs(best - wanted) ? b : best), boundaries[0] ?? 0);
    if (!placeholder.paired) {
      const spaced = at < text.length && !isSpace(text[at]) && text[at] !== '<' && at > 0;
      text = insertAt(text, at, spaced ? `<x${placeholder.id}/> ` : `<x${placeholder.id}/>`);
      continue;
    }
    let start: number | null = at;
    let end = wordEnd(text, at);
    if (end === start) {
      start = previousWordStart(text, at);
      end = start === null ? at : wordEnd(text, start);
    }
    if (start === null) {
      text = insertAt(text, at, `<x${placeholder.id}></x${placeholder.id}>`);
    } else {
      text = insertAt(insertAt(text, end, `</x${placeholder.id}>`), start, `<x${placeholder.id}>`);
    }
  }
  return { text, repaired };
}
