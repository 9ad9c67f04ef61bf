import { useCallback, useSyncExternalStore } from 'react';
import { CONSENT_STORAGE_KEY, readConsent, writeConsent, type ConsentChoice } from './consent';

// One shared store so every component sees a choice at once, and other tabs through
// the storage event. When storage is blocked the choice lives for this page view only.
const listeners = new Set<() => void>();
let choiceForThisPage: ConsentChoice | null = null;

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function currentChoice(): ConsentChoice | null {
  return readConsent(browserStorage()) ?? choiceForThisPage;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's cookie-consent choice ("accepted", "declined" or null) and the way to record it. */
export function useConsent(): {
  choice: ConsentChoice | null;
  accepted: boolean;
  accept: () => void;
  decline: () => void;
} {
  const choice = useSyncExternalStore(subscribe, currentChoice, () => null);
  const choose = useCallback((next: ConsentChoice) => {
    choiceForThisPage = next;
    writeConsent(browserStorage(), next);
    for (const listener of listeners) listener();
  }, []);
  return {
    choice,
    accepted: choice === 'accepted',
    accept: useCallback(() => choose('accepted'), [choose]),
    decline: useCallback(() => choose('declined'), [choose]),
  };
}
