import { describe, expect, it } from 'vitest';
import { messages, normalizeLocale, t } from './messages';

describe('server message catalogs', () => {
  it('has every key in both languages, none empty', () => {
    const en = Object.keys(messages.en).sort();
    const ar = Object.keys(messages.ar).sort();
    expect(ar).toEqual(en);
    for (const locale of ['en', 'ar'] as const) {
      for (const [key, value] of Object.entries(messages[locale])) expect(value.trim(), `${locale}:${key}`).not.toBe('');
    }
  });

  it('keeps the same placeholders in both languages', () => {
    for (const key of Object.keys(messages.en)) {
      const names = (text: string) => (text.match(/:[a-z_]+/g) ?? []).sort();
      expect(names(messages.ar[key]!), key).toEqual(names(messages.en[key]!));
    }
  });

  it('uses the spec wording in English', () => {
    expect(t('en', 'validation.email_format')).toBe('wrong email');
    expect(t('en', 'validation.name_required')).toBe('Name is required');
    expect(t('en', 'error.generic')).toBe('Whoops! Something went wrong.');
  });

  it('fills placeholders and passes literal messages through', () => {
    expect(t('en', 'error.too_many_requests', { seconds: 5 })).toContain('5 seconds');
    expect(t('ar', 'Some literal message')).toBe('Some literal message');
  });

  it('maps locales as the spec says: en is English, anything else Arabic', () => {
    expect(normalizeLocale('en')).toBe('en');
    expect(normalizeLocale('en-US')).toBe('en');
    expect(normalizeLocale('ar')).toBe('ar');
    expect(normalizeLocale('fr')).toBe('ar');
    expect(normalizeLocale('')).toBeUndefined();
  });
});
