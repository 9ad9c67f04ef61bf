import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './use-current-user';

describe('hasSignedInHint', () => {
  it('sees the server-set signed-in cookie among the others, and nothing else', () => {
    expect(hasSignedInHint('locale=ar; lisan_signed_in=1; XSRF-TOKEN=abc')).toBe(true);
    expect(hasSignedInHint('lisan_signed_in=1')).toBe(true);
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('locale=en; XSRF-TOKEN=abc')).toBe(false);
    expect(hasSignedInHint('lisan_signed_in_old=1; not_lisan_signed_in=1')).toBe(false);
  });
});
