import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleDocx } from '../../server/test/fixtures/docx-fixture';
import { E2E_ADMIN } from './global-setup';
import { baseUrl, closeBrowserConnection, newContext, screenshotsAtBothSizes, signUpVerified } from './helpers';

// Names that users type keep one rule (docs/decisions.md "Names that users type"): a file's name is isolated in the
// page's direction, so its extension stays at the end of the page's reading order. An Arabic file's name in an
// English page read "txt.عقد" (its own direction, dir="auto", made it a right-to-left run).

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await closeBrowserConnection();
});

async function open(locale: 'en' | 'ar'): Promise<BrowserContext> {
  const context = await newContext(locale);
  await context.addInitScript(() => localStorage.setItem('lisan.consent', 'declined'));
  contexts.push(context);
  return context;
}

/** Switches a context's interface language (the `locale` cookie) and reloads the page. */
async function speak(page: Page, locale: 'en' | 'ar') {
  await page.context().addCookies([{ name: 'locale', value: locale, url: baseUrl() }]);
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
}

/**
 * Where a shown file name's extension ("." and after) is drawn against the rest of it: the name's text node's boxes,
 * measured with a Range. `follows`: the extension is right of the stem, as in "عقد.txt" or "contract.txt".
 */
async function extensionSide(name: Locator) {
  return name.evaluate((element) => {
    const text = element.firstChild as Text;
    const dot = text.data.lastIndexOf('.');
    const box = (start: number, end: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      return range.getBoundingClientRect();
    };
    const stem = box(0, dot);
    const extension = box(dot, text.data.length);
    return { text: text.data, dir: element.getAttribute('dir'), follows: extension.left >= stem.right - 1 };
  });
}

async function requestWithFile(fileName: string) {
  const page = await (await open('en')).newPage();
  await page.goto('/human-translation');
  await page.getByTestId('request-words').fill('300');
  await page.getByTestId('request-file').setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('نص العقد للترجمة') });
  // The picker shows the chosen name as the page shows it everywhere.
  expect(await extensionSide(page.locator('.file-picker__file'))).toEqual({ text: fileName, dir: 'ltr', follows: true });
  await page.getByTestId('request-name').fill('Huda Haddad');
  await page.getByTestId('request-email').fill('huda.names@example.com');
  await page.getByTestId('request-submit').click();
  await page.getByTestId('request-done').waitFor();
}

describe('names that users type', () => {
  it("a file's name keeps its extension at the end of the page's reading order: the requests and the history, both languages", async () => {
    const stamp = Date.now();
    const arabicName = `عقد ${stamp}.txt`;
    const latinName = `contract ${stamp}.txt`;
    await requestWithFile(arabicName);
    await requestWithFile(latinName);

    const admin = await open('en');
    const adminPage = await admin.newPage();
    await admin.request.get('/mt/csrf-cookie');
    const token = decodeURIComponent((await admin.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);
    const signIn = (await admin.request.post('/mt/login', { data: E2E_ADMIN, headers: { 'X-XSRF-TOKEN': token, 'X-Requested-With': 'XMLHttpRequest' } })).status();
    expect(signIn).toBe(204);
    for (const [locale, fileName] of [['en', arabicName], ['ar', latinName]] as const) {
      await adminPage.goto('/admin/requests');
      await speak(adminPage, locale);
      const file = adminPage.getByTestId('request-row').locator('a[download] bdi', { hasText: fileName });
      await file.waitFor();
      expect(await extensionSide(file)).toEqual({ text: fileName, dir: locale === 'ar' ? 'rtl' : 'ltr', follows: true });
      await screenshotsAtBothSizes(adminPage, `names-admin-requests-${locale}`, { width: 1280, height: 800 });
      await adminPage.setViewportSize({ width: 1280, height: 900 });
    }

    // The history: a document's title is its file's name.
    const user = await (await open('en')).newPage();
    await signUpVerified(user, { name: 'Huda Haddad', email: `names-${stamp}@example.com`, password: 'names-password-1' });
    for (const fileName of [`عقد ${stamp}.docx`, `contract ${stamp}.docx`]) {
      await user.goto('/translate/documents');
      await user.getByTestId('document-input').setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: await sampleDocx() });
      await user.getByTestId('word-count').waitFor();
      expect(await extensionSide(user.locator('.file-card__name bdi'))).toEqual({ text: fileName, dir: 'ltr', follows: true });
      await user.getByTestId('translate-document').click();
      const progress = user.getByTestId('document-progress');
      await expect.poll(() => progress.getAttribute('data-state'), { timeout: 90_000 }).toMatch(/^(done|failed)$/);
      // The finished job names its file as the page does.
      expect(await extensionSide(progress.locator('.progress-view__file bdi'))).toEqual({ text: fileName, dir: 'ltr', follows: true });
      // The page keeps the finished job until it is asked for another.
      await progress.getByRole('button', { name: 'Translate another document' }).click();
    }
    for (const [locale, fileName] of [['en', `عقد ${stamp}.docx`], ['ar', `contract ${stamp}.docx`]] as const) {
      await user.goto('/user/translation-history?type=document');
      await speak(user, locale);
      const title = user.locator('[data-testid="history-entry"] .history-entry__title bdi', { hasText: fileName });
      await title.waitFor();
      expect(await extensionSide(title)).toEqual({ text: fileName, dir: locale === 'ar' ? 'rtl' : 'ltr', follows: true });
      await screenshotsAtBothSizes(user, `names-history-${locale}`, { width: 1280, height: 800 });
      await user.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
