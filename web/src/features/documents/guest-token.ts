const STORAGE_KEY = 'lisan.guestToken';

/**
 * The guest's browser token (API.md: guests are counted by it and by their IP). Created once
 * and kept in localStorage, so a visitor can follow and download their own documents.
 */
export function guestToken(): string {
  try {
    const existing = window.localStorage.getItem(STORAGE_KEY);
    if (existing && /^[A-Za-z0-9_-]{8,128}$/.test(existing)) return existing;
    const token = crypto.randomUUID().replace(/-/g, '');
    window.localStorage.setItem(STORAGE_KEY, token);
    return token;
  } catch {
    // Storage disabled: a token for this page view only.
    return crypto.randomUUID().replace(/-/g, '');
  }
}
