import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { registerFormatters } from '../i18n/format';

/**
 * A component's markup as the server would send it, in `language`, with the real catalogs of
 * `namespaces` (the first is the default namespace; the others for texts it borrows, "billing:…").
 */
export async function renderMarkup(language: 'en' | 'ar', namespaces: string | string[], element: ReactElement): Promise<string> {
  const names = typeof namespaces === 'string' ? [namespaces] : namespaces;
  const catalog = (namespace: string) => JSON.parse(readFileSync(new URL(`../i18n/${language}/${namespace}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { [language]: Object.fromEntries(names.map((name) => [name, catalog(name)])) }, defaultNS: names[0], interpolation: { escapeValue: false } });
  // The app's own formatters ({{count, number}}, {{plan, planTitle}}), as web/src/i18n/index.ts registers them.
  registerFormatters(i18n);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}
