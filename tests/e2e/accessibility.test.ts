// Accessibility, once in English and once in Arabic: axe-core (WCAG 2.0/2.1 A and AA, and its
// best practices) on the main screens of a guest, a signed-in user and the admin, and the
// keyboard on the translator and the document upload (Tab order, focus ring, dialogs).
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDocx } from '../../server/test/fixtures/docx-fixture';
import { E2E_ADMIN } from './global-setup';
import { closeBrowserConnection, expectNoAxeViolations, newConsentedPage, screenshotsAtBothSizes, signInThroughForm, signUpVerified } from './helpers';

type Locale = 'en' | 'ar';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await closeBrowserConnection();
});

const SOURCE = { en: 'The company signed the contract. Thank you for the books.', ar: 'ذهب الولد إلى المدرسة. شكرا على الكتاب.' } as const;
/** The name of the region that holds the translation. */
const TRANSLATION_REGION = { en: 'Translation', ar: 'الترجمة' } as const;

/** Opens a screen and waits until it has drawn: a heading in the main region, nothing loading, no request in flight. */
async function openScreen(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('main :is(h1, h2)').first().waitFor();
  await expect.poll(() => page.locator('.page-loading, [aria-busy="true"]').count()).toBe(0);
}

/** What has the keyboard focus: its test id (or tag), where it is, whether it is in an open dialog, and its focus ring. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    // Transitions (the fields' ring fades in) are run to their end: the ring as it stays.
    for (const animation of element.getAnimations()) animation.finish();
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const ringColor = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 ? style.outlineColor : /^(rgba?\([^)]*\)|[^ ]+)/.exec(style.boxShadow)?.[0];
    // The colour behind the ring: the nearest opaque background around the element.
    let around = element.parentElement;
    while (around && /rgba\(0, 0, 0, 0\)|transparent/.test(getComputedStyle(around).backgroundColor)) around = around.parentElement;
    const rgb = (color: string | undefined) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.fillStyle = '#fff';
      canvas.fillRect(0, 0, 1, 1);
      canvas.fillStyle = color ?? 'transparent';
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (color: number[]) => {
      const [r, g, b] = color.map((channel) => (channel / 255 <= 0.03928 ? channel / 255 / 12.92 : ((channel / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [light, dark] = [luminance(rgb(ringColor)), luminance(rgb(around ? getComputedStyle(around).backgroundColor : '#fff'))].sort((a, b) => b - a);
    return {
      id: element.dataset.testid ?? element.tagName.toLowerCase(),
      name: (element.getAttribute('aria-label') ?? element.innerText ?? '').trim().slice(0, 40),
      x: box.x + box.width / 2,
      y: box.y + window.scrollY + box.height / 2,
      width: box.width,
      height: box.height,
      // The language of the text there (the page's, or the translation's) and the direction it is laid out in.
      language: element.closest('[lang]')?.getAttribute('lang'),
      direction: style.direction,
      inMain: Boolean(element.closest('main')),
      inDialog: Boolean(element.closest('dialog[open]')),
      ringContrast: ringColor ? (light! + 0.05) / (dark! + 0.05) : 0,
    };
  });
}

/**
 * Tabs from `start` through the main region until `until` (a test id) has the focus, and checks each stop:
 * big enough to see, a focus ring of 3:1 against its background, laid out in its language's direction,
 * and on one line in the order of reading (left to right in English, right to left in Arabic: the
 * page's controls, or the sentences of a translation in the other language). Returns the test ids of the stops.
 */
