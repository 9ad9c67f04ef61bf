import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { inject } from 'vitest';
import { E2E_ADMIN } from './global-setup';

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

/**
 * A page in a fresh context whose cookie choice is made (the banner does not cover the
 * screens), at the desktop size of the screenshots; `contexts` collects it for closing.
 */
export async function newConsentedPage(locale: 'en' | 'ar', contexts: BrowserContext[]): Promise<Page> {
  const context = await newContext(locale);
  await context.addInitScript(() => localStorage.setItem('lisan.consent', 'declined'));
  contexts.push(context);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  return page;
}

/**
 * How every screenshot is written: JPEG at a quality that keeps text sharp to read. PNG encoding of a
 * full page cost about a second each on the 2-core CI machine, hundreds of times a run; JPEG a third of it.
 */
export const SHOT = { type: 'jpeg', quality: 85 } as const;

export async function screenshot(page: Page, name: string) {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.jpg`);
  await page.screenshot({ path: file, fullPage: true, ...SHOT });
  return file;
}

/**
 * Answers the app's question (useDialog().ask, drawn by QuestionHost in a FormDialog; never the browser's confirm):
 * waits for it, reads what it says, then clicks its confirm button or its "Cancel", or presses Escape, and waits for
 * it to close. Returns its title, message, button labels, the direction it is drawn in with the nearest `dir`
 * attribute, and whether the focus started on "Cancel" (Enter right away must not confirm).
 */
export async function answerQuestion(page: Page, testId: string, answer: 'confirm' | 'cancel' | 'escape') {
  const question = page.locator(`dialog[open][data-testid="${testId}"]`);
  await question.waitFor();
  const said = await question.evaluate((dialog) => {
    const cancel = dialog.querySelector('button[type="button"]')!;
    return {
      title: dialog.querySelector('h2')!.textContent,
      message: dialog.querySelector('.dialog__body')!.textContent,
      cancel: cancel.textContent,
      confirm: dialog.querySelector('button[type="submit"]')!.textContent,
      direction: getComputedStyle(dialog).direction,
      dir: dialog.closest('[dir]')?.getAttribute('dir') ?? null,
      cancelFocused: document.activeElement === cancel,
    };
  });
  if (answer === 'escape') await page.keyboard.press('Escape');
  else await question.locator(answer === 'confirm' ? 'button[type="submit"]' : 'button[type="button"]').click();
  await question.waitFor({ state: 'hidden' });
  return said;
}

const SIZES = { mobile: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;

/**
 * Full-page screenshots `<name>-mobile` (390x844) and `<name>-desktop` (1366x900, or `desktop`), scrolled to
 * the top; at each size nothing may widen the page past the screen (in Arabic an overflow hides
 * the start of the header; wide tables scroll in their own box). The page is left at the desktop size.
 */
export async function screenshotsAtBothSizes(page: Page, name: string, desktop: { width: number; height: number } = SIZES.desktop) {
  for (const [size, viewport] of Object.entries({ ...SIZES, desktop })) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    // Measured once the page has its own fonts (a face loaded on first use leaves a wider fallback meanwhile) and the
    // new size's media queries are in effect: right after the resize, a phone-only rule could still be missing (the
    // history filters measured at the desktop's type size, once in a few runs). Two frames let the styles follow.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForFunction((width) => window.innerWidth === width && window.matchMedia(`(max-width: ${width}px)`).matches, viewport.width);
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${size}: page wider than the screen`).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `${name}-${size}`);
  }
}

/**
 * A data table at phone width (390x844) is a stack of cards (`.table-cards`): neither its box, the table nor the page
 * is wider than the phone, the header row is hidden, every shown cell names its column (a header's text) on the page's
 * start side (the right in Arabic) with its value beside the label, shown and not cut off by its card, and each button, link-button and select sits
 * inside its card, tall enough to tap (44px). A row's actions (a cell of buttons only) carry no label: the buttons name
 * themselves ("Download PDF" beside a "Download PDF" label said it twice); they start at the card's start side. Every
 * other column is named on some card. At desktop width (1366x900, or `desktop`) the table has its header row
 * and no labels. Photographed at both sizes (`<name>-mobile`, `<name>-desktop`); the page is left at the desktop size.
 */
