import { describe, expect, it } from 'vitest';
import { blockedStorage, memoryStorage } from '../../../../tests/fakes/storage';
import { CONSENT_STORAGE_KEY, readConsent, writeConsent } from './consent';

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
    const blocked = blockedStorage();
    expect(readConsent(blocked)).toBeNull();
    expect(writeConsent(blocked, 'accepted')).toBe(false);
  });
});
