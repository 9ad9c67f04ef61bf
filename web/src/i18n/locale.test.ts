import { describe, expect, it } from 'vitest';
import { languageFromLocale, localeCookieString, resolveInitialLanguage, textDirection } from './locale';

describe('languageFromLocale', () => {
  it('reads English for English locales and Arabic for any other', () => {
    expect(languageFromLocale('en')).toBe('en');
    expect(languageFromLocale('en-GB')).toBe('en');
    expect(languageFromLocale('ar')).toBe('ar');
    expect(languageFromLocale('ar-SA')).toBe('ar');
    expect(languageFromLocale('fr')).toBe('ar');
  });

  it('reads nothing from an empty value', () => {
    expect(languageFromLocale('')).toBeNull();
    expect(languageFromLocale(undefined)).toBeNull();
    expect(languageFromLocale(null)).toBeNull();
  });
});

describe('resolveInitialLanguage', () => {
  it('prefers the locale cookie over the browser', () => {
    expect(resolveInitialLanguage({ cookies: 'a=1; locale=ar', browserLanguages: ['en-US'] })).toBe('ar');
    expect(resolveInitialLanguage({ cookies: 'locale=en', browserLanguages: ['ar'] })).toBe('en');
  });

  it('uses the browser language when no cookie is set', () => {
    expect(resolveInitialLanguage({ cookies: '', browserLanguages: ['ar-EG', 'en'] })).toBe('ar');
    expect(resolveInitialLanguage({ cookies: 'XSRF-TOKEN=x', browserLanguages: ['en-US'] })).toBe('en');
  });

  it('defaults to English when nothing is set', () => {
    expect(resolveInitialLanguage({ cookies: '', browserLanguages: [] })).toBe('en');
    expect(resolveInitialLanguage({ cookies: 'locale=', browserLanguages: [''] })).toBe('en');
  });
});

describe('locale cookie and direction', () => {
  it('persists the choice site-wide for a year', () => {
    expect(localeCookieString('ar')).toBe('locale=ar; path=/; max-age=31536000; SameSite=Lax');
  });

  it('writes Arabic right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('en')).toBe('ltr');
  });
});
