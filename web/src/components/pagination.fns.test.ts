import { describe, expect, it } from 'vitest';
import { pageCount } from './pagination.fns';

describe('pageCount', () => {
  it('counts whole pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(51, 25)).toBe(3);
    expect(pageCount(5, 0)).toBe(5);
  });
});
