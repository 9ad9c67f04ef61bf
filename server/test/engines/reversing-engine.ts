import type { Segment, TranslationEngine, TranslationJob } from '../../src/engines/types';

/**
 * A deterministic test engine: a real implementation of the TranslationEngine interface,
 * not a mock. It reverses the order of words (placeholders travel with the words they wrap,
 * so "My name <x1>is</x1> Michael" -> "Michael <x1>is</x1> name My") and writes the words
 * in the target script (Latin letters -> Arabic letters for Arabic, the reverse for English),
 * so tests can tell translated text and its direction apart from the source.
 */
type Unit = { kind: 'word'; text: string } | { kind: 'space'; text: string } | { kind: 'single'; tag: string } | { kind: 'pair'; id: string; units: Unit[] };

const LATIN = 'abcdefghijklmnopqrstuvwxyz';
const ARABIC = 'ابتثجحخدذرزسشصضطظعغفقكلمنه';

export function transliterate(text: string, target: 'en' | 'ar'): string {
  let out = '';
  for (const c of text) {
    const lower = c.toLowerCase();
    if (target === 'ar' && LATIN.includes(lower)) out += ARABIC[LATIN.indexOf(lower)];
    else if (target === 'en' && ARABIC.includes(c)) out += LATIN[ARABIC.indexOf(c)];
    else out += c;
  }
  return out;
}

function parse(segment: string): Unit[] {
  const root: Unit[] = [];
  const stack: Array<{ id: string; units: Unit[] }> = [{ id: '', units: root }];
  const pattern = /<(\/?)x(\d+)(\/?)>|(\s+)|([^<\s]+|<)/g;
  for (const m of segment.matchAll(pattern)) {
    const top = stack[stack.length - 1]!.units;
    if (m[2] !== undefined) {
      if (m[3]) top.push({ kind: 'single', tag: m[0] });
      else if (m[1]) {
        if (stack.length > 1) stack.pop();
      } else {
        const pair: Unit = { kind: 'pair', id: m[2], units: [] };
        top.push(pair);
        stack.push(pair);
      }
    } else if (m[4] !== undefined) top.push({ kind: 'space', text: m[4] });
    else top.push({ kind: 'word', text: m[5]! });
  }
  return root;
}

function render(units: Unit[], target: 'en' | 'ar'): string {
  // Reverse the order of everything but keep spaces between the same neighbours.
  const reversed = [...units].reverse();
  return reversed
    .map((u) => {
      if (u.kind === 'word') return transliterate(u.text, target);
      if (u.kind === 'space') return u.text;
      if (u.kind === 'single') return u.tag;
      return `<x${u.id}>${render(u.units, target)}</x${u.id}>`;
    })
    .join('');
}

export class ReversingTestEngine implements TranslationEngine {
  readonly id = 'test-reversing';
  calls: Array<{ segments: Segment[]; job: TranslationJob }> = [];
  /** Set to fail the n-th call (1-based) once, like a crashed worker or a broken engine. */
  failOnCall: number | null = null;

  supports() {
    return true;
  }

  async translate(segments: Segment[], job: TranslationJob): Promise<string[]> {
    this.calls.push({ segments, job });
    if (this.failOnCall !== null && this.calls.length === this.failOnCall) {
      this.failOnCall = null;
      throw new Error('test engine failure');
    }
    return segments.map((segment) => render(parse(segment), job.target));
  }
}
