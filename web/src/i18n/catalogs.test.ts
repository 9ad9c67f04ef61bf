// The English and Arabic catalogs must stay in step: same namespaces, same keys,
// no empty texts, the same {{placeholders}}, and Arabic texts written in Arabic.

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const catalogRoot = fileURLToPath(new URL('.', import.meta.url));
const LANGUAGES = ['en', 'ar'] as const;

/** Arabic texts that are not Arabic on purpose: the switch names the other language in its own script. */
const ARABIC_SCRIPT_EXCEPTIONS = new Set(['common:language.switchLabel']);

type Leaves = Map<string, unknown>;

function namespacesOf(language: string): string[] {
  return readdirSync(`${catalogRoot}/${language}`)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

function loadCatalog(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(`${catalogRoot}/${language}/${namespace}.json`, 'utf8'));
}

/** Every leaf of a nested catalog, keyed by its dotted path (array items by index). */
function collectLeaves(value: unknown, path: string, leaves: Leaves = new Map()): Leaves {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    for (const [key, child] of entries) collectLeaves(child, path ? `${path}.${key}` : key, leaves);
    if (entries.length === 0) leaves.set(path, value);
    return leaves;
  }
  leaves.set(path, value);
  return leaves;
}

function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((match) => match[1]).sort();
}

const namespaces = [...new Set(LANGUAGES.flatMap(namespacesOf))].sort();

describe('i18n catalogs', () => {
  it('have the default namespace "common" in both languages', () => {
    expect(namespaces).toContain('common');
  });

  it('have the same namespace files in every language', () => {
    for (const language of LANGUAGES) expect(namespacesOf(language), language).toEqual(namespaces);
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    const leavesByLanguage = Object.fromEntries(
      LANGUAGES.map((language) => [language, collectLeaves(loadCatalog(language, namespace), '')]),
    ) as Record<(typeof LANGUAGES)[number], Leaves>;

    it('has every key in both languages', () => {
      for (const language of LANGUAGES) {
        for (const other of LANGUAGES) {
          const missing = [...leavesByLanguage[other].keys()].filter((key) => !leavesByLanguage[language].has(key));
          expect(missing, `keys of ${other}/${namespace}.json missing from ${language}/${namespace}.json`).toEqual([]);
        }
      }
    });

    it('has no empty or non-text value', () => {
      for (const language of LANGUAGES) {
        const bad = [...leavesByLanguage[language]].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
        expect(bad.map(([key]) => key), `empty values in ${language}/${namespace}.json`).toEqual([]);
      }
    });

    it('uses the same placeholders in both languages', () => {
      for (const [key, english] of leavesByLanguage.en) {
        const arabic = leavesByLanguage.ar.get(key);
        if (typeof english !== 'string' || typeof arabic !== 'string') continue;
        expect(placeholdersOf(arabic), `${namespace}:${key}`).toEqual(placeholdersOf(english));
      }
    });

    it('writes the Arabic texts in Arabic script', () => {
      const notArabic = [...leavesByLanguage.ar]
        .filter(([key]) => !ARABIC_SCRIPT_EXCEPTIONS.has(`${namespace}:${key}`))
        .filter(([, value]) => typeof value === 'string' && !/[\u0600-\u06FF]/.test(value))
        .map(([key]) => key);
      expect(notArabic, `Arabic texts without Arabic letters in ar/${namespace}.json`).toEqual([]);
    });
  });
});
