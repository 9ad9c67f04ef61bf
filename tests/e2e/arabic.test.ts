// The product in Arabic, screen by screen, with the counts a native reader trips over
// (1, 2, 3, 11 and 100 documents or users): home, pricing, translator, documents, team and
// admin screens, desktop and mobile, screenshots kept in .test-results/screenshots/. Also the
// header's language switch: a signed-in user's choice is saved to the account.
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { apiCall, baseUrl, closeBrowserConnection, newConsentedPage, screenshot, screenshotsAtBothSizes, sharedBrowser, signInThroughForm, signUpVerified } from './helpers';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeBrowserConnection();
});

const open = (locale: 'en' | 'ar') => newConsentedPage(locale, contexts);


async function adminPage(): Promise<Page> {
  const page = await open('ar');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  return page;
}

const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

describe('Arabic screens', () => {
  it('home and pricing: Arabic terms, plan features laid out right to left', async () => {
    const page = await open('ar');
    await page.goto('/');
    await page.getByTestId('plan-card').first().waitFor();
    const body = await page.locator('main').innerText();
    expect(body).not.toContain('خطة');
    expect(body).not.toMatch(EASTERN_DIGITS);
    expect(body).toContain('أنشئ حسابًا مجانيًا');
    // The network's size goes through the number formatter (Latin digits, Arabic grouping).
    expect(await page.locator('.trust-strip').innerText()).toContain('أكثر من 35,000 لغوي');
    await screenshotsAtBothSizes(page, 'arabic-home');

    await page.goto('/pricing');
    const feature = page.getByTestId('plan-card').first().locator('.plan-card__features li').first();
    await feature.waitFor();
    // A feature that starts with Latin ("DOCX وXLSX…") stays right to left with its siblings.
    expect(await feature.evaluate((li) => getComputedStyle(li).direction)).toBe('rtl');
    const formats = page.locator('.plan-card__features li', { hasText: 'DOCX' }).first();
    if (await formats.count()) expect(await formats.evaluate((li) => getComputedStyle(li).direction)).toBe('rtl');
    expect(await page.locator('main').innerText()).toContain('باقات تناسب كل فريق');
    // Each card says whether the developer API is included (the trial has it; the seeded Hobbyist does not).
    const apiLine = (slug: string) => page.locator(`[data-testid="plan-card"][data-plan="${slug}"] li[data-feature="api"]`);
    expect(await apiLine('pro').innerText()).toBe('واجهة برمجية للمطورين، متوافقة مع DeepL وLibreTranslate');
    expect(await apiLine('hobbyist').count()).toBe(0);
    await screenshotsAtBothSizes(page, 'arabic-pricing');
  });

  it('loads only the language it speaks: its catalogs preloaded by the page, the other on switching', async () => {
    const page = await open('ar');
    const catalogs: string[] = [];
    page.on('request', (request) => {
      const name = /\/assets\/catalog-(en|ar)-/.exec(request.url())?.[1];
      if (name) catalogs.push(name);
    });
    const response = await page.goto('/');
    // The server writes the page in the visitor's language, with that language's catalogs named for preloading.
    const html = await response!.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/catalog-ar-[\w-]+\.js">/);
    expect(html).not.toContain('catalog-en-');
    expect(response!.headers()['vary']).toContain('Accept-Language');
    await page.getByTestId('plan-card').first().waitFor();
    expect(await page.locator('main').innerText()).toContain('أنشئ حسابًا مجانيًا');
    // Both halves of the logo, whichever language is loaded.
    expect(await page.locator('.logo__text').innerText()).toBe('Lisan | لسان');
    expect(catalogs).toEqual(['ar']);

    await page.getByTestId('lang-switch').first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await expect.poll(() => page.locator('main').innerText()).toContain('Create a free account');
    expect(catalogs).toEqual(['ar', 'en']);
    // Back again: nothing is fetched twice.
    await page.getByTestId('lang-switch').first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(catalogs).toEqual(['ar', 'en']);
  });

  it("the browser's own form checks speak the interface's language, not the browser's", async () => {
    // An English browser on the Arabic interface: its built-in "Please fill out this field." was English.
    const context = await (await sharedBrowser()).newContext({ baseURL: baseUrl(), locale: 'en-US' });
    contexts.push(context);
    await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('plan-card').first().waitFor();
    const messages = await page.evaluate(() => {
      const form = document.createElement('form');
      form.innerHTML = '<input name="a" required><input name="b" type="email" value="not-an-address"><input name="d" type="number" min="1" value="0"><select name="e" required><option value=""></option></select>';
      form.addEventListener('submit', (event) => event.preventDefault());
      document.body.append(form);
      const controls = [...form.elements] as HTMLInputElement[];
      // A submission checks every control, firing `invalid` at each that fails, before the bubble.
      form.requestSubmit();
      const seen = controls.map((control) => control.validationMessage);
      // An edit drops the message, so the control is checked afresh.
      controls[0]!.value = 'filled';
      controls[0]!.dispatchEvent(new Event('input', { bubbles: true }));
      return { seen, afterEdit: controls[0]!.validationMessage, validAfterEdit: controls[0]!.checkValidity() };
    });
    expect(messages.seen[0]).toBe('يُرجى ملء هذا الحقل.');
    expect(messages.seen[1]).toBe('يُرجى إدخال عنوان بريد إلكتروني، مثل name@example.com.');
    expect(messages.seen[2]).toBe('يُرجى إدخال 1 أو أكثر.');
    expect(messages.seen[3]).toBe('يُرجى اختيار أحد الخيارات.');
    expect(messages.afterEdit).toBe('');
    expect(messages.validAfterEdit).toBe(true);
  });

  it('translator: the character counter in label form with Western digits', async () => {
    const page = await open('ar');
    await page.goto('/translate');
    const source = page.locator('textarea').first();
    await source.fill('مرحبا بالعالم');
    await expect.poll(() => page.locator('main').innerText()).toMatch(/الأحرف: 13 \/ [\d,]+/);
    expect(await page.locator('main').innerText()).not.toMatch(EASTERN_DIGITS);
    await screenshotsAtBothSizes(page, 'arabic-translator');
  });

  it('a field for either language: right to left with its Arabic placeholder, left to right once English is typed', async () => {
    const page = await open('ar');
    await page.goto('/human-translation');
    const message = page.locator('textarea[name=message]');
    await message.waitFor();
    const direction = () => message.evaluate((field) => getComputedStyle(field).direction);
    expect(await message.getAttribute('dir')).toBe('auto');
    expect(await message.getAttribute('placeholder')).toMatch(/[\u0600-\u06FF]/);
    expect(await direction()).toBe('rtl');
    await message.fill('Certified translation of a contract.');
    expect(await direction()).toBe('ltr');
    await message.fill('ترجمة معتمدة لعقد.');
    expect(await direction()).toBe('rtl');
    await message.fill('');
    expect(await direction()).toBe('rtl');
    await screenshot(page, 'arabic-request-form');
  });

  it('documents: the guest quota for 1, 2, 3, 11 and 100 documents', async () => {
    const admin = await adminPage();
    const guest = await open('ar');
    const expected: Record<number, string> = {
      1: 'يمكنك بصفتك زائرًا ترجمة مستند واحد شهريًا.',
      2: 'يمكنك بصفتك زائرًا ترجمة مستندين شهريًا.',
      3: 'يمكنك بصفتك زائرًا ترجمة 3 مستندات شهريًا.',
      11: 'يمكنك بصفتك زائرًا ترجمة 11 مستندًا شهريًا.',
      100: 'يمكنك بصفتك زائرًا ترجمة 100 مستند شهريًا.',
    };
    try {
      for (const [count, sentence] of Object.entries(expected)) {
        const saved = await apiCall(admin, 'POST', '/api/admin/update-site-settings', { guest_doc_quota: count });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        await guest.goto('/translate/documents');
        await expect.poll(() => guest.locator('.documents__footnote').innerText()).toContain(sentence);
        await screenshot(guest, `arabic-documents-guest-${count}`);
      }
      await guest.setViewportSize({ width: 390, height: 844 });
      await screenshot(guest, 'arabic-documents-guest-100-mobile');
    } finally {
      // The other browser tests expect the seeded guest quota.
      await apiCall(admin, 'POST', '/api/admin/update-site-settings', { guest_doc_quota: '2' });
    }
  });

  it('team and admin: seats for 2, 3, 11 and 100 users, a member with no documents yet, the admin user screen', async () => {
    const suffix = randomBytes(3).toString('hex');
    const owner = { name: 'Layla Haddad', email: `arabic-owner-${suffix}@example.com`, password: 'owner-password-1' };
    // The owner works in English first, then switches the header to Arabic: the account follows.
    const page = await open('en');
    await signUpVerified(page, owner);
    await page.goto('/');
    expect((await apiCall(page, 'GET', '/api/user')).body.locale).toBe('en');
    await page.getByTestId('lang-switch').first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(async () => (await apiCall(page, 'GET', '/api/user')).body.locale).toBe('ar');

    const admin = await adminPage();
    const found = await apiCall(admin, 'GET', `/api/admin/users?q=${encodeURIComponent(owner.email)}`);
    const userId = found.body.data[0].id as number;
    const startUp = (await apiCall(admin, 'GET', '/api/plans')).body.data.find((p: { slug: string }) => p.slug === 'start-up');
    let created = false;
    for (const seats of [2, 3, 11, 100]) {
      const granted = await apiCall(admin, 'POST', '/api/admin/user-plan', { user_id: userId, plan_id: startUp.id, seats });
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
      if (!created) {
        const team = await apiCall(page, 'POST', '/api/team', { name: 'فريق ليلى' });
        expect(team.status, JSON.stringify(team.body)).toBeLessThan(300);
        created = true;
      }
      await page.goto('/team');
      await expect.poll(() => page.getByTestId('team-seats').innerText()).toBe(`عدد المستخدمين: 1 من ${seats}`);
      await screenshot(page, `arabic-team-seats-${seats}`);
    }
    await expect.poll(() => page.getByTestId('member-usage').first().innerText()).toBe('لا يوجد أي مستند، لا توجد أي صفحة، لا أحرف عبر الواجهة البرمجية');
    await screenshotsAtBothSizes(page, 'arabic-team');

    await admin.goto(`/admin/users/${userId}`);
    await admin.getByTestId('admin-user-detail').waitFor();
    const detail = await admin.getByTestId('admin-user-detail').innerText();
    expect(detail).toMatch(/الأحرف لكل طلب: [\d,]+/);
    expect(detail).not.toMatch(EASTERN_DIGITS);
    await screenshotsAtBothSizes(admin, 'arabic-admin-user');
    await admin.goto('/admin/plans');
    await expect.poll(() => admin.locator('h1').first().innerText()).toBe('الباقات');
    // No neural model on this server: the admin console says how to install one (issue 13).
    const banner = admin.locator('[data-testid="gloss-notice"][data-screen="admin"]');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('npm run models:install');
    expect(await banner.innerText()).toContain('docs/engines.md');
    const [noticeBottom, titleTop] = await banner.evaluate((element) => [element.getBoundingClientRect().bottom, document.querySelector('.admin-header h1')!.getBoundingClientRect().top]);
    expect(titleTop - noticeBottom, 'the notice sits against the page title').toBeGreaterThanOrEqual(8);
    await screenshotsAtBothSizes(admin, 'arabic-admin-plans');
  });
});
