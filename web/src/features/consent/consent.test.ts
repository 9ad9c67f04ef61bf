import { describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY, readConsent, writeConsent } from './consent';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('consent storage', () => {
  it('stores the choice under lisan.consent', () => {
    const storage = memoryStorage();
    expect(writeConsent(storage, 'accepted')).toBe(true);
    expect(storage.values.get(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(readConsent(storage)).toBe('accepted');
    writeConsent(storage, 'declined');
    expect(readConsent(storage)).toBe('declined');
  });

  it('reads no choice from an empty, unknown or blocked storage', () => {
    expect(readConsent(memoryStorage())).toBeNull();
    expect(readConsent(memoryStorage({ [CONSENT_STORAGE_KEY]: 'maybe' }))).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readConsent(blocked)).toBeNull();
    expect(writeConsent(blocked, 'accepted')).toBe(false);
  });
});
