import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container } from '../../server/src/container';
import { FIXTURE_PAGES, startFixtureSite, startFixtureSiteOfPages, type FixtureSite } from '../../server/test/fixtures/website-site';
import { createTestEngine } from '../../server/test/website-engine';
import { createWebsitesRepo } from '../../server/src/modules/websites/repo';
import type { SegmentTranslator } from '../../server/src/engines/types';
import { answerQuestion, apiCall, closeBrowserConnection, SCREENSHOT_DIR, SHOT, screenshot, screenshotsAtBothSizes } from './helpers';
import { signedInWebsitesPage, startWebsitesLisan, type WebsitesLisan } from './websites-lisan';

/**
 * Website translation in the browser. This file runs its own Lisan (websites-lisan.ts: the same
 * composition root and web build as `npm start`) because the text-translation core that provides the
 * engine is not in main yet: a deterministic test engine stands in, as in the server tests.
 * Users sign in through the sign-in screen (POST /mt/login). The fixture website is served
 * on 127.0.0.1, allowed with WEB_FETCH_ALLOW_HOSTS.
 */
let site: FixtureSite;
let lisan: WebsitesLisan;
let container: Container;
const contexts: BrowserContext[] = [];
/** Users whose pages go through the real pipeline rather than the test engine. */
const throughPipeline = new Set<number>();

function signedInPage(locale: 'en' | 'ar', planSlug = 'hobbyist', trialEndsAt: Date | null = null): Promise<Page> {
  return signedInWebsitesPage(lisan, contexts, { locale, planSlug, trialEndsAt });
}

beforeAll(async () => {
  site = await startFixtureSite({ hugeBytes: 1024 * 1024 });
  // A script on the home page: the sandboxed preview must not run it. And its images as sites give them (a relative
  // address, a srcset, a lazily loaded one, one in <noscript>, a CSS background): the preview loads each from the site.
  site.setPage(
    '/',
    FIXTURE_PAGES['/']!.replace(
      '</body>',
      `<p><img src="img/relative.png" alt="" width="8" height="8"> <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="img/lazy.png" alt="" width="8" height="8">
<img srcset="img/srcset.png 1x, img/srcset-2x.png 2x" alt="" width="8" height="8"><noscript><img src="img/noscript.png" alt="" width="8" height="8"></noscript></p>
<div style="background-image: url('img/inline-bg.png'); width: 8px; height: 8px"></div><script>document.body.setAttribute("data-scripted", "yes")</script></body>`,
    ),
  );
  const testEngine = createTestEngine().translator;
  // The users of the glossary test translate through the one pipeline (their memory and glossary,
  // then the dictionary engine); everyone else through the deterministic test engine.
  const translator: SegmentTranslator = (segments, job) => (job.ownerUserId && throughPipeline.has(job.ownerUserId) ? container.pipeline.segmentTranslator()(segments, job) : testEngine(segments, job));
  lisan = await startWebsitesLisan('websites', translator);
  container = lisan.container;
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeBrowserConnection();
  await lisan?.close();
  await site?.close();
});

async function addSiteAndWaitForPages(page: Page, locale: 'en' | 'ar') {
  await page.goto('/web-extraction');
  await page.getByTestId('website-add-form').waitFor();
  await screenshot(page, `websites-add-${locale}`);
  await page.getByTestId('website-url').fill(site.url);
  await page.getByTestId('website-scope-site').check();
  await page.getByTestId('website-add').click();
  await page.getByTestId('website-detail').waitFor();
  await expect.poll(() => page.getByTestId('site-state').first().getAttribute('class'), { timeout: 20_000 }).toContain('status-chip--active');
  await expect.poll(() => page.getByTestId('page-row').count(), { timeout: 20_000 }).toBe(14);
  // The site list names the site after its start page.
  await expect.poll(() => page.getByTestId('website-list').innerText(), { timeout: 10_000 }).toContain('Hello world');
}

/** Searching the page table by page name narrows it to one row, and clearing brings every page back. */
async function searchPages(page: Page) {
  await page.getByTestId('page-search').fill('about');
  await page.getByTestId('page-search').press('Enter');
  await expect.poll(() => page.getByTestId('page-row').count(), { timeout: 10_000 }).toBe(1);
  expect(await page.getByTestId('page-row').innerText()).toContain('About us');
  await page.getByTestId('page-search').fill('');
  await page.getByTestId('page-search').press('Enter');
  await expect.poll(() => page.getByTestId('page-row').count(), { timeout: 10_000 }).toBe(14);
}

/**
 * On a phone (390x844) each page is a card: neither the table's box nor the page scrolls sideways, and the header row
 * keeps only its "select all" box, named, which a tap on its name ticks. The pages' panel is photographed.
 */
