/** localStorage key of the cookie-consent choice. */
export const CONSENT_STORAGE_KEY = 'lisan.consent';

export type ConsentChoice = 'accepted' | 'declined';

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/** The stored choice, or null when none was made (or storage is unavailable). */
export function readConsent(storage: ReadableStorage | null | undefined): ConsentChoice | null {
  try {
    const value = storage?.getItem(CONSENT_STORAGE_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null; // Storage blocked (privacy mode): ask again next time.
  }
}

/** Stores the choice; returns false when the browser refuses storage. */
export function writeConsent(storage: WritableStorage | null | undefined, choice: ConsentChoice): boolean {
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, choice);
    return storage != null;
  } catch {
    return false;
  }
}
