// i18next set-up: each language's catalogs (every i18n/<language>/<namespace>.json) are one
// chunk of their own, loaded before the first render for the language in use and on switching;
// the language comes from the `locale` cookie or the browser, and <html lang dir> follow it.
// The server names the first language's chunk in index.html (modulepreload), so it arrives
// with the app's own code rather than after it.

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../api/types';
import { registerFormatters } from './format';
import {
  SUPPORTED_LANGUAGES,
  localeCookieString,
  resolveInitialLanguage,
  textDirection,
  toLanguage,
} from './locale';

export const DEFAULT_NAMESPACE = 'common';

const catalogChunks: Record<Language, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  en: () => import('./catalog-en'),
  ar: () => import('./catalog-ar'),
};

/** Loads a language's catalogs once (every namespace), before i18next is asked to speak it. */
async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, DEFAULT_NAMESPACE)) return;
  const { default: files } = await catalogChunks[language]();
  for (const [file, catalog] of Object.entries(files)) {
    const namespace = /\/([^/]+)\.json$/.exec(file)?.[1];
    if (namespace) i18n.addResourceBundle(language, namespace, catalog, true, true);
  }
}

export const i18n = i18next.createInstance();

/** Sets <html lang> and <html dir>, so the whole page, CSS logical properties included, follows. */
function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}

const initialLanguage = resolveInitialLanguage({
  cookies: document.cookie,
  browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language ?? ''],
});

i18n.on('languageChanged', (language) => applyDocumentLanguage(toLanguage(language)));

/**
 * Resolves once the first language's catalogs are in and i18next speaks it: the app renders
 * after this. Only that language is loaded: every key exists in both (the catalogs test), so
 * nothing falls back to the other one.
 */
export const i18nReady: Promise<void> = (async () => {
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: initialLanguage,
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false }, // React escapes already.
    react: { useSuspense: false },
    initAsync: false,
  });
  registerFormatters(i18n);
  await loadLanguage(initialLanguage);
  applyDocumentLanguage(initialLanguage);
})();

/** Switches the interface and remembers the choice in the `locale` cookie the server reads too. */
export async function setLanguage(language: Language): Promise<unknown> {
  document.cookie = localeCookieString(language);
  await loadLanguage(language);
  return i18n.changeLanguage(language);
}
