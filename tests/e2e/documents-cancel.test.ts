import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleDocx } from '../../server/test/fixtures/docx-fixture';
import { closeBrowserConnection, newContext, screenshotsAtBothSizes } from './helpers';

/**
 * Cancel on the progress screen. The e2e server translates a document in well under a second,
 * with no way to hold a job mid-way, so the screen's requests are answered here (upload, status
 * poll, cancel): what is tested is the screen. The server side of cancel (ownership, 409, the
 * unit given back once, the worker stopping) is tested in server/src/modules/documents/documents.test.ts.
 */
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeBrowserConnection();
});

const PROJECT = '3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f';

function statusOf(state: string, locale: 'en' | 'ar') {
  return {
    project_id: PROJECT,
    state,
    progress: state === 'canceled' ? 0 : 40,
    file_name: 'annual report.docx',
    format: 'docx',
    source_lang: 'en',
    target_lang: 'ar',
    model: 'general',
    words: 50,
    characters: 300,
    pages: null,
    engine: null,
    created_at: new Date().toISOString(),
    ...(state === 'canceled' ? { error: { key: 'documents.canceled', params: {}, message: locale === 'ar' ? 'أُلغيت الترجمة.' : 'Translation canceled.' } } : {}),
    applied: null,
  };
}

async function openTranslating(locale: 'en' | 'ar') {
  const context = await newContext(locale);
  contexts.push(context);
  await context.addInitScript(() => {
    try {
      window.localStorage.setItem('lisan.consent', 'declined');
    } catch {
      // about:blank has no storage
    }
  });
  const page = await context.newPage();
  let state = 'translating';
  const cancels: Array<{ url: string; body: unknown }> = [];
  await page.route('**/api/doc/translate', (route: Route) => route.fulfill({ status: 202, json: { status: 202, project_id: PROJECT } }));
  await page.route(`**/api/doc/translated/${PROJECT}*`, (route: Route) => route.fulfill({ status: 200, json: { status: 200, data: statusOf(state, locale) } }));
  await page.route(`**/api/documents/${PROJECT}/cancel`, (route: Route) => {
    cancels.push({ url: route.request().url(), body: route.request().postDataJSON() });
    state = 'canceled';
    return route.fulfill({ status: 200, json: { status: 200, data: statusOf(state, locale) } });
  });
  await page.goto('/translate/documents');
  await page.getByTestId('document-input').setInputFiles({ name: 'annual report.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await sampleDocx() });
  await page.getByTestId('word-count').waitFor();
  await page.getByTestId('translate-document').click();
  const progress = page.getByTestId('document-progress');
  await expect.poll(() => progress.getAttribute('data-state')).toBe('translating');
  return { page, cancels };
}

async function expectCanceled(page: Page, note: string) {
  const shown = page.getByTestId('document-canceled');
  await shown.waitFor();
  expect(await shown.innerText()).toBe(note);
  expect(await page.getByTestId('document-progress').count()).toBe(0);
  await page.getByTestId('drop-zone').waitFor();
}

describe('canceling a document being translated', () => {
  it('a guest cancels from the keyboard (English): the cancel is sent with the browser token, the form comes back with the note, and the tab forgets the document', async () => {
    const { page, cancels } = await openTranslating('en');
    const button = page.getByTestId('cancel-document');
    expect(await button.innerText()).toBe('Cancel');
    await screenshotsAtBothSizes(page, 'documents-cancel-progress-en');
    await button.focus();
    await page.keyboard.press('Enter');
    await expectCanceled(page, 'Translation canceled.');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{8,128}$/) });
    // The focus stays in the translator's panel (not lost to the page's top).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('documents-panel');
    await screenshotsAtBothSizes(page, 'documents-canceled-en');
    // Reloaded, the tab no longer shows the document.
    expect(await page.evaluate(() => window.sessionStorage.getItem('lisan.documentProject'))).toBeNull();
    await page.reload();
    await page.getByTestId('drop-zone').waitFor();
    expect(await page.getByTestId('document-progress').count()).toBe(0);
  });

  it('in Arabic the button is «إلغاء» and the note «أُلغيت الترجمة.», right to left', async () => {
    const { page, cancels } = await openTranslating('ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const button = page.getByTestId('cancel-document');
    expect(await button.innerText()).toBe('إلغاء');
    await screenshotsAtBothSizes(page, 'documents-cancel-progress-ar');
    await button.click();
    await expectCanceled(page, 'أُلغيت الترجمة.');
    expect(cancels).toHaveLength(1);
    await screenshotsAtBothSizes(page, 'documents-canceled-ar');
  });
});
