import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CsrfTokens } from './csrf';

describe('CsrfTokens', () => {
  it('accepts a token only with the binding it was issued for, however often it is checked', () => {
    const tokens = new CsrfTokens(randomBytes(32), 4);
    const token = tokens.issue('session-a');
    for (let i = 0; i < 3; i++) {
      expect(tokens.isValid(token, 'session-a')).toBe(true);
      // A token found valid for one session is remembered with that session only.
      expect(tokens.isValid(token, 'session-b')).toBe(false);
      expect(tokens.isValid(token, '')).toBe(false);
    }
    const [nonce, signature] = token.split('.');
    const flipped = `${nonce}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    expect(tokens.isValid(flipped, 'session-a')).toBe(false);
    expect(tokens.isValid(`${token}.extra`, 'session-a')).toBe(false);
    // Another key signs differently: its own check refuses what this instance remembered.
    expect(new CsrfTokens(randomBytes(32)).isValid(token, 'session-a')).toBe(false);
  });

  it('keeps answering correctly once more tokens were checked than it remembers', () => {
    const tokens = new CsrfTokens(randomBytes(32), 4);
    const issued = Array.from({ length: 10 }, (_, i) => ({ binding: `s${i}`, token: tokens.issue(`s${i}`) }));
    for (const { binding, token } of issued) expect(tokens.isValid(token, binding)).toBe(true);
    for (const { binding, token } of issued) {
      expect(tokens.isValid(token, binding)).toBe(true);
      expect(tokens.isValid(token, `${binding}x`)).toBe(false);
    }
  });
});
