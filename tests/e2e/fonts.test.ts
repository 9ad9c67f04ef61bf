// The font files of the home page in each language (docs/decisions.md, "An English page loads no
// whole Arabic font"). An English page draws its few Arabic words (the logo, the language switch,
// the home page's sample: web/src/app/arabic-on-english-pages.ts) from the build's glyph subsets,
// pixel for pixel as the whole font draws them; an Arabic page loads the whole Arabic font in
// every weight it uses. Each test prints the font files and the bytes each moved.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowserConnection, newConsentedPage, screenshotsAtBothSizes, signUpVerified } from './helpers';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await closeBrowserConnection();
});

const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** One of @fontsource's whole files of the Arabic font (ibm-plex-sans-arabic-arabic-700-normal-<hash>.woff2), of any script. */
const WHOLE_ARABIC_FONT = /^ibm-plex-sans-arabic-(?!subset-)[\w-]+\.woff2?$/;
/** A glyph subset cut by the build (web/font-subsets.ts). */
const SUBSET = /^ibm-plex-sans-arabic-subset-[\w-]+\.woff2$/;

interface FontFile {
  /** Its name under /assets/, the build's hash left out. */
  name: string;
  file: string;
  /** What it moved: headers and the (compressed) body. */
  bytes: number;
}

/** The home page in `locale` at `size`, once its fonts are in, with the font files it requested. */
async function openHome(locale: 'en' | 'ar', size: keyof typeof SIZES): Promise<{ page: Page; fonts: FontFile[] }> {
  const page = await newConsentedPage(locale, contexts);
  await page.setViewportSize(SIZES[size]);
  const fonts: FontFile[] = [];
  const measured: Array<Promise<void>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'font') return;
    const file = new URL(request.url()).pathname.replace(/^\/assets\//, '');
    measured.push(request.sizes().then((sizes) => void fonts.push({ file, name: file.replace(/-[\w-]{8}(\.woff2?)$/, '$1'), bytes: sizes.responseHeadersSize + sizes.responseBodySize })));
  });
  await page.goto('/');
  await page.getByTestId('plan-card').first().waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  await Promise.all(measured);
  console.info(`${locale} home page, ${size}: ${fonts.length} font files, ${kilobytes(fonts)}\n${fonts.map((font) => `  ${font.name} ${kilobytes([font])}`).join('\n')}`);
  return { page, fonts };
}

const kilobytes = (fonts: FontFile[]) => `${(fonts.reduce((sum, font) => sum + font.bytes, 0) / 1000).toFixed(1)} kB`;

/** The faces the page has loaded, as "family weight". */
async function loadedFaces(page: Page): Promise<string[]> {
  const faces = await page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded').map((face) => `${face.family.replace(/"/g, '')} ${face.weight}`));
  return [...new Set(faces)].sort();
}

