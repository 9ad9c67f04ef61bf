import { describe, expect, it } from 'vitest';
import { emailNotVerifiedError, hasSignedInHint, isEmailNotVerified, signedInHint } from './use-current-user';

describe('hasSignedInHint', () => {
  it('sees the server-set signed-in cookie among the others, and nothing else', () => {
    expect(hasSignedInHint('locale=ar; lisan_signed_in=1; XSRF-TOKEN=abc')).toBe(true);
    expect(hasSignedInHint('lisan_signed_in=1')).toBe(true);
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('locale=en; XSRF-TOKEN=abc')).toBe(false);
    expect(hasSignedInHint('lisan_signed_in_old=1; not_lisan_signed_in=1')).toBe(false);
  });
});

describe('signedInHint', () => {
  it('tells a guest, a verified and an unverified user apart by the hint\'s value', () => {
    expect(signedInHint('locale=ar; XSRF-TOKEN=abc')).toBeNull();
    expect(signedInHint('locale=ar; lisan_signed_in=1; XSRF-TOKEN=abc')).toBe('verified');
    expect(signedInHint('lisan_signed_in=unverified')).toBe('unverified');
    expect(hasSignedInHint('lisan_signed_in=unverified')).toBe(true);
    // Only the exact value means unverified; anything else the server set means signed in.
    expect(signedInHint('lisan_signed_in=unverified_old')).toBe('verified');
    expect(signedInHint('not_lisan_signed_in=unverified')).toBeNull();
  });
});

describe('emailNotVerifiedError', () => {
  it('is the 450 the user call would answer, so the /check-email redirect and pages treat it alike', () => {
    const error = emailNotVerifiedError();
    expect(error.status).toBe(450);
    expect(isEmailNotVerified(error)).toBe(true);
    expect(error.message).toBe('Your email address is not verified.');
  });
});