async function tabThrough(page: Page, locale: Locale, start: string, until: string) {
  await page.getByTestId(start).focus();
  const stops = [await focused(page)];
  while (stops.at(-1)!.id !== until) {
    expect(stops.length, `Tab never reached ${until}: ${stops.map((stop) => stop.id).join(' ')}`).toBeLessThan(40);
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
  }
  expect(stops[0]!.language, `${start} is not in the page's language`).toBe(locale);
  for (const [index, stop] of stops.entries()) {
    expect(stop.inMain, `${stop.id} is outside the main region`).toBe(true);
    expect(Math.min(stop.width, stop.height), `${stop.id} "${stop.name}" has the focus but is too small to see`).toBeGreaterThan(8);
    expect(stop.ringContrast, `${stop.id} "${stop.name}": its focus ring is missing or faint`).toBeGreaterThanOrEqual(3);
    expect(stop.direction, `${stop.id} "${stop.name}" in ${stop.language}`).toBe(stop.language === 'ar' ? 'rtl' : 'ltr');
    const previous = stops[index - 1];
    if (previous && previous.direction === stop.direction && Math.abs(previous.y - stop.y) < 8) {
      expect(stop.direction === 'rtl' ? previous.x > stop.x : previous.x < stop.x, `${previous.id} -> ${stop.id} goes against the reading direction`).toBe(true);
    }
  }
  return stops.map((stop) => stop.id);
}

/** In an open dialog the focus stays inside, forwards and backwards; Escape closes it and gives the focus back to `opener`. */
async function expectDialogKeepsFocus(page: Page, dialog: Locator, opener: string) {
  await expect.poll(() => dialog.evaluate((element: HTMLDialogElement) => element.open)).toBe(true);
  expect((await focused(page)).inDialog, 'the focus did not move into the dialog').toBe(true);
  for (const key of [...Array(8).fill('Tab'), ...Array(8).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    const stop = await focused(page);
    expect(stop.inDialog, `${key} left the dialog for ${stop.id}`).toBe(true);
    expect(stop.ringContrast, `${stop.id} in the dialog: no visible focus ring`).toBeGreaterThanOrEqual(3);
  }
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.evaluate((element: HTMLDialogElement) => element.open)).toBe(false);
  expect((await focused(page)).id, 'the focus did not return to what opened the dialog').toBe(opener);
}

