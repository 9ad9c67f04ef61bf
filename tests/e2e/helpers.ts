import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');
export const dataDir = () => inject('dataDir');

/** Screenshots land here for a person to look at (npm test prints the folder). */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-results/screenshots');

let browser: Promise<Browser> | null = null;

/** The one Chromium started by global-setup, shared by every test file. */
export function sharedBrowser(): Promise<Browser> {
  browser ??= chromium.connect(inject('wsEndpoint'));
  return browser;
}

export async function closeBrowserConnection() {
  if (browser) await (await browser).close();
  browser = null;
}

/** A fresh browser context (own cookies) in the given UI language. */
export async function newContext(locale: 'en' | 'ar' = 'en'): Promise<BrowserContext> {
  const context = await (await sharedBrowser()).newContext({
    baseURL: baseUrl(),
    locale: locale === 'ar' ? 'ar-SA' : 'en-US',
    viewport: { width: 1280, height: 900 },
  });
  await context.addCookies([{ name: 'locale', value: locale, url: baseUrl() }]);
  return context;
}

export async function screenshot(page: Page, name: string) {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Mail written by the server to DATA_DIR/mail (no MAIL_URL in the browser tests), newest last. */
export async function readOutbox(): Promise<Array<{ file: string; raw: string }>> {
  const dir = path.join(dataDir(), 'mail');
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map(async (name) => ({ file: name, raw: await fs.readFile(path.join(dir, name), 'utf8') })));
}

/** Waits until a mail to `to` appears in the outbox (the mail job runs in the background). */
export async function waitForMail(to: string, predicate: (raw: string) => boolean = () => true, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = (await readOutbox()).reverse().find((mail) => mail.raw.includes(to) && predicate(mail.raw));
    if (match) return match.raw;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
}
