// Text over the home page hero's gradient and the webinar banner's gradient, as the browser
// renders them (axe leaves such text as "needs review"): the colours the page computes for each
// text, at rest and on hover, against every stop of the computed gradients and the close
// button's hover overlay, in English and Arabic, on a desktop and a phone; with screenshots.
// web/src/styles.contrast.test.ts checks the same from styles.css without a browser.

import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { backgroundsOfLayers, over, parseColor, worstRatio } from '../a11y/contrast';
import { SCREENSHOT_DIR, SHOT, closeBrowserConnection, newContext, screenshot } from './helpers';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
  await closeBrowserConnection();
});

const SIZES = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
const WEBINAR = {
  webinar_text_en: 'Live webinar: translating contracts between Arabic and English, Thursday 5 pm',
  webinar_text_ar: 'ندوة مباشرة عبر الإنترنت: ترجمة العقود بين العربية والإنجليزية، الخميس الساعة 5 مساءً',
  webinar_link_en: 'https://example.com/webinar',
  webinar_link_ar: 'https://example.com/webinar',
};

/** The home page with a webinar announcement and its link (the site settings answer is changed in this browser only). */
async function homeWithBanner(locale: 'en' | 'ar'): Promise<Page> {
  const context = await newContext(locale);
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('lisan.consent', 'declined'));
  await context.route('**/api/site-settings', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const rows = (body.data as Array<{ setting_name: string }>).filter((row) => !(row.setting_name in WEBINAR));
    const data = [...rows, ...Object.entries(WEBINAR).map(([setting_name, setting_value]) => ({ setting_name, setting_value }))];
    await route.fulfill({ response, json: { ...body, data } });
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('webinar-banner').locator('.webinar-banner__link').waitFor();
  await page.locator('.hero .trust-strip').waitFor();
  return page;
}

const colorOf = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).color);
const backgroundOf = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.backgroundImage, style.backgroundColor].filter((layer) => layer && layer !== 'none').join(', ');
  });

describe('contrast of text over the gradients (rendered)', () => {
  for (const locale of ['en', 'ar'] as const) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      it(`${locale} ${size}: every text over the hero and the webinar banner has 4.5:1 (3:1 for the title) against every gradient stop`, async () => {
        const page = await homeWithBanner(locale);
        await page.setViewportSize(viewport);
        expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');

        const hero = backgroundsOfLayers(await backgroundOf(page, '.hero'));
        const banner = backgroundsOfLayers(await backgroundOf(page, '.webinar-banner'));
        // The gradients were read (layers and stops), not only a plain colour.
        expect(hero.length).toBeGreaterThan(1);
        expect(banner.length).toBeGreaterThan(1);

        const ratios: Record<string, number> = {
          'hero title': worstRatio(await colorOf(page, '.hero__title'), hero),
          'hero subtitle': worstRatio(await colorOf(page, '.hero__subtitle'), hero),
          'hero trust strip': worstRatio(await colorOf(page, '.hero .trust-strip li'), hero),
          'banner text': worstRatio(await colorOf(page, '.webinar-banner__text'), banner),
          'banner link': worstRatio(await colorOf(page, '.webinar-banner__link'), banner),
          'banner close button': worstRatio(await colorOf(page, '.webinar-banner__close'), banner),
        };
        await page.locator('.webinar-banner__link').hover();
        ratios['banner link on hover'] = worstRatio(await colorOf(page, '.webinar-banner__link'), banner);
        await page.locator('.webinar-banner__close').hover();
        const overlay = parseColor(await page.locator('.webinar-banner__close').evaluate((element) => getComputedStyle(element).backgroundColor));
        expect(overlay.a, 'the close button shows an overlay on hover').toBeGreaterThan(0);
        ratios['banner close button on hover'] = worstRatio(
          await colorOf(page, '.webinar-banner__close'),
          banner.map((background) => over(overlay, background)),
        );
        await page.mouse.move(0, viewport.height - 1);

        for (const [name, ratio] of Object.entries(ratios)) expect(ratio, `${locale} ${size} ${name}`).toBeGreaterThanOrEqual(name === 'hero title' ? 3 : 4.5);

        await page.evaluate(() => window.scrollTo(0, 0));
        const file = `gradient-contrast-${locale}-${size}`;
        await screenshot(page, file);
        await page.locator('.webinar-banner').screenshot({ path: path.join(SCREENSHOT_DIR, `${file}-banner.jpg`), ...SHOT });
        await page.locator('.hero').screenshot({ path: path.join(SCREENSHOT_DIR, `${file}-hero.jpg`), ...SHOT });
      });
    }
  }
});