describe.each(['en', 'ar'] as const)('accessibility (%s)', (locale: Locale) => {
  let page: Page;
  beforeAll(async () => {
    page = await newConsentedPage(locale, contexts);
  });

  it('guest screens pass axe', async () => {
    for (const path of ['/', '/pricing', '/login', '/register', '/developers', '/translate/documents']) {
      await openScreen(page, path);
      // The page says its language and direction (screen readers pick their voice by it).
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([locale, locale === 'ar' ? 'rtl' : 'ltr']);
      await expectNoAxeViolations(page, `${path} (${locale}, guest)`);
    }
    // A phone: the header's menu opened with its button.
    await openScreen(page, '/');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.menu-toggle').click();
    await expect.poll(() => page.locator('.menu-toggle').getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(page, `/ on a phone with the menu open (${locale}, guest)`);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('signed-in screens pass axe', async () => {
    const email = `a11y-${locale}-${randomBytes(4).toString('hex')}@example.com`;
    await signUpVerified(page, { name: locale === 'ar' ? 'ليلى' : 'Layla', email, password: 'a11y-password-1' });

    await openScreen(page, '/translate');
    await page.getByTestId('source-text').fill(SOURCE[locale]);
    await page.getByTestId('translate').click();
    await page.getByTestId('target-sentence').first().waitFor();
    await expectNoAxeViolations(page, `/translate with a translation (${locale})`);

    const screens = [
      '/translate/documents',
      '/dashboard',
      '/user/translation-history',
      '/glossary',
      '/team',
      '/user/basic-info',
      '/user/auth-settings',
      '/user/payment-management',
      '/user/membership',
      '/user/history-settings',
      '/user/api-keys',
      '/developers',
    ];
    for (const path of screens) {
      await openScreen(page, path);
      await expectNoAxeViolations(page, `${path} (${locale}, signed in)`);
    }
  });

  it('translator by keyboard: Tab order, focus ring, dialogs', async () => {
    await openScreen(page, '/translate');
    await page.getByTestId('source-text').fill(SOURCE[locale]);
    await page.getByTestId('source-text').press('Control+Enter');
    await page.getByTestId('target-sentence').first().waitFor();
    // A screen reader can jump to the translation by its region's name.
    expect(await page.getByRole('region', { name: TRANSLATION_REGION[locale], exact: true }).getByTestId('target-sentence').count()).toBeGreaterThan(0);
    const stops = await tabThrough(page, locale, 'source-lang', 'feedback');
    // The pair, then the options, the text, the button, the translation and its actions: the order they are read in.
    const order = ['source-lang', 'swap', 'target-lang', 'domain', 'source-text', 'translate', 'target-sentence', 'copy', 'share', 'like', 'dislike', 'suggest', 'feedback'];
    expect(stops.filter((id) => order.includes(id)).filter((id, index, all) => all.indexOf(id) === index)).toEqual(order);

    await page.getByTestId('swap').focus();
    await screenshotsAtBothSizes(page, `a11y-translator-focus-${locale}`);

    // The share list: Escape closes it and the focus goes back to its button.
    await page.getByTestId('share').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.share-menu__list')))).toBe(true);
    await page.keyboard.press('Escape');
    expect((await focused(page)).id).toBe('share');
    expect(await page.getByTestId('share').getAttribute('aria-expanded')).toBe('false');

    await page.getByTestId('suggest').focus();
    await page.keyboard.press('Enter');
    await expectNoAxeViolations(page, `/translate with the suggestion dialog (${locale})`);
    await screenshotsAtBothSizes(page, `a11y-translator-suggest-dialog-${locale}`);
    await expectDialogKeepsFocus(page, page.getByTestId('suggest-dialog'), 'suggest');

    await page.getByTestId('feedback').focus();
    await page.keyboard.press('Space');
    await expectDialogKeepsFocus(page, page.getByTestId('feedback-dialog'), 'feedback');
  });

  it('document upload by keyboard: Tab order, the chosen file, the error dialog', async () => {
    await openScreen(page, '/translate/documents');
    const browse = page.getByTestId('document-browse');
    const stops = await tabThrough(page, locale, 'source-language', 'document-browse');
    // The hidden file input takes no Tab stop: "Browse files" is the keyboard's way in.
    expect(stops).not.toContain('document-input');
    await screenshotsAtBothSizes(page, `a11y-documents-focus-${locale}`);

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), browse.press('Enter')]);
    await chooser.setFiles({ name: locale === 'ar' ? 'التقرير.docx' : 'report.docx', mimeType: 'application/octet-stream', buffer: await sampleDocx() });
    await page.getByTestId('word-count').waitFor();
    // The focus is on the chosen file (its name is the card's label), then its "Remove", then "Translate".
    expect((await focused(page)).id).toBe('file-card');
    expect(await tabThrough(page, locale, 'file-card', 'translate-document')).toEqual(['file-card', 'document-remove', 'translate-document']);
    await page.getByTestId('file-card').focus();
    await screenshotsAtBothSizes(page, `a11y-documents-file-focus-${locale}`);
    await page.getByTestId('document-remove').press('Enter');
    await expect.poll(async () => (await focused(page)).id).toBe('document-browse');

    // A file that is refused: the error dialog holds the focus, Escape gives it back to "Browse files".
    const [refused] = await Promise.all([page.waitForEvent('filechooser'), browse.press('Enter')]);
    await refused.setFiles({ name: 'program.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('not uploaded') });
    await expectDialogKeepsFocus(page, page.locator('dialog.dialog--error'), 'document-browse');
  });

  it('admin screens pass axe', async () => {
    await openScreen(page, '/');
    await page.getByTestId('header-sign-out').click();
    await expect.poll(() => page.getByTestId('header-sign-out').count()).toBe(0);
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const path of ['/admin/users', '/admin/plans']) {
      await openScreen(page, path);
      await expectNoAxeViolations(page, `${path} (${locale}, admin)`);
    }
  });
});
