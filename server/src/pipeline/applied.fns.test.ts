import { describe, expect, it } from 'vitest';
import { APPLIED_TERMS_SHOWN, hasApplied, mergeApplied, REVIEWED_ORIGIN, reviewedApplied, shownApplied, summariseApplied, termsCarried } from './applied.fns';

const lisan = { source: 'Lisan', target: 'لسان' };
const board = { source: 'board', target: 'مجلس الإدارة' };

describe('summariseApplied', () => {
  it('counts memory segments (fuzzy ones apart too) and, per term, the segments it was applied in, most used first', () => {
    const summary = summariseApplied([
      { origin: 'memory' },
      { origin: 'memory-fuzzy' },
      { origin: 'local', glossaryTerms: [board] },
      { origin: 'local', glossaryTerms: [lisan, board] },
      { origin: 'dictionary' },
    ]);
    expect(summary).toEqual({
      memory_segments: 2,
      memory_fuzzy_segments: 1,
      correction_segments: 0,
      glossary_terms: [
        { ...board, count: 2 },
        { ...lisan, count: 1 },
      ],
      glossary_term_count: 2,
    });
    expect(hasApplied(summary)).toBe(true);
  });

  it('counts sentences answered by an approved correction as corrections, not as memory (a fuzzy hit of one stays memory)', () => {
    const summary = summariseApplied([{ origin: 'memory-correction' }, { origin: 'memory-correction' }, { origin: 'memory' }, { origin: 'memory-fuzzy' }, { origin: 'local' }]);
    expect(summary).toMatchObject({ memory_segments: 2, memory_fuzzy_segments: 1, correction_segments: 2 });
    const onlyCorrections = summariseApplied([{ origin: 'memory-correction' }, { origin: 'local' }]);
    expect(onlyCorrections).toMatchObject({ memory_segments: 0, memory_fuzzy_segments: 0, correction_segments: 1 });
    expect(hasApplied(onlyCorrections)).toBe(true);
  });

  it('says nothing for an engine-only translation', () => {
    const summary = summariseApplied([{ origin: 'local' }, { origin: 'local', glossaryTerms: [] }]);
    expect(summary).toEqual({ memory_segments: 0, memory_fuzzy_segments: 0, correction_segments: 0, glossary_terms: [], glossary_term_count: 0 });
    expect(hasApplied(summary)).toBe(false);
    expect(hasApplied(null)).toBe(false);
  });

  it('cuts the list, never the count of different terms', () => {
    const segments = Array.from({ length: 30 }, (_, i) => ({ origin: 'local', glossaryTerms: [{ source: `term ${String(i).padStart(2, '0')}`, target: `مصطلح ${i}` }] }));
    const summary = summariseApplied(segments, 5);
    expect(summary.glossary_terms.map((term) => term.source)).toEqual(['term 00', 'term 01', 'term 02', 'term 03', 'term 04']);
    expect(summary.glossary_term_count).toBe(30);
  });
});

describe('mergeApplied', () => {
  it('adds stored parts up, skipping missing ones, and lists the first terms', () => {
    const first = summariseApplied([{ origin: 'memory' }, { origin: 'local', glossaryTerms: [lisan] }]);
    const second = summariseApplied([{ origin: 'memory-fuzzy', glossaryTerms: [lisan] }, { origin: 'local', glossaryTerms: [board] }]);
    expect(mergeApplied([first, null, second, undefined])).toEqual({
      memory_segments: 2,
      memory_fuzzy_segments: 1,
      correction_segments: 0,
      glossary_terms: [
        { ...lisan, count: 2 },
        { ...board, count: 1 },
      ],
      glossary_term_count: 2,
    });
    expect(mergeApplied([])).toEqual({ memory_segments: 0, memory_fuzzy_segments: 0, correction_segments: 0, glossary_terms: [], glossary_term_count: 0 });
  });

  it('adds corrections up, a summary stored before they were counted apart adding none', () => {
    const older = { memory_segments: 3, memory_fuzzy_segments: 0, glossary_terms: [], glossary_term_count: 0 };
    const newer = summariseApplied([{ origin: 'memory-correction' }, { origin: 'memory' }]);
    expect(mergeApplied([older, newer])).toMatchObject({ memory_segments: 4, correction_segments: 1 });
    expect(shownApplied(older)).toMatchObject({ memory_segments: 3, correction_segments: 0 });
  });

  it('keeps a part’s own count of different terms when its list was cut', () => {
    const many = summariseApplied(
      Array.from({ length: 40 }, (_, i) => ({ origin: 'local', glossaryTerms: [{ source: `t${i}`, target: `م${i}` }] })),
      10,
    );
    const merged = mergeApplied([many, summariseApplied([{ origin: 'local', glossaryTerms: [lisan] }])]);
    expect(merged.glossary_terms).toHaveLength(11);
    expect(merged.glossary_term_count).toBe(40);
  });

  it('answers show the first terms of a stored summary', () => {
    const stored = summariseApplied(Array.from({ length: 50 }, (_, i) => ({ origin: 'local', glossaryTerms: [{ source: `t${i}`, target: `م${i}` }] })));
    expect(shownApplied(stored)!.glossary_terms).toHaveLength(APPLIED_TERMS_SHOWN);
    expect(shownApplied(stored)!.glossary_term_count).toBe(50);
    expect(shownApplied(null)).toBeNull();
  });
});

