// The first hour of a new user (issue 14), in English and Arabic, desktop and mobile: the
// dashboard after signing in, the check-your-e-mail page's header, the pricing grid, empty
// content sections, banners, the language switch, billing confirmations and the translator.
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { apiCall, baseUrl, closeBrowserConnection, newContext, screenshot, screenshotsAtBothSizes, signInThroughForm, signUpVerified } from './helpers';

type Locale = 'en' | 'ar';

const VIEWPORTS = { desktop: { width: 1366, height: 900 }, mobile: { width: 390, height: 844 } } as const;

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await closeBrowserConnection();
});

async function openPage(locale: Locale, options: { consent?: boolean } = {}): Promise<Page> {
  const context = await newContext(locale);
  contexts.push(context);
  if (options.consent !== false) await context.addInitScript(() => localStorage.setItem('lisan.consent', 'accepted'));
  return context.newPage();
}

/** The shared desktop and mobile screenshots, named for this file. */
const screenshots = (page: Page, name: string) => screenshotsAtBothSizes(page, `first-hour-${name}`);

/** Polls long enough for a loaded machine (vitest's default is one second). */
const POLL = { timeout: 15_000 };

const pathOf = (page: Page) => new URL(page.url()).pathname;
const newEmail = (tag: string) => `first-hour-${tag}-${randomBytes(4).toString('hex')}@example.com`;
const PASSWORD = 'first-hour-password-1';

async function newUser(page: Page, tag: string) {
  const email = newEmail(tag);
  await signUpVerified(page, { name: `Dana ${tag}`, email, password: PASSWORD });
  return email;
}

describe.each(['en', 'ar'] as const)('first hour (%s)', (locale) => {
  it('signing in lands on a real dashboard: translator one click away, plan, trial days, usage, quick links, recent history', async () => {
    const page = await openPage(locale);
    const email = await newUser(page, `dash-${locale}`);
    expect((await apiCall(page, 'POST', '/api/translate', { text: `Dashboard note ${locale}`, source_lang: 'en', target_lang: 'ar' })).status).toBe(200);
    // The trial includes the developer API: a program translates with a key, then asks for its usage.
    const created = await apiCall(page, 'POST', '/api/user/api-keys', { name: 'Dashboard key' });
    expect(created.status).toBe(201);
    const auth = { authorization: `DeepL-Auth-Key ${created.body.data.key as string}` };
    const translated = await fetch(`${baseUrl()}/v2/translate`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ text: ['Good morning.'], target_lang: 'AR' }) });
    expect(translated.status).toBe(200);
    const apiUsage = (await (await fetch(`${baseUrl()}/v2/usage`, { headers: auth })).json()) as { character_count: number; character_limit: number };
    expect(apiUsage.character_count).toBe(13);
    await apiCall(page, 'POST', '/mt/logout');
    await signInThroughForm(page, email, PASSWORD);
    expect(pathOf(page)).toBe('/dashboard');

    const dashboard = page.getByTestId('dashboard');
    await dashboard.waitFor();
    expect(await page.getByTestId('coming-soon').count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toMatch(/Coming soon|قريباً/);
    // The signed-in navigation leads to the translator, and so does the dashboard's first button.
    expect(await page.locator('.site-nav a[href="/translate"]').count()).toBe(1);
    expect(await page.getByTestId('dashboard-translate').getAttribute('href')).toBe('/translate');
    // A new account is on the trial: its days left are shown.
    expect(await page.getByTestId('dashboard-trial-days').innerText()).toMatch(/\d/);
    // Usage against the plan: the text translated above counts, and so does the API's (one text request).
    await expect.poll(() => page.getByTestId('dashboard-usage-texts').innerText(), POLL).toMatch(/^2\D/);
    expect(await page.getByTestId('dashboard-usage-documents').count()).toBe(1);
    expect(await page.getByTestId('dashboard-usage-pages').count()).toBe(1);
    // The API characters meter: /v2/usage's figures, labelled in the page's language.
    const number = (value: number) => new Intl.NumberFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en-US').format(value);
    const apiMeter = page.getByTestId('dashboard-usage-apiCharacters');
    await expect.poll(() => apiMeter.innerText(), POLL).toBe(`${number(apiUsage.character_count)} ${locale === 'ar' ? 'من' : 'of'} ${number(apiUsage.character_limit)}`);
    expect(await page.getByTestId('dashboard-usage').innerText()).toContain(locale === 'ar' ? 'أحرف الواجهة البرمجية هذا الشهر' : 'API characters this month');
    expect(await page.getByTestId('dashboard-link-documents').getAttribute('href')).toBe('/translate/documents');
    expect(await page.getByTestId('dashboard-link-websites').getAttribute('href')).toBe('/web-extraction');
    // Both translations are in the recent history (the API's too).
    await expect.poll(() => page.getByTestId('dashboard-recent').locator('[data-testid="history-entry"]').count(), POLL).toBe(2);
    expect(await page.getByTestId('dashboard-recent').innerText()).toContain(`Dashboard note ${locale}`);
    await screenshots(page, `dashboard-${locale}`);
    // A smaller laptop screen too (1280x800): the meters' grid at that width.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await screenshot(page, `first-hour-dashboard-${locale}-laptop`);

    await page.getByTestId('dashboard-translate').click();
    await expect.poll(() => pathOf(page), POLL).toBe('/translate');
  });

  it('the check-your-e-mail page offers only "sign out" in the header, never sign in / sign up', async () => {
    const page = await openPage(locale);
    await page.goto('/');
    const email = newEmail(`check-${locale}`);
    const registered = await apiCall(page, 'POST', '/mt/register', { name: 'Unverified', email, password: PASSWORD, password_confirmation: PASSWORD });
    expect(registered.status).toBe(201);
    await page.goto('/check-email');
    await page.getByTestId('header-sign-out').waitFor();
    const header = page.locator('.site-header');
    expect(await header.locator('a[href="/login"]').count()).toBe(0);
    expect(await header.locator('a[href="/register"]').count()).toBe(0);
    await screenshots(page, `check-email-${locale}`);
    await page.getByTestId('header-sign-out').click();
    await expect.poll(() => header.locator('a[href="/login"]').count(), POLL).toBe(1);
  });
});

