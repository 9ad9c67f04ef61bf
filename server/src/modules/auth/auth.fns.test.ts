import { describe, expect, it } from 'vitest';
import { emailHash, homePathFor, isEmailVerifiedClaim, isValidVerificationSignature, nameFromClaims, passwordResetUrl, signedVerificationUrl } from './auth.fns';

const key = Buffer.alloc(32, 7);

describe('signed verification links', () => {
  const now = new Date('2025-03-01T10:00:00Z');
  const url = new URL(signedVerificationUrl({ appUrl: 'https://lisan.example', key, userId: 42, email: 'Huda@Example.com', expiresAt: new Date(now.getTime() + 3_600_000) }));
  const [, , , id, hash] = url.pathname.split('/');
  const check = (overrides: Partial<Parameters<typeof isValidVerificationSignature>[0]> = {}) =>
    isValidVerificationSignature({ key, id: id!, hash: hash!, expires: url.searchParams.get('expires')!, signature: url.searchParams.get('signature')!, now, ...overrides });

  it('has the Laravel shape: /email/verify/{id}/{sha1 of the address}?expires=&signature=', () => {
    expect(url.pathname).toBe(`/email/verify/42/${emailHash('huda@example.com')}`);
    expect(hash).toMatch(/^[0-9a-f]{40}$/);
    expect(Number(url.searchParams.get('expires'))).toBe(now.getTime() / 1000 + 3600);
  });

  it('accepts its own link until it expires', () => {
    expect(check()).toBe(true);
    expect(check({ now: new Date(now.getTime() + 3_599_000) })).toBe(true);
    expect(check({ now: new Date(now.getTime() + 3_600_000) })).toBe(false);
  });

  it('refuses any change to id, hash, expiry or signature, and another key', () => {
    expect(check({ id: '43' })).toBe(false);
    expect(check({ hash: emailHash('other@example.com') })).toBe(false);
    expect(check({ expires: String(Number(url.searchParams.get('expires')) + 1) })).toBe(false);
    expect(check({ signature: '0'.repeat(64) })).toBe(false);
    expect(check({ signature: undefined })).toBe(false);
    expect(check({ key: Buffer.alloc(32, 8) })).toBe(false);
    expect(check({ id: '1; drop table users' })).toBe(false);
  });
});

describe('small helpers', () => {
  it('builds the reset link of the web app with the token and address encoded', () => {
    expect(passwordResetUrl('https://lisan.example', 'a-b_c')).toBe('https://lisan.example/reset-password?token=a-b_c');
  });

  it('sends admins to the plan list and everyone else to the dashboard', () => {
    expect(homePathFor(1)).toBe('/admin/plans');
    expect(homePathFor(2)).toBe('/dashboard');
    expect(homePathFor(5)).toBe('/dashboard');
  });

  it('reads a display name from OpenID Connect claims', () => {
    expect(nameFromClaims({ name: ' Layla Haddad ' }, 'l@example.com')).toBe('Layla Haddad');
    expect(nameFromClaims({ given_name: 'Sami', family_name: 'Nasser' }, 's@example.com')).toBe('Sami Nasser');
    expect(nameFromClaims({}, 'omar.k@example.com')).toBe('omar.k');
  });

  it('treats only true (or "true") as a verified address', () => {
    expect(isEmailVerifiedClaim(true)).toBe(true);
    expect(isEmailVerifiedClaim('true')).toBe(true);
    for (const value of [false, 'false', undefined, 1, 'yes']) expect(isEmailVerifiedClaim(value)).toBe(false);
  });
});
