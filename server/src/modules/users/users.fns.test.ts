import { describe, expect, it } from 'vitest';
import { accountDeletionBlocker, detectImageType, FIRST_SESSION_WINDOW_MS, isFirstSession, readCompanyInfo, readPersonalInfo } from './users.fns';

describe('detectImageType', () => {
  it('recognises PNG, JPEG and WebP by their first bytes', () => {
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpg');
    expect(detectImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8L')]))).toBe('webp');
  });

  it('refuses everything else, truncated headers included', () => {
    for (const content of ['GIF89a', '<svg xmlns="http://www.w3.org/2000/svg"/>', '<html>', 'RIFF....WAVEfmt ', '']) {
      expect(detectImageType(Buffer.from(content)), content).toBeNull();
    }
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

describe('stored profile info', () => {
  it('reads personal and company info with defaults, dropping a malformed logo name', () => {
    expect(readPersonalInfo({ phone: '+1', extra: 'x' })).toEqual({ phone: '+1', job_title: '', country: '' });
    expect(readCompanyInfo({ name: 'ACME', logo: '../../etc/passwd' })).toEqual({ name: 'ACME', website: '', address: '', logo: '' });
    expect(readCompanyInfo({ logo: 'AAAAAAAAAAAAAAAAAAAAAA.png' }).logo).toBe('AAAAAAAAAAAAAAAAAAAAAA.png');
    expect(readCompanyInfo(null)).toEqual({ name: '', website: '', address: '', logo: '' });
  });
});

describe('accountDeletionBlocker', () => {
  it('stops the owner of a team and nobody else', () => {
    expect(accountDeletionBlocker({ id: 7 }, { ownerId: 7 })).toBe('users.team_owner_cannot_delete');
    expect(accountDeletionBlocker({ id: 8 }, { ownerId: 7 })).toBeNull(); // a member or manager of that team
    expect(accountDeletionBlocker({ id: 7 }, null)).toBeNull();
  });
});

describe('isFirstSession', () => {
  const firstSignedInAt = new Date('2026-11-28T09:00:00Z');
  const startedAfter = (ms: number) => isFirstSession({ firstSignedInAt }, { startedAt: new Date(firstSignedInAt.getTime() + ms) });

  it("is the account's first visit when the session is its first one, or began soon after it", () => {
    expect(startedAfter(0)).toBe(true);
    expect(startedAfter(3_000)).toBe(true); // a sign-in on another device, where the verification link was opened
    expect(startedAfter(FIRST_SESSION_WINDOW_MS - 1)).toBe(true);
    expect(FIRST_SESSION_WINDOW_MS).toBe(60 * 60_000);
  });

  it('is the first visit when the account has had no session yet (an admin made at first start, signing in days later)', () => {
    expect(isFirstSession({ firstSignedInAt: null }, { startedAt: new Date('2026-12-30T09:00:00Z') })).toBe(true);
  });

  it("is a return when the session began an hour or more after the account's first one", () => {
    expect(startedAfter(FIRST_SESSION_WINDOW_MS)).toBe(false);
    expect(startedAfter(2 * 86_400_000)).toBe(false);
  });
});