/** For each row of cards (same top), the inline extent they cover together. */
async function rowsOf(page: Page) {
  return page.getByTestId('pricing-grid').evaluate((grid) => {
    const box = grid.getBoundingClientRect();
    const rows = new Map<number, Array<{ left: number; right: number }>>();
    for (const card of grid.querySelectorAll('[data-testid="plan-card"]')) {
      const rect = card.getBoundingClientRect();
      const top = Math.round(rect.top);
      rows.set(top, [...(rows.get(top) ?? []), { left: rect.left, right: rect.right }]);
    }
    return {
      grid: { left: box.left, right: box.right },
      rows: [...rows.values()].map((cards) => ({ count: cards.length, left: Math.min(...cards.map((c) => c.left)), right: Math.max(...cards.map((c) => c.right)) })),
    };
  });
}

describe('pricing grid', () => {
  it.each(['en', 'ar'] as const)('is composed at every width from 390 to 1920 px (%s): every row spans the grid, no card alone on a short row', async (locale) => {
    const page = await openPage(locale);
    await page.goto('/pricing');
    await page.getByTestId('plan-card').first().waitFor();
    const cards = await page.getByTestId('plan-card').count();
    expect(cards).toBeGreaterThanOrEqual(4);
    for (const width of [390, 480, 640, 768, 900, 1024, 1180, 1280, 1366, 1600, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      const layout = await rowsOf(page);
      for (const row of layout.rows) {
        expect(Math.abs(row.left - layout.grid.left), `${locale} ${width}px row of ${row.count}`).toBeLessThan(2);
        expect(Math.abs(row.right - layout.grid.right), `${locale} ${width}px row of ${row.count}`).toBeLessThan(2);
      }
      // Wide screens show every plan side by side.
      if (width >= 1366) expect(layout.rows.length, `${locale} ${width}px`).toBe(1);
    }
    await page.setViewportSize({ width: 1024, height: 900 });
    await screenshot(page, `first-hour-pricing-${locale}-1024`);
    await screenshots(page, `pricing-${locale}`);
  });
});

describe('empty content sections and banners', () => {
  it('hides an empty case-study section from the footer and the webinar link until it has a post; a dismissed webinar stays dismissed in both languages', async () => {
    const admin = await openPage('en');
    await signInThroughForm(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const published = await apiCall(admin, 'GET', '/api/content/case-studies');
    expect(published.body.data).toEqual([]); // no other browser test writes case studies
    const saved = await apiCall(admin, 'POST', '/api/admin/update-site-settings', { webinar_link_en: '/case-studies', webinar_link_ar: '/case-studies' });
    expect(saved.status).toBe(200);
    let createdId: number | null = null;
    try {
      const visitor = await openPage('en');
      await visitor.goto('/');
      const banner = visitor.getByTestId('webinar-banner');
      await banner.waitFor();
      await visitor.locator('.site-footer a[href="/about"]').waitFor();
      // The section lists have answered (the footer's blog link depends on them too).
      await visitor.waitForLoadState('networkidle');
      expect(await visitor.locator('.site-footer a[href="/case-studies"]').count()).toBe(0);
      expect(await banner.locator('a').count()).toBe(0);
      await screenshots(visitor, 'empty-sections-en');

      const created = await apiCall(admin, 'POST', '/api/admin/content', {
        section: 'case-studies',
        slug: `first-hour-${randomBytes(3).toString('hex')}`,
        title_en: 'A ministry translates its forms',
        title_ar: 'وزارة تترجم نماذجها',
        summary_en: 'Forms in both languages.',
        summary_ar: 'نماذج باللغتين.',
        body_en: 'Forms in both languages, the same day.',
        body_ar: 'نماذج باللغتين في اليوم نفسه.',
        published: true,
      });
      expect(created.status).toBe(201);
      createdId = created.body.data.id;
      const reader = await openPage('ar');
      await reader.goto('/');
      await reader.locator('.site-footer a[href="/case-studies"]').waitFor();
      await reader.getByTestId('webinar-banner').locator('a[href="/case-studies"]').waitFor();

      // Dismissed in Arabic, still dismissed after switching to English (and back).
      await reader.getByTestId('webinar-banner').locator('.webinar-banner__close').click();
      await reader.getByTestId('webinar-banner').waitFor({ state: 'detached' });
      await reader.getByTestId('lang-switch').click();
      await expect.poll(() => reader.locator('html').getAttribute('dir'), POLL).toBe('ltr');
      expect(await reader.getByTestId('webinar-banner').count()).toBe(0);
      await reader.reload();
      await reader.locator('.site-footer a[href="/about"]').waitFor();
      expect(await reader.getByTestId('webinar-banner').count()).toBe(0);
    } finally {
      if (createdId !== null) await apiCall(admin, 'POST', `/api/admin/content/${createdId}/delete`);
      await apiCall(admin, 'POST', '/api/admin/update-site-settings', { webinar_link_en: '/blog', webinar_link_ar: '/blog' });
    }
  });

  it.each(['en', 'ar'] as const)('a cookie choice holds across a language switch (%s)', async (locale) => {
    const page = await openPage(locale, { consent: false });
    await page.goto('/');
    await page.getByTestId('consent-banner').waitFor();
    await page.getByTestId('consent-decline').click();
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.locator('html').getAttribute('dir'), POLL).toBe(locale === 'ar' ? 'ltr' : 'rtl');
    await page.reload();
    await page.getByTestId('lang-switch').waitFor();
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
  });
});

describe('language switch', () => {
  it.each(['en', 'ar'] as const)('keeps the globe icon in the crowded admin header and closes the mobile menu after switching (%s)', async (locale) => {
    const page = await openPage(locale);
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const width of [1366, 1180]) {
      await page.setViewportSize({ width, height: 900 });
      const icon = await page.locator('.language-switch__icon').boundingBox();
      expect(icon?.width, `${width}px`).toBeGreaterThanOrEqual(16);
      expect(icon?.height, `${width}px`).toBeGreaterThanOrEqual(16);
    }
    await screenshots(page, `admin-header-${locale}`);

    await page.setViewportSize(VIEWPORTS.mobile);
    await page.locator('.menu-toggle').click();
    await expect.poll(() => page.locator('.menu-toggle').getAttribute('aria-expanded'), POLL).toBe('true');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.locator('html').getAttribute('dir'), POLL).toBe(locale === 'ar' ? 'ltr' : 'rtl');
    await expect.poll(() => page.locator('.menu-toggle').getAttribute('aria-expanded'), POLL).toBe('false');
    expect(await page.locator('#site-menu').isVisible()).toBe(false);
  });
});