describe('reviewedApplied', () => {
  it('counts reviewed segments as corrections, each once, taking them from memory and fuzzy hits; the terms stay', () => {
    const origins = ['memory', 'memory-fuzzy', 'memory-correction', 'local', 'dictionary'];
    const stored = summariseApplied(origins.map((origin, i) => ({ origin, ...(i === 3 ? { glossaryTerms: [board] } : {}) })));
    expect(stored).toMatchObject({ memory_segments: 2, memory_fuzzy_segments: 1, correction_segments: 1 });

    // The fuzzy hit, the correction and an engine segment reviewed: three corrections, one memory segment left.
    const reviewed = origins.map((origin, i) => (i === 1 || i === 2 || i === 4 ? REVIEWED_ORIGIN : origin));
    const once = reviewedApplied(stored, reviewed);
    expect(once).toEqual({ ...stored, memory_segments: 1, memory_fuzzy_segments: 0, correction_segments: 3 });
    // Reviewed again: nothing is counted twice.
    expect(reviewedApplied(once, reviewed)).toEqual(once);
  });

  it("counts the terms again from each segment's terms when the page keeps them: a term a review dropped leaves the summary", () => {
    const origins = ['local', 'local', 'memory'];
    const terms = [[board, lisan], [board], []];
    const stored = summariseApplied(origins.map((origin, i) => ({ origin, glossaryTerms: terms[i] })));
    expect(stored.glossary_terms).toEqual([{ ...board, count: 2 }, { ...lisan, count: 1 }]);

    // The first segment reviewed: its new words carry the board's rendering but not Lisan's.
    const reviewedText = 'قرّر مجلس الإدارة ذلك';
    const reviewedTerms = terms.map((list, i) => (i === 0 ? termsCarried(list, reviewedText) : list));
    expect(reviewedTerms[0]).toEqual([board]);
    const reviewed = reviewedApplied(stored, [REVIEWED_ORIGIN, 'local', 'memory'], reviewedTerms);
    expect(reviewed).toEqual({ memory_segments: 1, memory_fuzzy_segments: 0, correction_segments: 1, glossary_terms: [{ ...board, count: 2 }], glossary_term_count: 1 });
    // The second segment reviewed without the term: no term is left.
    const none = reviewedTerms.map((list, i) => (i === 1 ? termsCarried(list, 'اعتمدته الإدارة') : list));
    none[0] = termsCarried(none[0]!, 'قرّرت الإدارة ذلك');
    expect(reviewedApplied(reviewed, [REVIEWED_ORIGIN, REVIEWED_ORIGIN, 'memory'], none)).toEqual({ memory_segments: 1, memory_fuzzy_segments: 0, correction_segments: 2, glossary_terms: [], glossary_term_count: 0 });
    // Without the segments' terms (a page translated before they were kept) the terms stay.
    expect(reviewedApplied(stored, [REVIEWED_ORIGIN, 'local', 'memory'], null).glossary_terms).toEqual(stored.glossary_terms);
  });
});
