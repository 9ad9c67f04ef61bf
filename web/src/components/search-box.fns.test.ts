import { describe, expect, it } from 'vitest';
import { boxFollowsAddress, SEARCH_MAX_LENGTH, searchBoxState, searchWords } from './search-box.fns';

describe('search box', () => {
  it('sends the words trimmed and at most 200 characters, as the address is read back', () => {
    expect(searchWords('  invoice  ')).toBe('invoice');
    expect(searchWords(' الفاتورة جاهزة ')).toBe('الفاتورة جاهزة');
    expect(searchWords('   ')).toBe('');
    expect(searchWords(`${'x'.repeat(250)}`)).toHaveLength(SEARCH_MAX_LENGTH);
    // Cut, then trimmed again: never a space at the end that the address would not give back.
    expect(searchWords(` ${'x'.repeat(199)} y`)).toBe('x'.repeat(199));
    for (const typed of [' a b ', ` ${'x'.repeat(199)} y`, 'ليلى  ']) expect(searchWords(searchWords(typed))).toBe(searchWords(typed));
  });

  it('keeps the typing when its own searches arrive, even two at once (the pause and Enter)', () => {
    // The user typed "abc", the pause searched it, the user typed "d" and pressed Enter: "abc" arrives first.
    expect(boxFollowsAddress('abc', 'REPLACE', searchBoxState('abc'))).toBe(false);
    expect(boxFollowsAddress('abcd', 'REPLACE', searchBoxState('abcd'))).toBe(false);
    // Clearing the box is its own search too.
    expect(boxFollowsAddress('', 'REPLACE', searchBoxState(''))).toBe(false);
  });

  it('follows the address when it changed by itself', () => {
    // Back or Forward, even to an entry the box wrote, and a reload.
    expect(boxFollowsAddress('abc', 'POP', searchBoxState('abc'))).toBe(true);
    expect(boxFollowsAddress('abc', 'POP', null)).toBe(true);
    // A link or another control ("Delete all" clears the words).
    expect(boxFollowsAddress('', 'PUSH', null)).toBe(true);
    expect(boxFollowsAddress('abc', 'PUSH', { from: '/login' })).toBe(true);
    expect(boxFollowsAddress('abc', 'REPLACE', undefined)).toBe(true);
    // State naming other words is not this search's.
    expect(boxFollowsAddress('abc', 'REPLACE', searchBoxState('ab'))).toBe(true);
    expect(boxFollowsAddress('abc', 'PUSH', 'searchBox')).toBe(true);
  });
});
