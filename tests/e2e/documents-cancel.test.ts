import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libreTranslateHandler } from '../../server/src/engines/remote/test-servers/libretranslate';
import { startStandIn, type StandIn } from '../../server/src/engines/remote/test-servers/stand-in';
import { sampleDocx } from '../../server/test/fixtures/docx-fixture';
import { closeBrowserConnection, screenshotsAtBothSizes, sharedBrowser } from './helpers';
import { signedInWebsitesPage, startWebsitesLisan, type WebsitesLisan } from './websites-lisan';

/**
 * Cancel on the progress screen, against a real Lisan whose only engine is a LibreTranslate stand-in (its wire
 * format) that holds every batch until the test lets it go: the document stays "translating" as long as the test
 * needs, the cancel goes through the real route, and the job, the history and the month's count are read back.
 */
let lisan: WebsitesLisan;
let engine: StandIn;
let release!: () => void;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const held = new Promise<void>((resolve) => (release = resolve));
  const libreTranslate = libreTranslateHandler();
  engine = await startStandIn(async (request) => {
    await held;
    return libreTranslate(request);
  });
  lisan = await startWebsitesLisan('documents-cancel', undefined, { ENGINE_CHAIN: 'libretranslate', LIBRETRANSLATE_URL: engine.url, ENGINE_RETRIES: '0' });
});

afterAll(async () => {
  release();
  await Promise.all(contexts.map((c) => c.close()));
  await lisan?.close();
  await engine?.close();
  await closeBrowserConnection();
});

async function guestPage(locale: 'en' | 'ar'): Promise<Page> {
  const context = await (await sharedBrowser()).newContext({ baseURL: lisan.baseUrl, locale: locale === 'ar' ? 'ar-SA' : 'en-US', viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  contexts.push(context);
  await context.addCookies([{ name: 'locale', value: locale, url: lisan.baseUrl }]);
  await context.addInitScript(() => window.localStorage.setItem('lisan.consent', 'declined'));
  return context.newPage();
}

/** Uploads a DOCX and waits until the engine holds its first batch; answers the document's project id. */
async function startTranslating(page: Page): Promise<string> {
  await page.goto('/translate/documents');
  await page.getByTestId('document-input').setInputFiles({ name: 'annual report.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await sampleDocx() });
  await page.getByTestId('word-count').waitFor();
  const asked = engine.requests.length;
  const [upload] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/api/doc/translate'), page.getByTestId('translate-document').click()]);
  const projectId = ((await upload.json()) as { project_id: string }).project_id;
  await expect.poll(() => page.getByTestId('document-progress').getAttribute('data-state')).toBe('translating');
  await expect.poll(() => engine.requests.length, { timeout: 15_000 }).toBeGreaterThan(asked);
  return projectId;
}

async function jobState(projectId: string): Promise<string> {
  const row = await lisan.container.database.db.selectFrom('document_jobs').select('state').where('project_id', '=', projectId).executeTakeFirstOrThrow();
  return row.state;
}

async function expectCanceled(page: Page, note: string) {
  const shown = page.getByTestId('document-canceled');
  await shown.waitFor();
  expect(await shown.innerText()).toBe(note);
  expect(await page.getByTestId('document-progress').count()).toBe(0);
  await page.getByTestId('drop-zone').waitFor();
}

describe('canceling a document being translated', () => {
  it('a guest cancels from the keyboard (English): the job ends canceled, the form comes back with the note, and the tab forgets the document', async () => {
    const page = await guestPage('en');
    const projectId = await startTranslating(page);
    const button = page.getByTestId('cancel-document');
    expect(await button.innerText()).toBe('Cancel');
    await screenshotsAtBothSizes(page, 'documents-cancel-progress-en');
    await button.focus();
    const [answer] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === `/api/documents/${projectId}/cancel`), page.keyboard.press('Enter')]);
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{8,128}$/) });
    await expectCanceled(page, 'Translation canceled.');
    expect(await jobState(projectId)).toBe('canceled');
    // The focus stays in the translator's panel (not lost to the page's top).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('documents-panel');
    await screenshotsAtBothSizes(page, 'documents-canceled-en');
    // Reloaded, the tab no longer shows the document.
    expect(await page.evaluate(() => window.sessionStorage.getItem('lisan.documentProject'))).toBeNull();
    await page.reload();
    await page.getByTestId('drop-zone').waitFor();
    expect(await page.getByTestId('document-progress').count()).toBe(0);
  });

  it('in Arabic a signed-in user cancels with «إلغاء»: the note «أُلغيت الترجمة.», right to left, and the document not counted in the month', async () => {
    const page = await signedInWebsitesPage(lisan, contexts, { locale: 'ar' });
    const projectId = await startTranslating(page);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const used = async () => {
      const user = (await page.evaluate(async () => (await fetch('/api/user', { headers: { accept: 'application/json' } })).json())) as { usage: { doc_requests_this_month: number } };
      return user.usage.doc_requests_this_month;
    };
    expect(await used()).toBe(1);
    const button = page.getByTestId('cancel-document');
    expect(await button.innerText()).toBe('إلغاء');
    await screenshotsAtBothSizes(page, 'documents-cancel-progress-ar');
    await button.click();
    await expectCanceled(page, 'أُلغيت الترجمة.');
    expect(await jobState(projectId)).toBe('canceled');
    expect(await used()).toBe(0);
    await screenshotsAtBothSizes(page, 'documents-canceled-ar');
  });
});
