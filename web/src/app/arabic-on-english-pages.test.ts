import { describe, expect, it } from 'vitest';
import englishCatalogs from '../i18n/catalog-en';
import { ARABIC_ON_ENGLISH_PAGES } from './arabic-on-english-pages';

const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/gu;

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

describe('the Arabic English pages show', () => {
  it('covers every Arabic letter of the English catalogs (another would load the whole Arabic font)', () => {
    const covered = new Set(ARABIC_ON_ENGLISH_PAGES.flatMap((entry) => [...entry.text]));
    const missing = texts(englishCatalogs).flatMap((text) => (text.match(ARABIC_LETTER) ?? []).filter((letter) => !covered.has(letter)).map((letter) => `${letter} in "${text}"`));
    expect(missing).toEqual([]);
  });
});
