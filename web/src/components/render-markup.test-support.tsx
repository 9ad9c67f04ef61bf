import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';

/** A component's markup as the server would send it, in `language`, with the real catalog of `namespace` (its default namespace). */
export async function renderMarkup(language: 'en' | 'ar', namespace: string, element: ReactElement): Promise<string> {
  const catalog = JSON.parse(readFileSync(new URL(`../i18n/${language}/${namespace}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { [language]: { [namespace]: catalog } }, defaultNS: namespace, interpolation: { escapeValue: false } });
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}