describe('the Arabic font', () => {
  it.each(Object.keys(SIZES) as Array<keyof typeof SIZES>)('an English home page loads none of its whole files, only the glyph subsets (%s)', async (size) => {
    const { page, fonts } = await openHome('en', size);
    expect(fonts.filter((font) => WHOLE_ARABIC_FONT.test(font.file)).map((font) => font.name)).toEqual([]);
    const subsets = fonts.filter((font) => SUBSET.test(font.file));
    // One a weight the words are drawn in (the logo 700, the switch 600, the sample 400), and the sample's full stop.
    expect(subsets.map((font) => font.name).sort()).toEqual([
      'ibm-plex-sans-arabic-subset-arabic-400-normal.woff2',
      'ibm-plex-sans-arabic-subset-arabic-600-normal.woff2',
      'ibm-plex-sans-arabic-subset-arabic-700-normal.woff2',
      'ibm-plex-sans-arabic-subset-latin-400-normal.woff2',
    ]);
    for (const subset of subsets) expect(subset.bytes, subset.name).toBeLessThan(12_000);
    const faces = await loadedFaces(page);
    expect(faces).toEqual(expect.arrayContaining(['IBM Plex Sans Arabic Subset 400', 'IBM Plex Sans Arabic Subset 600', 'IBM Plex Sans Arabic Subset 700']));
    expect(faces.filter((face) => /^IBM Plex Sans Arabic \d+$/.test(face))).toEqual([]);
  });

  it('an English page draws its Arabic words from the subsets exactly as the whole font draws them', async () => {
    const { page } = await openHome('en', 'desktop');
    await screenshotsAtBothSizes(page, 'fonts-home-en');
    // Each element's Arabic, in its own weight and size, drawn on a canvas at a fixed baseline in the subset family and
    // in the whole font's: the same pixels. (FreeType's auto-hinter, Chrome's on Linux and Android, snapped a subset
    // without its reference characters otherwise.) Then the whole font is loaded, after the requests were counted.
    const drawn = await page.evaluate(async () => {
      const elements = {
        logo: document.querySelector('.site-header .logo [lang="ar"]'),
        switch: document.querySelector('[data-testid="lang-switch"] [lang="ar"]'),
        sample: document.querySelector('.hero__sample [lang="ar"]'),
        footer: document.querySelector('.site-footer__logo'),
      };
      const results = [];
      for (const [name, element] of Object.entries(elements)) {
        const style = getComputedStyle(element!);
        const text = /[\u0600-\u06ff][\u0600-\u06ff\s.]*/.exec(element!.textContent!)![0];
        const draw = async (family: string) => {
          const font = `${style.fontWeight} ${style.fontSize} "${family}"`;
          await document.fonts.load(font, text);
          const canvas = document.createElement('canvas');
          canvas.width = 800;
          canvas.height = 60;
          const context = canvas.getContext('2d')!;
          context.font = font;
          context.direction = 'rtl';
          context.textAlign = 'right';
          context.fillText(text, 790, 40);
          return context.getImageData(0, 0, canvas.width, canvas.height).data;
        };
        const subset = await draw('IBM Plex Sans Arabic Subset');
        const whole = await draw('IBM Plex Sans Arabic');
        let ink = 0;
        let different = 0;
        for (let alpha = 3; alpha < subset.length; alpha += 4) {
          if (subset[alpha]) ink++;
          if (subset[alpha] !== whole[alpha]) different++;
        }
        results.push({ name, family: style.fontFamily, text, ink, different });
      }
      return results;
    });
    for (const element of drawn) {
      expect(element.family, element.name).toContain('"IBM Plex Sans Arabic Subset"');
      expect(element.ink, `${element.name}: nothing drawn`).toBeGreaterThan(100);
      expect(element.different, `${element.name} (${element.text}): pixels unlike the whole font's`).toBe(0);
    }
    expect(drawn.map((element) => element.text)).toEqual(['لسان', 'العربية', 'سيراجع فريقنا العقد ويرسل النسخة الموقّعة بحلول يوم الخميس.', 'لسان']);
  });

  it.each(Object.keys(SIZES) as Array<keyof typeof SIZES>)('an Arabic home page loads the whole font in each weight it uses, and no subset (%s)', async (size) => {
    const { page, fonts } = await openHome('ar', size);
    const whole = fonts.filter((font) => WHOLE_ARABIC_FONT.test(font.file)).map((font) => font.name);
    expect(whole).toEqual(expect.arrayContaining(['ibm-plex-sans-arabic-arabic-400-normal.woff2', 'ibm-plex-sans-arabic-arabic-600-normal.woff2', 'ibm-plex-sans-arabic-arabic-700-normal.woff2']));
    expect(fonts.filter((font) => SUBSET.test(font.file))).toEqual([]);
    expect(await loadedFaces(page)).toEqual(expect.arrayContaining(['IBM Plex Sans Arabic 400', 'IBM Plex Sans Arabic 600', 'IBM Plex Sans Arabic 700']));
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"IBM Plex Sans Arabic"/);
    if (size === 'desktop') await screenshotsAtBothSizes(page, 'fonts-home-ar');
  });

  it("an English account page draws the interface-language choice «العربية» from the subset, not the whole font", async () => {
    const page = await newConsentedPage('en', contexts);
    await signUpVerified(page, { name: 'Font Reader', email: `fonts-${Date.now()}@example.com`, password: 'Secret-pass-123' });
    await page.goto('/user/basic-info');
    const option = page.locator("select[name='locale'] option[lang='ar']");
    await expect.poll(() => option.textContent()).toBe('العربية');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForLoadState('networkidle');
    expect(await option.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"IBM Plex Sans Arabic Subset"/);
    const faces = await loadedFaces(page);
    expect(faces).toContain('IBM Plex Sans Arabic Subset 400');
    expect(faces.filter((face) => /^IBM Plex Sans Arabic \d+$/.test(face))).toEqual([]);
    await screenshotsAtBothSizes(page, 'fonts-account-en');
  });

  it('switching an English page to Arabic loads the whole font', async () => {
    const { page } = await openHome('en', 'desktop');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect.poll(() => loadedFaces(page)).toEqual(expect.arrayContaining(['IBM Plex Sans Arabic 400', 'IBM Plex Sans Arabic 600', 'IBM Plex Sans Arabic 700']));
  });
});