describe('translator', () => {
  it.each([
    ['en', 'الشركة وقعت العقد أمس في الرياض.', 'left'],
    ['ar', 'The company signed the contract yesterday.', 'right'],
  ] as const)('keeps the clear button off the first word when the text runs the other way (%s interface)', async (locale, text, side) => {
    const page = await openPage(locale);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.goto('/translate');
      await page.getByTestId('source-text').fill(text);
      const clear = page.locator('.source-editor__clear');
      await clear.waitFor();
      const field = (await page.locator('.source-editor__field').boundingBox())!;
      const button = (await clear.boundingBox())!;
      // The text starts on the other side: the button sits at the end of the text.
      if (side === 'left') expect(button.x + button.width / 2, size).toBeLessThan(field.x + field.width / 2);
      else expect(button.x + button.width / 2, size).toBeGreaterThan(field.x + field.width / 2);
      // And the text's end padding keeps it clear of the words.
      const padding = await page.getByTestId('source-text').evaluate((el) => getComputedStyle(el).paddingInlineEnd);
      expect(parseFloat(padding), size).toBeGreaterThanOrEqual(button.width);
      await screenshot(page, `first-hour-clear-button-${locale}-${size}`);
    }
  });
});

describe('translator detection', () => {
  it.each(['en', 'ar'] as const)('detects every new text and flips the pair by itself, saying so (%s)', async (locale) => {
    const page = await openPage(locale);
    await page.goto('/translate');
    const source = page.getByTestId('source-text');
    await source.fill('The company signed the contract.');
    await page.getByTestId('translate').click();
    await expect.poll(() => page.getByTestId('translation-output').getAttribute('lang'), POLL).toBe('ar');

    // Arabic next: no "already in the target language" error, the pair flips and the swap is shown.
    await source.fill('وقعت الشركة العقد أمس.');
    const notice = page.locator('.translator__notice');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(locale === 'en' ? /Arabic.*English/ : /العربية.*الإنجليزية/);
    await screenshots(page, `translator-flipped-${locale}`);
    await page.getByTestId('translate').click();
    await expect.poll(() => page.getByTestId('translation-output').getAttribute('lang'), POLL).toBe('en');
    expect(await page.locator('dialog.dialog--error[open]').count()).toBe(0);
  });
});