async function pagesAsCardsOnPhone(page: Page, locale: 'en' | 'ar') {
  await page.setViewportSize({ width: 390, height: 844 });
  const table = page.getByTestId('pages-table');
  const [boxScroll, boxWidth, pageScroll] = await table.evaluate((element) => [element.parentElement!.scrollWidth, element.parentElement!.clientWidth, document.documentElement.scrollWidth]);
  expect(boxScroll, "the pages' table scrolls sideways").toBeLessThanOrEqual(boxWidth);
  expect(pageScroll, 'the page is wider than the phone').toBeLessThanOrEqual(390);
  // The search field shrinks with its panel rather than sticking out of it.
  const [field, panel] = await page.getByTestId('page-search').evaluate((element) => [element.getBoundingClientRect(), element.closest('.panel')!.getBoundingClientRect()].map((box) => ({ left: box.left, right: box.right })));
  expect(field.left, 'the search field sticks out of its panel').toBeGreaterThanOrEqual(panel.left);
  expect(field.right, 'the search field sticks out of its panel').toBeLessThanOrEqual(panel.right);
  expect(await table.locator('thead th').evaluateAll((cells) => cells.filter((th) => getComputedStyle(th).display !== 'none').length)).toBe(1);
  const selectAll = table.locator('.pages-table__select-all');
  expect((await selectAll.innerText()).trim()).toBe(locale === 'ar' ? 'تحديد كل الصفحات المعروضة' : 'Select all pages shown');
  await selectAll.click();
  expect(await page.getByTestId('select-all').isChecked()).toBe(true);
  await table.locator('xpath=ancestor::div[contains(@class, "panel")][1]').screenshot({ path: path.join(SCREENSHOT_DIR, `websites-pages-${locale}-phone.jpg`), ...SHOT });
  await selectAll.click();
  expect(await page.getByTestId('select-all').isChecked()).toBe(false);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The history tab lists the site as a "website" entry whose link re-opens it in web extraction. */
async function historyEntryReopensSite(page: Page, labels: { type: string; open: string; pair: string; confirmDelete: { title: string; message: string; confirm: string } }, locale: 'en' | 'ar') {
  const siteId = new URL(page.url()).searchParams.get('site');
  expect(siteId).toMatch(/^\d+$/);
  await page.goto('/user/translation-history?type=website');
  const entry = page.getByTestId('history-entry').first();
  await entry.waitFor({ timeout: 15_000 });
  expect(await page.getByTestId('history-entry').count()).toBe(1);
  const text = await entry.innerText();
  expect(text).toContain('Hello world');
  expect(text).toContain(`${site.url}/`);
  expect(text).toContain(labels.type);
  expect(text).toContain(labels.pair);
  const open = entry.getByTestId('history-open');
  expect(await open.innerText()).toBe(labels.open);
  await screenshot(page, `websites-history-${locale}`);
  // Deleting the entry deletes the site and its translated pages: asked first; declined, nothing goes.
  const title = await entry.locator('.history-entry__title').textContent();
  await entry.getByTestId('history-delete').click();
  expect(await answerQuestion(page, 'confirm-delete-entry', 'cancel')).toMatchObject({ ...labels.confirmDelete, title: labels.confirmDelete.title.replace('{{title}}', `\u2068${title}\u2069`) });
  expect(await page.getByTestId('history-entry').count()).toBe(1);
  await open.click();
  await expect.poll(() => new URL(page.url()).searchParams.get('site'), { timeout: 10_000 }).toBe(siteId);
  await page.getByTestId('website-detail').waitFor();
  await expect.poll(() => page.getByTestId('page-row').count(), { timeout: 10_000 }).toBe(14);
}

/** Texts of the pages' summary and filter, per language. */
const SKIPPED_TEXTS = {
  en: { found: 'Pages that can be translated: 9', skipped: 'Skipped pages: 5', card: 'Skipped: 5', chip: 'Skipped', robots: "blocked by the site's robots.txt: 1", pageLimit: "beyond this website's page limit" },
  ar: { found: 'الصفحات القابلة للترجمة: 9', skipped: 'الصفحات التي تم تخطّيها: 5', card: 'تم تخطّيها: 5', chip: 'تم تخطّيها', robots: 'يمنعها ملف robots.txt الخاص بالموقع: 1', pageLimit: 'تتجاوز حد الصفحات لهذا الموقع' },
};

/**
 * The summary counts the pages that can be translated, and the skipped ones apart with why; the site's card says
 * the same. "Skipped" in the status filter (or the summary's button) lists only them, each with its reason.
 */
async function skippedPagesShown(page: Page, locale: 'en' | 'ar') {
  const texts = SKIPPED_TEXTS[locale];
  await expect.poll(() => page.getByTestId('pages-found').innerText(), { timeout: 10_000 }).toBe(texts.found);
  expect(await page.getByTestId('pages-skipped').innerText()).toContain(texts.skipped);
  const reasons = await page.getByTestId('skipped-reason').allInnerTexts();
  expect(reasons).toHaveLength(5);
  // (Shown with a capital first letter in English: CSS, which innerText may or may not apply to ::first-letter.)
  expect(reasons.map((reason) => reason.toLowerCase())).toContain(texts.robots);
  expect(await page.getByTestId('website-list').innerText()).toContain(texts.card);
  await page.getByTestId('page-status-filter').selectOption('Skipped');
  await expect.poll(() => page.getByTestId('page-row').count(), { timeout: 10_000 }).toBe(5);
  expect(new Set(await page.getByTestId('status-chip').allInnerTexts())).toEqual(new Set([texts.chip]));
  expect(await page.getByTestId('pages-table').innerText()).toContain(texts.robots.replace(/: 1$/, ''));
  // A skipped page was never read: no word count ("0" said it had none).
  expect(new Set(await page.getByTestId('page-words').allInnerTexts())).toEqual(new Set(['—']));
  await page.getByTestId('page-status-filter').selectOption('Detected');
  await expect.poll(() => page.getByTestId('page-row').count(), { timeout: 10_000 }).toBe(9);
  await page.getByTestId('show-skipped').click();
  await expect.poll(() => page.getByTestId('page-row').count(), { timeout: 10_000 }).toBe(5);
  expect(await page.getByTestId('page-status-filter').inputValue()).toBe('Skipped');
  // Shown already: the button goes.
  expect(await page.getByTestId('show-skipped').count()).toBe(0);
  await page.locator('.pages-summary').screenshot({ path: path.join(SCREENSHOT_DIR, `websites-skipped-summary-${locale}.jpg`), ...SHOT });
  await page.getByTestId('page-status-filter').selectOption('');
  await expect.poll(() => page.getByTestId('page-row').count(), { timeout: 10_000 }).toBe(14);
}

async function translateAllAndPreview(page: Page, target: 'ar' | 'en') {
  await page.getByTestId('translate-target').selectOption(target);
  await page.getByTestId('translate-domain').selectOption('business');
  await page.getByTestId('translate-all').click();
  // The success dialog; its Ok button closes it.
  await page.locator('dialog[open]').waitFor();
  await page.locator('dialog[open] button').last().click();
  await expect.poll(() => page.locator('[data-testid="page-row"][data-status="Active"]').count(), { timeout: 30_000 }).toBe(9);
}

describe('website translation screens', () => {
  it('adds the local site, lists its pages with status chips, searches them, translates into Arabic and previews the result (English interface)', async () => {
    const page = await signedInPage('en');
    await addSiteAndWaitForPages(page, 'en');
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    const chips = await page.getByTestId('status-chip').allInnerTexts();
    expect(chips.filter((c) => c === 'Detected')).toHaveLength(9);
    expect(chips.filter((c) => c === 'Skipped')).toHaveLength(5);
    await expect.poll(() => page.getByTestId('pages-table').innerText(), { timeout: 10_000 }).toContain('blocked by the site\'s robots.txt');
    await screenshot(page, 'websites-pages-en');
    await skippedPagesShown(page, 'en');

    await searchPages(page);

    await translateAllAndPreview(page, 'ar');
    await pagesAsCardsOnPhone(page, 'en');
    await page.locator('[data-testid="page-row"]', { hasText: 'Hello world' }).getByTestId('page-preview').click();
    const frame = page.getByTestId('preview-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('src')).toMatch(/^\/preview\/websites\/\d+\/\d+\.[\w-]+\/index\.html$/);
    const content = page.frameLocator('[data-testid="preview-frame"]');
    await expect.poll(() => content.locator('html').getAttribute('dir'), { timeout: 10_000 }).toBe('rtl');
    expect(await content.locator('html').getAttribute('lang')).toBe('ar');
    expect(await content.locator('h1').innerText()).toBe('أهلا TO THE TEST SITE');
    // The page's own script did not run in the preview.
    expect(await content.locator('body').getAttribute('data-scripted')).toBeNull();
    // A translated link leads to the translated copy inside the preview.
    const link = content.locator('nav a', { hasText: 'عن نحن' });
    expect(await link.getAttribute('href')).toBe('about.html');
    // The panel scrolls into view when opened; click once it has settled.
    let lastTop: number | undefined;
    await expect
      .poll(async () => {
        const top = (await page.getByTestId('preview-panel').boundingBox())?.y;
        const settled = top !== undefined && top === lastTop;
        lastTop = top;
        return settled;
      }, { timeout: 10_000, interval: 150 })
      .toBe(true);
    await link.click();
    await expect.poll(() => content.locator('h1').innerText(), { timeout: 10_000 }).toBe('عن نحن');
    await screenshot(page, 'websites-preview-en');
    await page.getByTestId('preview-panel').screenshot({ path: path.join(SCREENSHOT_DIR, 'websites-preview-frame-en.jpg'), ...SHOT });

    const zip = await page.request.get(await page.getByTestId('export-zip').getAttribute('href') as string);
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');

    await historyEntryReopensSite(page, { type: 'Website', open: 'Open the site', pair: 'English to Arabic', confirmDelete: { title: 'Delete the website “{{title}}”?', message: 'All its translated pages are deleted with it.', confirm: 'Delete website' } }, 'en');
  });

  it('works the same in Arabic, right to left, translating into English', async () => {
    const page = await signedInPage('ar');
    await addSiteAndWaitForPages(page, 'ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // The site's name (Latin) starts where the address under it starts, on the right (its heading had dir="auto").
    const edges = await page.getByTestId('website-detail').evaluate((detail) =>
      [detail.querySelector('[data-testid="site-title"] bdi')!, detail.querySelector('.site-detail__url')!].map((element) => Math.round(element.getBoundingClientRect().right)),
    );
    expect(Math.abs(edges[0]! - edges[1]!), `title and address right edges ${edges.join(', ')}`).toBeLessThanOrEqual(2);
    const chips = await page.getByTestId('status-chip').allInnerTexts();
    expect(chips.filter((c) => c === 'مكتشفة')).toHaveLength(9);
    expect(chips.filter((c) => c === 'تم تخطّيها')).toHaveLength(5);
    // The site's buttons are commands, in the verbal noun («ابحث عن…» was an imperative beside «حذف الموقع»).
    expect(await page.getByTestId('website-recrawl').innerText()).toBe('البحث عن الصفحات الجديدة والمعدّلة');
    await screenshot(page, 'websites-pages-ar');
    await skippedPagesShown(page, 'ar');
    await searchPages(page);

    await translateAllAndPreview(page, 'en');
    await pagesAsCardsOnPhone(page, 'ar');
    expect(await page.getByTestId('status-chip').allInnerTexts()).toContain('نشطة');
    await page.locator('[data-testid="page-row"]', { hasText: 'مرحبا بالعالم' }).getByTestId('page-preview').click();
    const content = page.frameLocator('[data-testid="preview-frame"]');
    await expect.poll(() => content.locator('html').getAttribute('dir'), { timeout: 10_000 }).toBe('ltr');
    expect(await content.locator('html').getAttribute('lang')).toBe('en');
    expect(await content.locator('h1').innerText()).toContain('hello');
    await expect.poll(() => page.getByTestId('site-state').first().innerText(), { timeout: 10_000 }).toBe('جاهز');
    await screenshot(page, 'websites-preview-ar');
    await page.getByTestId('preview-panel').screenshot({ path: path.join(SCREENSHOT_DIR, 'websites-preview-frame-ar.jpg'), ...SHOT });
    // The focus went to the preview with the eyes, and goes back to the row's "Preview" when it closes.
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="preview-panel"]') !== null && document.activeElement?.tagName === 'H3')).toBe(true);
    await page.getByTestId('preview-close').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('page-preview');

    await historyEntryReopensSite(page, { type: 'موقع', open: 'فتح الموقع', pair: 'من العربية إلى الإنجليزية', confirmDelete: { title: 'هل تريد حذف الموقع «{{title}}»؟', message: 'ستُحذف جميع صفحاته المترجمة معه.', confirm: 'حذف الموقع' } }, 'ar');
  });

  // The results panel always said "See plans and pricing", also to a user whose plan already gives the most pages.
  // It shows only where buying a plan would give more pages (the profile's web_pages_upgradable, from entitlements).
  it('offers the plans in the results panel only when another plan gives more pages', async () => {
    const plans = await container.plans.listActive();
    const most = Math.max(...plans.filter((plan) => !plan.is_trial).map((plan) => plan.web_pages));
    const largest = plans.find((plan) => !plan.is_trial && plan.web_pages === most)!;
    for (const locale of ['en', 'ar'] as const) {
      for (const [slug, offered] of [['hobbyist', true], [largest.slug, false]] as const) {
        const page = await signedInPage(locale, slug);
        await page.goto('/web-extraction');
        await page.getByTestId('website-url').fill(site.url);
        await page.getByTestId('website-add').click();
        await page.getByTestId('website-detail').waitFor();
        const panel = page.locator('.results-panel');
        await panel.waitFor();
        await expect.poll(() => page.getByTestId('websites-see-plans').count(), { timeout: 10_000 }).toBe(offered ? 1 : 0);
        if (offered) expect(await page.getByTestId('websites-see-plans').innerText()).toBe(locale === 'ar' ? 'عرض الباقات والأسعار' : 'See plans and pricing');
        for (const [size, viewport] of Object.entries({ desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } })) {
          await page.setViewportSize(viewport);
          await panel.screenshot({ path: path.join(SCREENSHOT_DIR, `websites-results-${offered ? 'plans-offered' : 'largest-plan'}-${locale}-${size}.jpg`), ...SHOT });
        }
      }
    }
  });

  it('shows the server\'s message for an address it refuses', async () => {
    const page = await signedInPage('en');
    await page.goto('/web-extraction');
    await page.getByTestId('website-url').fill('http://169.254.169.254/latest/meta-data/');
    await page.getByTestId('website-add').click();
    await expect.poll(() => page.getByRole('alert').first().innerText(), { timeout: 10_000 }).toContain('only public http and https websites can be fetched');
  });
});

describe.each(['en', 'ar'] as const)('a page translated with the glossary and the translation memory (%s)', (locale) => {
  it('the results panel and the page preview say which glossary terms were applied and how many sentences show approved corrections', async () => {
    const page = await signedInPage(locale);
    const me = await apiCall(page, 'GET', '/api/user');
    throughPipeline.add(me.body.data?.id ?? me.body.id);
    // Two glossary terms of the user's own, and a correction approved in the translator.
    for (const [source_term, target_term] of [
      ['site', 'الموقع'],
      ['report', 'التقرير'],
    ]) {
      expect((await apiCall(page, 'POST', '/api/user/glossary', { source_lang: 'en', target_lang: 'ar', source_term, target_term })).status).toBe(201);
    }
    const translated = await apiCall(page, 'POST', '/api/translate', { text: 'Hello world', source_lang: 'en', target_lang: 'ar' });
    expect(translated.status).toBe(200);
    const translationId = JSON.parse(translated.body.data).segments[0].translationId as string;
    expect((await apiCall(page, 'POST', '/api/user/suggested-translation', { translationId, suggestedTranslation: 'مرحبًا بالعالم' })).status).toBe(200);

    // One page (the start page), into Arabic.
    await page.goto('/web-extraction');
    await page.getByTestId('website-url').fill(site.url);
    await page.getByTestId('website-scope-page').check();
    await page.getByTestId('website-add').click();
    await page.getByTestId('website-detail').waitFor();
    await expect.poll(() => page.getByTestId('page-row').count(), { timeout: 20_000 }).toBe(1);
    await page.getByTestId('translate-target').selectOption('ar');
    await page.getByTestId('translate-all').click();
    await page.locator('dialog[open]').waitFor();
    await page.locator('dialog[open] button').last().click();
    await expect.poll(() => page.locator('[data-testid="page-row"][data-status="Active"]').count(), { timeout: 30_000 }).toBe(1);

    // The title is the approved correction (counted as a correction, as the translator lists it, and
    // not as memory); "site" (the heading and the description) and "report" (a link) were applied.
    const correctionsLine = locale === 'ar' ? 'تعرض جملة واحدة تصحيحك المعتمد بدلًا من الترجمة الآلية' : '1 sentence shows your approved correction instead of the machine translation';
    const expectNote = async (testId: string) => {
      const note = page.getByTestId(testId);
      await note.waitFor({ timeout: 10_000 });
      expect(await note.getByTestId('corrections-applied').innerText()).toBe(correctionsLine);
      expect(await note.getByTestId('memory-applied').count()).toBe(0);
      expect(await note.getByTestId('glossary-applied-title').innerText()).toBe(locale === 'ar' ? 'طُبِّق المسرد: مصطلحان' : 'Glossary applied: 2 terms');
      const arrow = locale === 'ar' ? '←' : '→';
      expect(await note.locator('li').allInnerTexts()).toEqual([`site ${arrow} الموقع`, `report ${arrow} التقرير`]);
    };
    await expectNote('website-applied');
    await page.getByTestId('page-preview').click();
    await expectNote('page-applied');
    await expect.poll(() => page.frameLocator('[data-testid="preview-frame"]').locator('html').getAttribute('lang'), { timeout: 10_000 }).toBe('ar');
    // Its images come from the site: relative, lazily loaded, srcset, <noscript> (no script runs), and the backgrounds.
    const images = page.frameLocator('[data-testid="preview-frame"]').locator('img[width="8"]');
    await expect.poll(() => images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth)), { timeout: 10_000 }).toEqual([1, 1, 1, 1]);
    // The site is http: its images come through Lisan (an https Lisan's browser would upgrade them to https).
    expect(await images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).currentSrc.includes('/preview/website-assets/')))).toBe(true);
    await expect.poll(() => ['/img/inline-bg.png', '/img/from-stylesheet.png'].filter((path) => site.requests.includes(path)), { timeout: 10_000 }).toHaveLength(2);
    await screenshotsAtBothSizes(page, `websites-glossary-applied-${locale}`, { width: 1280, height: 800 });
    await page.locator('.results-panel').screenshot({ path: path.join(SCREENSHOT_DIR, `websites-glossary-applied-results-${locale}.jpg`), ...SHOT });

    // A reviewed XLIFF imported with the preview open: the reviewed unit (the "Secret page" link, the engine's)
    // is a second correction on the page and the site, and the open preview shows the review.
    const siteId = Number(new URL(page.url()).searchParams.get('site'));
    const xliff = await page.evaluate(async (url) => (await fetch(url)).text(), `/api/websites/${siteId}/export?format=xliff`);
    const reviewed = xliff.replace(/(<source>Secret page<\/source>\s*<target[^>]*>)[^<]*(<\/target>)/, '$1الصفحة السرية المراجعة$2');
    expect(reviewed).not.toBe(xliff);
    await page.getByTestId('import-xliff').setInputFiles({ name: 'review.xlf', mimeType: 'application/xml', buffer: Buffer.from(reviewed, 'utf8') });
    const imported = page.locator('dialog[open]');
    await imported.waitFor();
    expect(await imported.innerText()).toMatch(locale === 'ar' ? /الترجمات المراجَعة المطبَّقة: [1١]\./ : /Reviewed translations applied: 1\./);
    // Nothing was skipped, so the dialog does not say "Skipped: 0".
    expect(await imported.innerText()).not.toMatch(/Skipped|تخطّيها/);
    await imported.locator('button').last().click();
    const twoCorrections = locale === 'ar' ? 'تعرض جملتان تصحيحاتك المعتمدة بدلًا من الترجمة الآلية' : '2 sentences show your approved corrections instead of the machine translation';
    for (const testId of ['website-applied', 'page-applied']) {
      await expect.poll(() => page.getByTestId(testId).getByTestId('corrections-applied').innerText(), { timeout: 10_000 }).toBe(twoCorrections);
    }
    await expect.poll(() => page.frameLocator('[data-testid="preview-frame"]').locator('ul').innerText(), { timeout: 10_000 }).toContain('الصفحة السرية المراجعة');
    await screenshotsAtBothSizes(page, `websites-reviewed-applied-${locale}`, { width: 1280, height: 800 });

    // The site's history entry shows the same note (the review's correction with it), from the list itself, without the glossary link.
    await page.goto('/user/translation-history?type=website');
    const entryNote = page.locator('[data-testid="history-entry"][data-type="website"]').getByTestId('history-applied');
    await entryNote.waitFor({ timeout: 10_000 });
    expect(await entryNote.getByTestId('corrections-applied').innerText()).toBe(twoCorrections);
    expect(await entryNote.getByTestId('memory-applied').count()).toBe(0);
    expect(await entryNote.getByRole('link').count()).toBe(0);
    expect(await entryNote.evaluate((element) => getComputedStyle(element).direction)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    await screenshotsAtBothSizes(page, `websites-history-applied-${locale}`, { width: 1280, height: 800 });

    // Deleting the site from the history asks first and then says what went: the site and its pages.
    await page.locator('[data-testid="history-entry"][data-type="website"]').getByTestId('history-delete').click();
    expect((await answerQuestion(page, 'confirm-delete-entry', 'confirm')).message).toBe(locale === 'ar' ? 'ستُحذف جميع صفحاته المترجمة معه.' : 'All its translated pages are deleted with it.');
    const said = page.locator('dialog[open]');
    await said.waitFor();
    expect(await said.innerText()).toContain(locale === 'ar' ? 'حُذف الموقع وصفحاته المترجمة.' : 'The website and its translated pages were deleted.');
  });
});

