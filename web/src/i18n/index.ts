// i18next set-up: catalogs are bundled (every i18n/<language>/<namespace>.json), the
// language comes from the `locale` cookie or the browser, and <html lang dir> follow it.

import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../api/types';
import { registerFormatters } from './format';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  localeCookieString,
  resolveInitialLanguage,
  textDirection,
  toLanguage,
} from './locale';

export const DEFAULT_NAMESPACE = 'common';

const catalogFiles = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function bundledResources(): Resource {
  const resources: Resource = {};
  for (const [path, catalog] of Object.entries(catalogFiles)) {
    const [, language, namespace] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (!language || !namespace) continue;
    resources[language] = { ...resources[language], [namespace]: catalog };
  }
  return resources;
}

const resources = bundledResources();

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

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
  defaultNS: DEFAULT_NAMESPACE,
  interpolation: { escapeValue: false }, // React escapes already.
  react: { useSuspense: false },
  initAsync: false,
});

registerFormatters(i18n);
applyDocumentLanguage(initialLanguage);

/** Switches the interface and remembers the choice in the `locale` cookie the server reads too. */
export function setLanguage(language: Language): Promise<unknown> {
  document.cookie = localeCookieString(language);
  return i18n.changeLanguage(language);
}
