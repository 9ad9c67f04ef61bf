// Every e-mail Lisan sends, as its recipient sees it: each template (and billing kind) of the server's renderer with
// realistic data (server/test/mail-samples.ts), in English and Arabic, loaded in Chromium the way a mail client shows
// it (no scripts, no remote images), at a desktop width and a phone's, in light and dark mode. Nothing may widen the
// mail past a phone's screen, the button is a tap target with its link written out under it, the site's address is
// written out under the footer, the preview line stays hidden, and the dark style gives a dark card with light text
// and links. Screenshots land under .test-results/screenshots.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKLESS_TEMPLATES, renderMail } from '../../server/src/mail/mailer';
import { mailSamples } from '../../server/test/mail-samples';
import { closeBrowserConnection, screenshot, sharedBrowser } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(async () => {
  for (const context of contexts.values()) await context.close();
  await closeBrowserConnection();
});

const WIDTHS = { desktop: 1024, phone: 375 } as const;

type Scheme = 'light' | 'dark';
const contexts = new Map<string, BrowserContext>();

/**
 * The mail in a client-like page: scripts off, every request (images, fonts) refused. One context per width and
 * colour scheme serves every mail (a page each), as one mail client shows one mail after another.
 */
async function openMail(html: string, width: number, colorScheme: Scheme): Promise<Page> {
  const key = `${width}-${colorScheme}`;
  let context = contexts.get(key);
  if (!context) {
    context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false, colorScheme });
    await context.route('**/*', (route) => route.abort());
    contexts.set(key, context);
  }
  const page = await context.newPage();
  await page.setContent(html, { waitUntil: 'load' });
  return page;
}

/** Relative luminance of a computed `rgb(...)` colour (WCAG). */
function luminance(rgb: string): number {
  const [r, g, b] = rgb.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((value) => {
    const c = Number(value) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe.each(['en', 'ar'] as const)('e-mails in a mail client (%s)', (locale) => {
  it.each(mailSamples(locale).map((sample) => [sample.label, sample] as const))('%s', async (label, sample) => {
    const mail = renderMail(sample.job, sample.site);
    const siteHref = `${sample.site}/`;
    const name = `mail-${locale}-${label.replace(/[^a-zA-Z_]+/g, '-').replace(/-$/, '')}`;
    for (const [size, width] of Object.entries(WIDTHS)) {
      const page = await openMail(mail.html, width, 'light');
      try {
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label} ${size}: wider than the screen`).toBeLessThanOrEqual(width);
        // Readable with images off: the mail has none to miss.
        expect(await page.locator('img').count()).toBe(0);
        const card = page.locator('.mail-card');
        expect(await card.evaluate((element) => getComputedStyle(element).direction)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        expect(await page.locator('.mail-preheader').isVisible()).toBe(false);
        const button = page.locator('td[bgcolor] > a');
        // Every mail links the site under its footer, its address written out, within the screen; the notices about a
        // change of the address link nowhere.
        const site = page.locator(`a.mail-link[href="${siteHref}"]`);
        if (LINKLESS_TEMPLATES.has(sample.job.template)) {
          expect(await page.locator('a').count()).toBe(0);
        } else {
          expect(await site.isVisible()).toBe(true);
          expect(await site.textContent()).toBe(siteHref);
          const siteBox = (await site.boundingBox())!;
          expect(siteBox.x).toBeGreaterThanOrEqual(0);
          expect(siteBox.x + siteBox.width).toBeLessThanOrEqual(width);
        }
        if (mail.html.replaceAll(`href="${siteHref}"`, '').includes('href=')) {
          const box = (await button.boundingBox())!;
          expect(box.height, `${label} ${size}: button height`).toBeGreaterThanOrEqual(44);
          expect(box.width).toBeGreaterThanOrEqual(88);
          const copy = page.locator('a.mail-link').first();
          expect(await copy.isVisible()).toBe(true);
          expect(await copy.getAttribute('href')).toBe(await button.getAttribute('href'));
          expect((await copy.boundingBox())!.x).toBeGreaterThanOrEqual(0);
        } else {
          expect(await button.count()).toBe(0);
        }
        await screenshot(page, `${name}-${size}`);
      } finally {
        await page.close();
      }
    }
    const dark = await openMail(mail.html, WIDTHS.phone, 'dark');
    try {
      const [background, text, muted, link] = await dark.evaluate(() => {
        const card = document.querySelector('.mail-card')!;
        const footer = document.querySelector('p.mail-muted:last-child') ?? document.querySelector('.mail-muted')!;
        const siteLink = footer.querySelector('a.mail-link');
        return [getComputedStyle(card).backgroundColor, getComputedStyle(card).color, getComputedStyle(footer).color, siteLink && getComputedStyle(siteLink).color];
      });
      expect(luminance(background)).toBeLessThan(0.05);
      expect(contrast(text, background)).toBeGreaterThanOrEqual(7);
      expect(contrast(muted!, background)).toBeGreaterThanOrEqual(4.5);
      if (LINKLESS_TEMPLATES.has(sample.job.template)) expect(link).toBeNull();
      else expect(contrast(link!, background)).toBeGreaterThanOrEqual(4.5);
      await screenshot(dark, `${name}-phone-dark`);
    } finally {
      await dark.close();
    }
  });
});
