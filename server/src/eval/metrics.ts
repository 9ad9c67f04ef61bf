/**
 * Corpus BLEU and chrF computed exactly as sacreBLEU's defaults do (sacreBLEU 2.x, one
 * reference per segment), so `npm run eval` figures are comparable with published ones:
 *
 * - BLEU (sacreBLEU 2: no n-gram match at all scores 0): the `13a` tokenizer (mteval-v13a), mixed case, n-grams 1-4, clipped counts,
 *   brevity penalty against the reference length, `exp` smoothing (only matters when an
 *   order has no match at all), no effective order. Signature
 *   `nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp`.
 * - chrF2: character n-grams 1-6, whitespace removed, beta 2, statistics summed over the
 *   corpus, precision and recall averaged over the orders both sides have. Signature
 *   `nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no`.
 *
 * No npm package implements sacreBLEU (the one BLEU package on the registry scores one
 * sentence without the 13a tokenizer), hence this module; metrics.test.ts shows it
 * reproduces the published FLORES-101 figures in ../shared/eval.
 */

/** Python's str.split() whitespace (sacreBLEU splits tokens and strips chrF with it). */
const PY_WHITESPACE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;
const splitWords = (text: string) => text.split(PY_WHITESPACE).filter(Boolean);

/** Punctuation and symbols of the ASCII range that 13a always splits off. */
const SYMBOLS_13A = /([{-~[-` -&(-+:-@/])/g;

/** sacreBLEU's `13a` tokenizer: tokens joined by single spaces. */
export function tokenize13a(line: string): string {
  let text = line.replaceAll('<skipped>', '').replaceAll('-\n', '').replaceAll('\n', ' ');
  if (text.includes('&')) {
    text = text.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>');
  }
  text = ` ${text} `
    .replace(SYMBOLS_13A, ' $1 ')
    // A period or comma is split off unless it sits between digits.
    .replace(/([^0-9])([.,])/g, '$1 $2 ')
    .replace(/([.,])([^0-9])/g, ' $1 $2')
    // A dash after a digit.
    .replace(/([0-9])(-)/g, '$1 $2 ');
  return splitWords(text).join(' ');
}

function ngramCounts(tokens: string[], maxOrder: number): Map<string, number>[] {
  const counts: Map<string, number>[] = [];
  for (let n = 1; n <= maxOrder; n++) {
    const map = new Map<string, number>();
    for (let i = 0; i + n <= tokens.length; i++) {
      const gram = tokens.slice(i, i + n).join('\u0001');
      map.set(gram, (map.get(gram) ?? 0) + 1);
    }
    counts.push(map);
  }
  return counts;
}

const trimEndPython = (text: string) => text.replace(new RegExp(`${PY_WHITESPACE.source}$`, 'u'), '');

export interface BleuScore {
  /** 0-100. */
  score: number;
  /** n-gram precisions, 0-100, orders 1-4. */
  precisions: number[];
  brevityPenalty: number;
  hypothesisLength: number;
  referenceLength: number;
}

const BLEU_ORDER = 4;

/** Corpus BLEU of hypotheses against one reference each (sacreBLEU defaults). */
export function corpusBleu(hypotheses: readonly string[], references: readonly string[]): BleuScore {
  if (hypotheses.length !== references.length) throw new Error(`${hypotheses.length} hypotheses for ${references.length} references`);
  const correct = new Array<number>(BLEU_ORDER).fill(0);
  const total = new Array<number>(BLEU_ORDER).fill(0);
  let hypothesisLength = 0;
  let referenceLength = 0;
  hypotheses.forEach((hypothesis, index) => {
    const hyp = splitWords(tokenize13a(trimEndPython(hypothesis)));
    const ref = splitWords(tokenize13a(trimEndPython(references[index]!)));
    hypothesisLength += hyp.length;
    referenceLength += ref.length;
    const hypCounts = ngramCounts(hyp, BLEU_ORDER);
    const refCounts = ngramCounts(ref, BLEU_ORDER);
    hypCounts.forEach((map, n) => {
      for (const [gram, count] of map) {
        correct[n]! += Math.min(count, refCounts[n]!.get(gram) ?? 0);
        total[n]! += count;
      }
    });
  });

  const precisions = new Array<number>(BLEU_ORDER).fill(0);
  const brevityPenalty = hypothesisLength < referenceLength ? (hypothesisLength > 0 ? Math.exp(1 - referenceLength / hypothesisLength) : 0) : 1;
  // sacreBLEU 2: no matching n-gram at all is 0, whatever the smoothing.
  if (correct.every((count) => count === 0)) return { score: 0, precisions, brevityPenalty, hypothesisLength, referenceLength };
  let smooth = 1;
  for (let n = 0; n < BLEU_ORDER; n++) {
    if (total[n] === 0) break;
    if (correct[n] === 0) {
      smooth *= 2;
      precisions[n] = 100 / (smooth * total[n]!);
    } else {
      precisions[n] = (100 * correct[n]!) / total[n]!;
    }
  }
  // sacreBLEU's log of 0 is a very large negative number, so a missing order gives 0.
  const logSum = precisions.reduce((sum, p) => sum + (p === 0 ? -9_999_999_999 : Math.log(p)), 0);
  const score = brevityPenalty * Math.exp(logSum / BLEU_ORDER);
  return { score, precisions, brevityPenalty, hypothesisLength, referenceLength };
}

function charNgramCounts(text: string, maxOrder: number): Map<string, number>[] {
  const joined = text.split(PY_WHITESPACE).join('');
  // Python counts code points; plain slices do when there is no surrogate pair.
  const chars: ArrayLike<string> & { slice(start: number, end: number): string | string[] } = /[\uD800-\uDFFF]/.test(joined) ? Array.from(joined) : joined;
  const counts: Map<string, number>[] = [];
  for (let n = 1; n <= maxOrder; n++) {
    const map = new Map<string, number>();
    for (let i = 0; i + n <= chars.length; i++) {
      const slice = chars.slice(i, i + n);
      const gram = typeof slice === 'string' ? slice : slice.join('');
      map.set(gram, (map.get(gram) ?? 0) + 1);
    }
    counts.push(map);
  }
  return counts;
}

/**
 * Corpus chrF (sacreBLEU defaults: 6 character orders, no word n-grams, whitespace
 * ignored, beta 2 = chrF2). `beta` can be changed for sacreBLEU's own test figures.
 */
export function corpusChrf(hypotheses: readonly string[], references: readonly string[], options: { beta?: number; order?: number } = {}): number {
  if (hypotheses.length !== references.length) throw new Error(`${hypotheses.length} hypotheses for ${references.length} references`);
  const beta = options.beta ?? 2;
  const order = options.order ?? 6;
  // Per order: hypothesis n-grams, reference n-grams, matches.
  const stats = Array.from({ length: order }, () => [0, 0, 0]);
  hypotheses.forEach((hypothesis, index) => {
    const hyp = charNgramCounts(hypothesis, order);
    const ref = charNgramCounts(references[index]!, order);
    for (let n = 0; n < order; n++) {
      let hypCount = 0;
      let matches = 0;
      for (const [gram, count] of hyp[n]!) {
        hypCount += count;
        matches += Math.min(count, ref[n]!.get(gram) ?? 0);
      }
      let refCount = 0;
      for (const count of ref[n]!.values()) refCount += count;
      // Hypothesis n-grams count only where the reference has n-grams of that order.
      stats[n]![0]! += refCount ? hypCount : 0;
      stats[n]![1]! += refCount;
      stats[n]![2]! += matches;
    }
  });
  let precision = 0;
  let recall = 0;
  let orders = 0;
  for (const [hyp, ref, matches] of stats) {
    if (hyp! > 0 && ref! > 0) {
      precision += matches! / hyp!;
      recall += matches! / ref!;
      orders++;
    }
  }
  if (!orders) return 0;
  precision /= orders;
  recall /= orders;
  if (precision + recall === 0) return 0;
  const b2 = beta * beta;
  return (100 * (1 + b2) * precision * recall) / (b2 * precision + recall);
}