describe.each(['en', 'ar'] as const)('pages past the page limit (%s)', (locale) => {
  it('counts only the pages that can be translated, lists the ones past the limit as skipped with the reason, and the filter shows them', async () => {
    // A home page linking 12 pages (and the sitemap's page), added by a user of the free trial (10 pages).
    const big = await startFixtureSiteOfPages(12);
    try {
      const page = await signedInPage(locale, 'free-trial', new Date(Date.now() + 5 * 86_400_000));
      await page.goto('/web-extraction');
      await page.getByTestId('website-url').fill(big.url);
      await page.getByTestId('website-add').click();
      await page.getByTestId('website-detail').waitFor();
      await expect.poll(() => page.getByTestId('site-state').first().getAttribute('class'), { timeout: 20_000 }).toContain('status-chip--active');
      await expect.poll(() => page.getByTestId('page-row').count(), { timeout: 20_000 }).toBe(14);
      const texts = SKIPPED_TEXTS[locale];
      // Polled: the list's card can say Ready a moment before the open site's detail is read again.
      await expect.poll(() => page.getByTestId('pages-found').innerText(), { timeout: 10_000 }).toBe(texts.found.replace('9', '10'));
      expect((await page.getByTestId('skipped-reason').allInnerTexts()).map((reason) => reason.toLowerCase())).toEqual([`${texts.pageLimit}: 4`]);
      await page.getByTestId('show-skipped').click();
      await expect.poll(() => page.getByTestId('page-row').count(), { timeout: 10_000 }).toBe(4);
      expect(await page.getByTestId('pages-table').innerText()).toContain(texts.pageLimit);
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await page.getByTestId('pages-summary').scrollIntoViewIfNeeded();
      await screenshotsAtBothSizes(page, `websites-page-limit-${locale}`, { width: 1280, height: 800 });

      // Two of the month's ten pages left and ten asked: the refusal offers the two that fit, and says what was left.
      const me = await apiCall(page, 'GET', '/api/user');
      await container.ledger.consume({ metric: 'web_pages', amount: 8, subjects: [{ subject: `user:${me.body.data?.id ?? me.body.id}`, limit: null }] });
      await page.getByTestId('page-status-filter').selectOption('');
      await page.getByTestId('translate-all').click();
      await page.locator('dialog[open][data-testid="translate-fit"]').waitFor();
      await screenshotsAtBothSizes(page, `websites-fit-${locale}`, { width: 1280, height: 800 });
      expect((await answerQuestion(page, 'translate-fit', 'confirm')).confirm).toBe(locale === 'ar' ? 'ترجمة صفحتين' : 'Translate 2 pages');
      const told = page.locator('dialog[open]');
      await told.waitFor();
      expect(await told.innerText()).toContain(locale === 'ar' ? 'الصفحات التي لم تُرسل لنفاد صفحات الويب لهذا الشهر: 8.' : 'Left as they are, for lack of web pages this month: 8.');
      await screenshotsAtBothSizes(page, `websites-fit-done-${locale}`, { width: 1280, height: 800 });
      await expect.poll(() => page.locator('[data-testid="page-row"][data-status="Active"]').count(), { timeout: 20_000 }).toBe(2);
    } finally {
      await big.close();
    }
  });
});