export async function expectTableCardsOnPhone(page: Page, table: Locator, locale: 'en' | 'ar', name: string, desktop: { width: number; height: number } = SIZES.desktop) {
  await table.waitFor();
  await page.setViewportSize(SIZES.mobile);
  const phone = await table.evaluate((element) => {
    const box = element.parentElement!;
    const cells = [...element.querySelectorAll('tbody td')].filter((td) => getComputedStyle(td).display !== 'none');
    return {
      headers: [...element.querySelectorAll('thead th')].map((th) => th.textContent!.trim()),
      box: [box.scrollWidth, box.clientWidth],
      table: [element.scrollWidth, element.clientWidth],
      page: [document.documentElement.scrollWidth, window.innerWidth],
      head: getComputedStyle(element.querySelector('thead')!).display,
      cells: cells.map((td) => {
        const cell = td.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(td);
        const content = range.getBoundingClientRect();
        return {
          label: getComputedStyle(td, '::before').content.replace(/^"|"$/g, ''),
          column: element.querySelectorAll('thead th')[(td as HTMLTableCellElement).cellIndex]?.textContent!.trim() ?? '',
          // The row's actions: buttons and link-buttons, and nothing else.
          actions: td.children.length > 0 && [...td.childNodes].every((node) => (node instanceof Element ? node.matches('button, .button') : !node.textContent!.trim())),
          direction: getComputedStyle(td).direction,
          // How far the value starts from the cell's start edge, where the label is.
          valueFromStart: getComputedStyle(td).direction === 'rtl' ? cell.right - content.right : content.left - cell.left,
          // The value is shown (text, a control), within its card, and the card within the phone's screen.
          value: (td as HTMLElement).innerText.trim(),
          valueInside: content.width > 0 && content.left >= cell.left - 0.5 && content.right <= cell.right + 0.5,
          cellOnScreen: cell.left >= -0.5 && cell.right <= window.innerWidth + 0.5,
          controls: [...td.querySelectorAll('button, .button, select')].map((control) => {
            const rect = control.getBoundingClientRect();
            return { inside: rect.left >= cell.left - 0.5 && rect.right <= cell.right + 0.5, height: rect.height };
          }),
        };
      }),
    };
  });
  expect(phone.box[0], `${name}: the table's box scrolls sideways`).toBeLessThanOrEqual(phone.box[1]);
  expect(phone.table[0], `${name}: the table scrolls sideways`).toBeLessThanOrEqual(phone.table[1]);
  expect(phone.page[0], `${name}: the page is wider than the phone`).toBeLessThanOrEqual(phone.page[1]);
  expect(phone.head, `${name}: the header row shows on a phone`).toBe('none');
  expect(phone.cells.length).toBeGreaterThan(0);
  for (const cell of phone.cells) {
    if (cell.actions) {
      expect(cell.label, `${name}: the actions of "${cell.column}" are labelled "${cell.label}"`).toBe('none');
      expect(cell.valueFromStart, `${name}: the actions of "${cell.column}" do not start at the card's start`).toBeLessThan(20);
    } else {
      expect(phone.headers, `${name}: a cell's label is not a column's`).toContain(cell.label);
      expect(cell.valueFromStart, `${name}: the value is not beside the label "${cell.label}"`).toBeGreaterThan(40);
    }
    expect(cell.direction).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    expect(cell.value, `${name}: "${cell.label}" has no value`).not.toBe('');
    expect(cell.valueInside, `${name}: the value of "${cell.label}" is cut off by its card`).toBe(true);
    expect(cell.cellOnScreen, `${name}: the card of "${cell.label}" is off the screen`).toBe(true);
    for (const control of cell.controls) {
      expect(control.inside, `${name}: a control sticks out of its card`).toBe(true);
      expect(control.height, `${name}: a control is too small to tap`).toBeGreaterThanOrEqual(44);
    }
  }
  // Every column is named on some card, but the actions'.
  const actionColumns = new Set(phone.cells.filter((cell) => cell.actions).map((cell) => cell.column));
  expect(new Set(phone.cells.filter((cell) => !cell.actions).map((cell) => cell.label))).toEqual(new Set(phone.headers.filter((header) => !actionColumns.has(header))));

  await screenshotsAtBothSizes(page, name, desktop);
  const wide = await table.evaluate((element) => ({
    head: getComputedStyle(element.querySelector('thead')!).display,
    headHeight: element.querySelector('thead')!.getBoundingClientRect().height,
    labels: [...element.querySelectorAll('tbody td')].map((td) => getComputedStyle(td, '::before').content),
  }));
  expect(wide.head, `${name}: no header row on a desktop`).toBe('table-header-group');
  expect(wide.headHeight).toBeGreaterThan(0);
  expect(new Set(wide.labels), `${name}: a desktop cell shows its label`).toEqual(new Set(['none']));
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

/** The text of a raw .eml: quoted-printable undone, UTF-8 decoded. */
export function decodeMail(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The first link of a decoded mail to `path`. */
export function linkInMail(decoded: string, path: string): string {
  const link = decoded.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => new URL(url.replace(/&amp;/g, '&')).pathname.startsWith(path));
  if (!link) throw new Error(`no ${path} link in the mail:\n${decoded}`);
  return link.replace(/&amp;/g, '&');
}

/**
 * A JSON call from the page, as the web app makes it (web/src/api/client.ts): cookies, the CSRF
 * header read from the cookie as it is when the call leaves, and on 419 a fresh cookie and one
 * more try. The app's own start-up calls (its page view) may take a first token at the same
 * moment as this call takes one, and the later cookie wins: the app retries then, and so does this.
 */
export async function apiCall(page: Page, method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const attempt = async () => {
        await fetch('/mt/csrf-cookie', { credentials: 'include' });
        const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
        return fetch(url, {
          method,
          credentials: 'include',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': token },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      };
      let response = await attempt();
      if (response.status === 419 && method !== 'GET') response = await attempt();
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, url, body },
  );
}

/** Signs in through the sign-in screen and waits for the redirect away from it. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('main form button[type="submit"]').first().click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
}

/**
 * Opens an e-mailed link (the verification, a change of address) as a person does: opening it only leads to the page
 * that names the address (mail scanners open links too), and that page's button acts. Waits for the result page.
 */
export async function confirmEmailLink(page: Page, link: string, result: 'verified' | 'email_changed') {
  await page.goto(link);
  await page.locator(`[data-status="${result === 'verified' ? 'confirm' : 'change_confirm'}"] button.button--primary`).click();
  // The button's call and the redirect after it: on a loaded machine more than expect.poll's default second.
  await expect.poll(() => page.url(), { timeout: 15_000 }).toContain(`/email/verify?status=${result}`);
}

/** Creates a verified account through the real sign-up and the e-mailed link. */
export async function signUpVerified(page: Page, input: { name: string; email: string; password: string }) {
  await page.goto('/');
  const registered = await apiCall(page, 'POST', '/mt/register', { ...input, password_confirmation: input.password });
  if (registered.status !== 201) throw new Error(`sign-up failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const mail = decodeMail(await waitForMail(input.email, (raw) => decodeMail(raw).includes('/email/verify/')));
  await confirmEmailLink(page, linkInMail(mail, '/email/verify/'), 'verified');
}

/** axe-core's browser build, read once for every page that is checked. */
let axeSource: Promise<string> | null = null;

/** The rule sets every screen is held to: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices (landmarks, heading order). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core on the page as it is now (injected with the DevTools protocol, which the page's
 * Content-Security-Policy does not block) and fails, softly so that one run lists every screen,
 * with each violation's rule id, help text and the elements it found.
 */
export async function expectNoAxeViolations(page: Page, name: string) {
  axeSource ??= fs.readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
  const violations = await page.evaluate(async (options) => {
    const results: AxeResults = await (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, options);
    return results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, options);
  const report = violations.map((violation) => `${violation.id}: ${violation.help}\n    ${violation.targets.slice(0, 8).join('\n    ')}`);
  expect.soft(violations.length, `${name}: axe found accessibility violations:\n  ${report.join('\n  ')}\n`).toBe(0);
}

/** Calls the API as the e2e admin (cookie jar, CSRF double-submit), from the test process. */
export async function asAdmin(path: string, body: unknown) {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  };
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`${baseUrl()}/mt/csrf-cookie`));
  const post = async (url: string, payload: unknown) => {
    const response = await fetch(`${baseUrl()}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN')!), cookie: header() },
      body: JSON.stringify(payload),
    });
    keep(response);
    return response;
  };
  const login = await post('/mt/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  expect(login.status).toBe(204);
  const response = await post(path, body);
  expect(response.status).toBe(200);
}
