import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '../i18n/messages';

/** The web app's page (index.html) as each language's first visit gets it, with its validator. */
export interface WebPage {
  html: string;
  etag: string;
}

const LOCALES: readonly Locale[] = ['en', 'ar'];

/**
 * The built index.html, once per language: `<html lang dir>` set as the app will set them, and
 * the language's catalog chunk (`assets/catalog-<language>-<hash>.js`, web/src/i18n/index.ts)
 * named as a module preload, so the browser fetches it with the app's code instead of after it
 * (the app loads only the language it speaks). A build without such chunks gets the page as is.
 */
export function webPages(distDir: string): Record<Locale, WebPage> {
  const index = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  let assets: string[] = [];
  try {
    assets = fs.readdirSync(path.join(distDir, 'assets'));
  } catch {
    // no assets folder: nothing to preload
  }
  const pages = {} as Record<Locale, WebPage>;
  for (const locale of LOCALES) {
    const chunk = assets.find((name) => new RegExp(`^catalog-${locale}-[\\w-]{8,}\\.js$`).test(name));
    let html = index.replace(/<html\b[^>]*>/i, `<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
    if (chunk) html = html.replace(/<\/head>/i, `  <link rel="modulepreload" crossorigin href="/assets/${chunk}">\n  </head>`);
    pages[locale] = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
  }
  return pages;
}
