import { describe, expect, it } from 'vitest';
import { importTookNothing } from './glossary.fns';

const answer = (data: { added?: number; updated?: number; unchanged?: number; skipped?: number }) => ({
  status: 200,
  message: '',
  data: { added: data.added ?? 0, updated: data.updated ?? 0, unchanged: data.unchanged ?? 0, reversed: 0, skipped: Array.from({ length: data.skipped ?? 0 }, (_, index) => ({ line: index + 1, errors: { source_lang: ['x'] } })) },
});

describe('importTookNothing', () => {
  it('is true when every line of the file was skipped (columns that are not a glossary’s)', () => {
    expect(importTookNothing(answer({ skipped: 3 }))).toBe(true);
  });

  it('is false when any line was added, updated or already there, or nothing was skipped', () => {
    expect(importTookNothing(answer({ added: 1, skipped: 3 }))).toBe(false);
    expect(importTookNothing(answer({ updated: 1, skipped: 3 }))).toBe(false);
    expect(importTookNothing(answer({ unchanged: 2, skipped: 1 }))).toBe(false);
    expect(importTookNothing(answer({ added: 2 }))).toBe(false);
  });
});
