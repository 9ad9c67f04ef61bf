import { describe, expect, it } from 'vitest';
import { emailLinkActionFrom, emailLinkPageFrom, resetLinkFrom, socialErrorFrom, socialLoginHref, verifyStatusFrom, withoutEmailParam } from './auth.fns';

const params = (query: string) => new URLSearchParams(query);

describe('auth helpers', () => {
  it('reads the verification result the server redirects with', () => {
    expect(verifyStatusFrom(params('status=verified'))).toBe('verified');
    expect(verifyStatusFrom(params('status=already'))).toBe('already');
    expect(verifyStatusFrom(params('status=invalid'))).toBe('invalid');
    expect(verifyStatusFrom(params('status=email_changed'))).toBe('email_changed');
    expect(verifyStatusFrom(params('status=change_taken'))).toBe('change_taken');
    expect(verifyStatusFrom(params('status=confirm'))).toBe('confirm');
    expect(verifyStatusFrom(params('status=change_confirm'))).toBe('change_confirm');
    expect(verifyStatusFrom(params('status=whatever'))).toBe('unknown');
    expect(verifyStatusFrom(params(''))).toBe('unknown');
  });

  it('names the page by its flow: a change of address, or the verification', () => {
    for (const status of ['change_confirm', 'email_changed', 'change_expired', 'change_invalid', 'change_taken']) expect(emailLinkPageFrom(params(`status=${status}`))).toBe('emailChange');
    for (const status of ['confirm', 'verified', 'already', 'invalid', 'whatever']) expect(emailLinkPageFrom(params(`status=${status}`))).toBe('emailVerify');
  });

  it("rebuilds the POST and the look of a live link's page from checked parts only, never reading an address", () => {
    const token = 'Qx3_-abcdefghijklmnopqrstuvwxyz0123456789ABC';
    const change = { path: `/email/change/${token}`, look: `/api/email-change/${token}` };
    // The token only (the server names the address); a page from the earlier redirect, whose query named the address,
    // works the same and reads nothing from that address.
    expect(emailLinkActionFrom(params(`status=change_confirm&token=${token}`))).toEqual(change);
    expect(emailLinkActionFrom(params(`status=change_confirm&email=someone-else%40example.com&token=${token}`))).toEqual(change);
    const verify = `status=confirm&id=42&hash=${'a1'.repeat(20)}&expires=1999999999&signature=${'f0'.repeat(32)}`;
    const rest = `42/${'a1'.repeat(20)}?expires=1999999999&signature=${'f0'.repeat(32)}`;
    const verifying = { path: `/email/verify/${rest}`, look: `/api/email-verify/${rest}` };
    expect(emailLinkActionFrom(params(verify))).toEqual(verifying);
    expect(emailLinkActionFrom(params(`${verify}&email=someone-else%40example.com`))).toEqual(verifying);
    expect(emailLinkActionFrom(params(`${verify}&email=Your+account+was+hacked`))).toEqual(verifying);
    // A crafted page address cannot make the button post (nor the page look) elsewhere.
    expect(emailLinkActionFrom(params('status=change_confirm&email=new%40example.com&token=..'))).toBeNull();
    expect(emailLinkActionFrom(params('status=change_confirm&email=new%40example.com&token=x%2F..%2F..%2Fapi%2Fuser%2Fdelete-account'))).toBeNull();
    expect(emailLinkActionFrom(params(verify.replace('id=42', 'id=..')))).toBeNull();
    expect(emailLinkActionFrom(params(verify.replace('hash=a1', 'hash=..%2Fa1')))).toBeNull();
    expect(emailLinkActionFrom(params('status=change_confirm&email=new%40example.com'))).toBeNull();
    expect(emailLinkActionFrom(params(`status=verified&email=new%40example.com&token=${token}`))).toBeNull();
  });

  it("drops an old-form link's address from the page's URL, keeping the rest", () => {
    expect(withoutEmailParam('?status=confirm&email=huda%40example.com&id=42')).toBe('?status=confirm&id=42');
    expect(withoutEmailParam('?token=abc&email=a%2Bb%40example.com')).toBe('?token=abc');
    expect(withoutEmailParam('?email=a%40example.com')).toBe('');
    expect(withoutEmailParam('?token=abc')).toBeNull();
    expect(withoutEmailParam('')).toBeNull();
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

  it("reads a reset link's token alone, and its page's look", () => {
    expect(resetLinkFrom(params('token=a-b_c'))).toEqual({ token: 'a-b_c', look: '/api/password-reset/a-b_c' });
    // Links mailed before named the address: it is not read (the look names the account's).
    expect(resetLinkFrom(params('token=a-b_c&email=a%2Bb%40example.com'))).toEqual({ token: 'a-b_c', look: '/api/password-reset/a-b_c' });
    expect(resetLinkFrom(params(''))).toBeNull();
    expect(resetLinkFrom(params('token=..%2F..%2Fapi%2Fuser'))).toBeNull();
  });
});
