import { describe, expect, it } from 'vitest';
import { resetParamsFrom, socialErrorFrom, socialLoginHref, verifyStatusFrom } from './auth.fns';

const params = (query: string) => new URLSearchParams(query);

describe('auth helpers', () => {
  it('reads the verification result the server redirects with', () => {
    expect(verifyStatusFrom(params('status=verified'))).toBe('verified');
    expect(verifyStatusFrom(params('status=already'))).toBe('already');
    expect(verifyStatusFrom(params('status=invalid'))).toBe('invalid');
    expect(verifyStatusFrom(params('status=email_changed'))).toBe('email_changed');
    expect(verifyStatusFrom(params('status=change_taken'))).toBe('change_taken');
    expect(verifyStatusFrom(params('status=whatever'))).toBe('unknown');
    expect(verifyStatusFrom(params(''))).toBe('unknown');
  });

  it('reads only the known social sign-in error codes', () => {
    expect(socialErrorFrom(params('social_error=email_taken'))).toBe('email_taken');
    expect(socialErrorFrom(params('social_error=<script>'))).toBeNull();
    expect(socialErrorFrom(params(''))).toBeNull();
  });

  it('starts a social sign-in at the server, carrying "remember me"', () => {
    expect(socialLoginHref('google')).toBe('/mt/login/google');
    expect(socialLoginHref('linkedin', true)).toBe('/mt/login/linkedin?remember=1');
  });

  it('reads the token and address of a reset link', () => {
    expect(resetParamsFrom(params('token=abc&email=a%2Bb%40example.com'))).toEqual({ token: 'abc', email: 'a+b@example.com' });
    expect(resetParamsFrom(params(''))).toEqual({ token: '', email: '' });
  });
});