describe.each(['en', 'ar'] as const)('reopening the last site (%s)', (locale) => {
  const siteInAddress = (page: Page) => Number(new URL(page.url()).searchParams.get('site'));
  const detailTitle = (page: Page) => page.getByTestId('website-detail').locator('h2').innerText();
  /** Adds one page as a site and waits until the page shows it, crawled; returns the site's id (from the address). */
  async function addPage(page: Page, pathName: string, title: string) {
    const before = siteInAddress(page);
    await page.getByTestId('website-url').fill(`${site.url}${pathName}`);
    await page.getByTestId('website-scope-page').check();
    await page.getByTestId('website-add').click();
    await expect.poll(() => siteInAddress(page), { timeout: 10_000 }).not.toBe(before);
    await expect.poll(() => detailTitle(page), { timeout: 20_000 }).toBe(title);
    await expect.poll(() => page.getByTestId('page-row').count(), { timeout: 20_000 }).toBe(1);
    return siteInAddress(page);
  }

  it('opens the site the user opened last when the page is opened from the menu, keeps it in the address for back, forward and reload, and falls back to the most recent site', async () => {
    const page = await signedInPage(locale);
    await page.goto('/web-extraction');
    await page.getByTestId('website-add-form').waitFor();
    // No site yet: the start state.
    expect(await page.getByTestId('website-detail').count()).toBe(0);
    const about = await addPage(page, '/about', 'About us');
    const contact = await addPage(page, '/contact', 'Contact');
    expect(siteInAddress(page)).toBe(contact);

    // Choosing a site is a step in the browser's history.
    await page.getByTestId('website-list').getByRole('button', { name: /About us/ }).click();
    await expect.poll(() => siteInAddress(page)).toBe(about);
    await expect.poll(() => detailTitle(page), { timeout: 10_000 }).toBe('About us');
    await page.goBack();
    await expect.poll(() => siteInAddress(page)).toBe(contact);
    await expect.poll(() => detailTitle(page), { timeout: 10_000 }).toBe('Contact');
    await page.goForward();
    await expect.poll(() => siteInAddress(page)).toBe(about);

    // Elsewhere, then "Website translation" in the menu: the site opened last, not the empty start state.
    await page.goto('/dashboard');
    await page.locator('.site-nav a[href="/web-extraction"]').click();
    await expect.poll(() => siteInAddress(page), { timeout: 10_000 }).toBe(about);
    await expect.poll(() => detailTitle(page), { timeout: 10_000 }).toBe('About us');
    await page.reload();
    await expect.poll(() => detailTitle(page), { timeout: 10_000 }).toBe('About us');
    // A new site stays one step away: the add form is on the page.
    expect(await page.getByTestId('website-url').isVisible()).toBe(true);
    await screenshotsAtBothSizes(page, `websites-reopened-${locale}`, { width: 1280, height: 800 });

    // Deleted: the start state at once; from the menu later, the most recently updated site.
    // The deleted site is not read again as its view closes (no 404 in the console).
    const notFound: string[] = [];
    const on404 = (response: { status(): number; url(): string }) => {
      if (response.status() === 404) notFound.push(response.url());
    };
    page.on('response', on404);
    await page.getByTestId('website-detail').getByRole('button', { name: locale === 'ar' ? 'حذف الموقع' : 'Delete website' }).click();
    await answerQuestion(page, 'confirm-delete-site', 'confirm');
    await expect.poll(() => new URL(page.url()).searchParams.get('site'), { timeout: 10_000 }).toBeNull();
    // The address changes before React draws the page without the site: waited for, not read once.
    await expect.poll(() => page.getByTestId('website-detail').count(), { timeout: 10_000 }).toBe(0);
    await page.waitForLoadState('networkidle');
    page.off('response', on404);
    expect(notFound).toEqual([]);
    // The start state: no other site opened under the user's hand, nothing said about the deleted one.
    expect(await page.getByTestId('website-missing').count()).toBe(0);
    await page.goto('/dashboard');
    await page.locator('.site-nav a[href="/web-extraction"]').click();
    await expect.poll(() => siteInAddress(page), { timeout: 10_000 }).toBe(contact);
    await expect.poll(() => detailTitle(page), { timeout: 10_000 }).toBe('Contact');

    // A remembered site the server no longer has (deleted in another browser): the most recent one, and it is forgotten.
    const me = await apiCall(page, 'GET', '/api/user');
    const userId = me.body.data?.id ?? me.body.id;
    await page.evaluate((key) => window.localStorage.setItem(key, '987654321'), `lisan.websites.lastSite.${userId}`);
    await page.goto('/web-extraction');
    await expect.poll(() => siteInAddress(page), { timeout: 10_000 }).toBe(contact);
    await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), `lisan.websites.lastSite.${userId}`), { timeout: 10_000 }).toBe(String(contact));

    // An address naming a site the user does not have says so (it was an empty page).
    await page.goto('/web-extraction?site=987654321');
    await expect.poll(() => page.getByTestId('website-missing').innerText(), { timeout: 10_000 }).toBe(locale === 'ar' ? 'لم يعد هذا الموقع في قائمتك.' : 'This website is no longer in your list.');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), `lisan.websites.lastSite.${userId}`)).toBe(String(contact));
  });
});