describe('web bundle', () => {
  it('the home page loads only what it shows, and no script chunk is over 500 kB', async () => {
    const page = await openPage('en');
    const scripts: Array<{ url: string; size: number }> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') void response.body().then((body) => scripts.push({ url: response.url(), size: body.length }));
    });
    await page.goto('/');
    await page.getByTestId('plan-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const names = scripts.map((script) => new URL(script.url).pathname);
    for (const other of ['dashboard-page', 'membership-page', 'document-translator-page', 'history-page', 'team-page', 'admin-', 'login-page', 'rrweb-player']) {
      expect(names.filter((name) => name.includes(other)), other).toEqual([]);
    }
    for (const script of scripts) expect(script.size, script.url).toBeLessThan(500_000);
  });
});

describe('admin screens', () => {
  it.each(['en', 'ar'] as const)('preselect the user\'s plan, agree on trial days between list and detail, and label the payment gateway (%s)', async (locale) => {
    const visitor = await openPage(locale);
    const email = await newUser(visitor, `admin-view-${locale}`);
    const admin = await openPage(locale);
    await signInThroughForm(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const list = await apiCall(admin, 'GET', `/api/admin/users?q=${encodeURIComponent(email)}`);
    const row = list.body.data.find((user: { email: string }) => user.email === email);
    const detail = await apiCall(admin, 'GET', `/api/admin/users/${row.id}`);
    expect(row.trial_remaining_days).toBe(detail.body.data.trial_remaining_days);

    await admin.goto(`/admin/users/${row.id}`);
    const select = admin.getByTestId('admin-plan-select');
    await select.waitFor();
    await expect.poll(() => select.inputValue(), POLL).toBe(String(detail.body.data.plan.id));
    expect(await admin.getByTestId('admin-user-trial').innerText()).toBe(String(row.trial_remaining_days));
    await screenshots(admin, `admin-user-${locale}`);

    await admin.goto('/admin/site-settings');
    const gateway = admin.locator('select option[value="sandbox"]');
    await gateway.waitFor({ state: 'attached' });
    expect(await gateway.innerText()).not.toBe('sandbox');
  });
});
