import { describe, expect, it } from 'vitest';
import { corpusBleu, corpusChrf, tokenize13a } from './metrics';
import { DIRECTIONS, findEvalDir, loadSet } from './sets';

describe('tokenize13a', () => {
  it('splits punctuation and symbols as mteval-v13a does', () => {
    expect(tokenize13a('Hello, world. (It\'s "fine")')).toBe('Hello , world . ( It\'s " fine " )');
    // Periods and commas between digits stay; a dash after a digit is split off.
    expect(tokenize13a('Pay 3.50, or 1,000 in 2019-2020.')).toBe('Pay 3.50 , or 1,000 in 2019 - 2020 .');
    expect(tokenize13a('a &amp; b &quot;c&quot; <skipped>end-\nline')).toBe('a & b " c " endline');
    // Arabic punctuation is outside 13a's ASCII classes: the comma ، stays attached.
    expect(tokenize13a('  مرحبا، بالعالم.  ')).toBe('مرحبا، بالعالم .');
  });
});

describe('corpusBleu', () => {
  it('is 100 for identical text and 0 with no common word', () => {
    expect(corpusBleu(['the cat sat on the mat .'], ['the cat sat on the mat .']).score).toBeCloseTo(100, 10);
    expect(corpusBleu(['a b c d e'], ['f g h i j']).score).toBe(0);
    expect(corpusBleu([''], ['a reference']).score).toBe(0);
  });

  it('applies the brevity penalty and exp smoothing like sacreBLEU', () => {
    // 4 words of 8: precisions 100/100/100/100 (all n-grams match), BP = exp(1 - 8/4).
    const short = corpusBleu(['one two three four'], ['one two three four five six seven eight']);
    expect(short.precisions).toEqual([100, 100, 100, 100]);
    expect(short.brevityPenalty).toBeCloseTo(Math.exp(-1), 12);
    expect(short.score).toBeCloseTo(100 * Math.exp(-1), 10);
    // No 4-gram match: that precision is 100 / (2 * total) instead of 0.
    const smoothed = corpusBleu(['a b c x d'], ['a b c y d']);
    expect(smoothed.precisions[0]).toBeCloseTo(80, 10);
    expect(smoothed.precisions[3]).toBeCloseTo(100 / (2 * 2), 10);
    expect(() => corpusBleu(['a'], [])).toThrow();
  });

  // The proof that our scorer is sacreBLEU's: the published systems' outputs in
  // ../shared/eval give the published figures (rounded to 0.1), devtest and dev.
  const dir = findEvalDir();
  for (const direction of DIRECTIONS) {
    for (const split of ['test', 'dev'] as const) {
      it(`reproduces the published FLORES-101 ${split} BLEU figures, ${direction}`, () => {
        const set = loadSet(dir, 'flores101', direction, { split });
        const published = set.systems.filter((system) => system.bleu !== undefined);
        expect(published.map((system) => system.name)).toEqual(expect.arrayContaining(['argos', 'bergamot-base', 'google', 'microsoft', 'nllb', 'opusmt']));
        for (const system of published) {
          const score = corpusBleu(system.outputs, set.references).score;
          expect(Math.abs(score - system.bleu!), `${system.name}: ${score.toFixed(2)} vs ${system.bleu}`).toBeLessThanOrEqual(0.05);
        }
      });
    }
  }

  it('gives the figures the issue names: Google 33.7 / 45.1, Bergamot base 29.5 / 38.9, Argos 16.5 / 29.5', () => {
    const expected = { 'en-ar': { google: 33.7, 'bergamot-base': 29.5, argos: 16.5 }, 'ar-en': { google: 45.1, 'bergamot-base': 38.9, argos: 29.5 } };
    for (const direction of DIRECTIONS) {
      const set = loadSet(dir, 'flores101', direction);
      for (const [name, bleu] of Object.entries(expected[direction])) {
        const system = set.systems.find((s) => s.name === name)!;
        expect(corpusBleu(system.outputs, set.references).score.toFixed(1)).toBe(bleu.toFixed(1));
      }
    }
  });
});

describe('corpusChrf', () => {
  it('gives sacreBLEU\'s own chrF test figures (beta 3, no epsilon smoothing)', () => {
    expect(corpusChrf(['a'], ['a'], { beta: 3 })).toBeCloseTo(100, 8);
    expect(corpusChrf([''], ['reference'], { beta: 3 })).toBe(0);
    expect(corpusChrf(['a b c'], ['abc'], { beta: 3 })).toBeCloseTo(100, 8);
    expect(corpusChrf(['a', 'b'], ['a', 'c'], { beta: 3 })).toBeCloseTo(50, 8);
    expect(corpusChrf(['aa'], ['ab'], { beta: 3 })).toBeCloseTo(25, 8);
    expect(corpusChrf(['abcdefg'], ['hijklmnop'])).toBe(0);
  });

  it('weighs recall over precision (beta 2) and counts code points', () => {
    // Hypothesis "ab" against "abcd": orders 1-2 only; precision 1, recall 2/4 and 1/3.
    const recall = (2 / 4 + 1 / 3) / 2;
    expect(corpusChrf(['ab'], ['abcd'])).toBeCloseTo((100 * 5 * recall) / (4 * 1 + recall), 10);
    // One astral character is one character, as in Python.
    expect(corpusChrf(['😀x'], ['😀y'])).toBeCloseTo(corpusChrf(['ax'], ['ay']), 10);
  });

  it('ranks the published systems as their BLEU does on FLORES-101 devtest', () => {
    const dir = findEvalDir();
    for (const direction of DIRECTIONS) {
      const set = loadSet(dir, 'flores101', direction);
      const chrf = (name: string) => corpusChrf(set.systems.find((s) => s.name === name)!.outputs, set.references);
      expect(chrf('google')).toBeGreaterThan(chrf('bergamot-base'));
      expect(chrf('bergamot-base')).toBeGreaterThan(chrf('argos'));
      expect(chrf('argos')).toBeGreaterThan(30);
      expect(chrf('google')).toBeLessThan(80);
    }
  });
});