describe.each(['en', 'ar'] as const)('a list of more sites than a page holds (%s)', (locale) => {
  it('pages through every site, 20 a page, newest first', async () => {
    const page = await signedInPage(locale);
    const me = await apiCall(page, 'GET', '/api/user');
    const userId: number = me.body.data?.id ?? me.body.id;
    const repo = createWebsitesRepo(container.database.db);
    const start = Date.parse('2026-11-01T00:00:00Z');
    for (let i = 1; i <= 23; i++) {
      await repo.createSite({ user_id: userId, url: `https://site-${i}.example/`, scope: 'page', page_limit: 1, title: `Site ${i}`, now: new Date(start + i * 60_000) });
    }
    await page.goto('/web-extraction');
    const titles = page.getByTestId('website-list').locator('.site-card__title');
    await expect.poll(() => titles.count(), { timeout: 15_000 }).toBe(20);
    expect(await titles.first().innerText()).toBe('Site 23');
    const pager = page.getByRole('navigation', { name: locale === 'ar' ? 'الصفحات' : 'Pages' });
    await expect.poll(() => pager.innerText()).toMatch(locale === 'ar' ? /الصفحة (1|١) من (2|٢) \(المجموع (23|٢٣)\)/ : /Page 1 of 2 \(23 in all\)/);
    await pager.getByRole('button', { name: locale === 'ar' ? 'التالي' : 'Next' }).click();
    await expect.poll(() => titles.allInnerTexts()).toEqual(['Site 3', 'Site 2', 'Site 1']);
    expect(await pager.getByRole('button', { name: locale === 'ar' ? 'التالي' : 'Next' }).isDisabled()).toBe(true);
    await screenshot(page, `websites-list-page-2-${locale}`);
    await pager.getByRole('button', { name: locale === 'ar' ? 'السابق' : 'Previous' }).click();
    await expect.poll(() => titles.count()).toBe(20);
    expect(await titles.first().innerText()).toBe('Site 23');
  });
});
