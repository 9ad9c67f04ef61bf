import type { NavigationType } from 'react-router';

/** How long a search box waits after the last keystroke before it searches (ms). */
export const SEARCH_DELAY_MS = 300;

/** The most characters a search sends (the address's parsers read no more back). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * The words a search box sends, and the words a screen reads back from its address: trimmed, at most
 * SEARCH_MAX_LENGTH characters. One function for both, so the words the box sent are the words the address gives back.
 */
export function searchWords(typed: string): string {
  // Trimmed again after the cut, so reading the sent words back gives the same words.
  return typed.trim().slice(0, SEARCH_MAX_LENGTH).trimEnd();
}

/** The history state a search box's own navigation carries: the words it sent. */
export interface SearchBoxState {
  searchBox: string;
}

export function searchBoxState(words: string): SearchBoxState {
  return { searchBox: words };
}

/**
 * Whether a search box takes the address's words (`addressed`) after the address changed: yes when the address
 * changed by itself (Back or Forward, a link, another control such as "Delete all"), no when it is the box's own
 * search arriving (a navigation that is not a step through the history, carrying the box's state with those words).
 * The box then keeps what the user has typed since: two of its searches in flight at once (the pause's and Enter's)
 * arrive one after the other, and the first must not set the box back to its older words.
 */
export function boxFollowsAddress(addressed: string, navigationType: `${NavigationType}`, state: unknown): boolean {
  if (navigationType === 'POP') return true;
  const sent = typeof state === 'object' && state !== null && 'searchBox' in state ? (state as SearchBoxState).searchBox : undefined;
  return sent !== addressed;
}
