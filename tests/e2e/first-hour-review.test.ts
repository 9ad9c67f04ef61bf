// Found by a first-hour walk through the product (desktop 1280x800, phone 390x844, both
// languages): each test here failed before its fix.
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { apiCall, closeBrowserConnection, expectTableCardsOnPhone, newConsentedPage, screenshot, screenshotsAtBothSizes, signInThroughForm, signUpVerified } from './helpers';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await closeBrowserConnection();
});

const PHONE = { width: 390, height: 844 };
const POLL = { timeout: 15_000 };

async function signedInPage(locale: 'en' | 'ar', tag: string): Promise<Page> {
  const page = await newConsentedPage(locale, contexts);
  const email = `first-hour-review-${tag}-${randomBytes(4).toString('hex')}@example.com`;
  await signUpVerified(page, { name: `Dana ${tag}`, email, password: 'first-hour-review-1' });
  return page;
}

describe.each(['en', 'ar'] as const)('first-hour review (%s)', (locale) => {
  it('the developers page isolates the code it quotes in a sentence, so "<key>" and {"error": …} keep their order in Arabic', async () => {
    const page = await newConsentedPage(locale, contexts);
    await page.goto('/developers');
    await page.getByTestId('developers').waitFor();
    const paragraph = (section: string) => page.locator(`section[aria-labelledby="developers-${section}"] > p`).first().textContent();
    const deepl = await paragraph('deepl');
    expect(deepl).toContain('\u2068DeepL-Auth-Key <key>\u2069');
    expect(deepl).toContain('\u2068Bearer <key>\u2069');
    expect(await paragraph('limits')).toContain('\u2068{"error": "…"}\u2069');
    if (locale === 'en') expect(deepl?.replace(/[\u2068\u2069]/g, '')).toContain('Authorization header: DeepL-Auth-Key <key> (or Bearer <key>).');
  });

  it('the translation history fits a phone: the search field shrinks instead of widening the page', async () => {
    const page = await signedInPage(locale, `history-${locale}`);
    expect((await apiCall(page, 'POST', '/api/translate', { text: 'Our meeting is postponed until next week.', source_lang: 'en', target_lang: 'ar' })).status).toBe(200);
    await page.setViewportSize(PHONE);
    await page.goto('/user/translation-history');
    await expect.poll(() => page.getByTestId('history-entry').count(), POLL).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('on the documents screen only "Documents" is the current page in the header, not "Translate" too', async () => {
    const page = await signedInPage(locale, `nav-${locale}`);
    await page.goto('/translate/documents');
    await page.getByTestId('documents-panel').waitFor();
    const current = page.locator('.site-nav a[aria-current="page"]');
    await expect.poll(() => current.evaluateAll((links) => links.map((link) => link.getAttribute('href'))), POLL).toEqual(['/translate/documents']);
    // The translator's own link is still current on the translator.
    await page.goto('/translate');
    await page.getByTestId('translator').waitFor();
    await expect.poll(() => current.evaluateAll((links) => links.map((link) => link.getAttribute('href'))), POLL).toEqual(['/translate']);
  });

  it('the create-team form fits a phone: the name field stays inside its panel', async () => {
    const page = await signedInPage(locale, `team-${locale}`);
    await page.setViewportSize(PHONE);
    await page.goto('/team');
    const field = page.getByTestId('team-name');
    await field.waitFor();
    const panel = await page.locator('.team-create').evaluate((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return { start: box.left + parseFloat(style.paddingLeft), end: box.right - parseFloat(style.paddingRight) };
    });
    const box = (await field.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(panel.start - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(panel.end + 0.5);
    await screenshot(page, `team-create-${locale}-phone`);
  });

  it('the dashboard greets a brand-new user with "Welcome," (not "Welcome back,"), and its empty list of recent translations points to the button that is there', async () => {
    const page = await signedInPage(locale, `dash-${locale}`);
    await page.goto('/dashboard');
    const empty = page.getByTestId('dashboard-recent-empty');
    await empty.waitFor();
    const button = (await page.getByTestId('dashboard-translate').textContent())!.trim();
    expect(button.length).toBeGreaterThan(0);
    expect(await empty.textContent()).toContain(button);
    // The session sign-up opened is the account's first visit.
    const title = (await page.getByTestId('dashboard-title').textContent())!.trim();
    expect(title).toBe(`${locale === 'ar' ? 'مرحبًا،' : 'Welcome,'} Dana dash-${locale}`);
    await screenshotsAtBothSizes(page, `dashboard-new-user-${locale}`);
  });

  it('a lazily loaded page opened first logs no warning or error in the console', async () => {
    const page = await newConsentedPage(locale, contexts);
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') messages.push(`${message.type()}: ${message.text()}`);
    });
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    // A guest's page no longer calls GET /api/user (no signed-in hint), so no 401 is logged either.
    expect(messages).toEqual([]);
  });

  it("the glossary's file import speaks the page's language (not the browser's) and names the chosen file", async () => {
    const page = await signedInPage(locale, `file-${locale}`);
    await page.goto('/glossary');
    const picker = page.getByTestId('glossary-import').locator('.file-picker');
    await picker.waitFor();
    expect((await picker.locator('label').innerText()).trim()).toBe(locale === 'ar' ? 'اختيار ملف…' : 'Choose a file…');
    expect((await picker.locator('.file-picker__file').innerText()).trim()).toBe(locale === 'ar' ? 'لم تختر أي ملف بعد' : 'No file chosen');
    // The native control, whose text follows the browser, is hidden but still the input.
    const input = page.getByTestId('glossary-import-file');
    expect((await input.boundingBox())!.width).toBeLessThanOrEqual(1);
    await input.setInputFiles({ name: 'مصطلحات.csv', mimeType: 'text/csv', buffer: Buffer.from('source_term,target_term\nagreement,الاتفاقية\n') });
    expect((await picker.locator('.file-picker__file').innerText()).trim()).toBe('مصطلحات.csv');
    expect(await page.getByTestId('glossary-import-submit').isEnabled()).toBe(true);
    await screenshotsAtBothSizes(page, `glossary-file-picker-${locale}`, { width: 1280, height: 800 });
  });

  it("a guest's \"Translate\" link is current on the translator's own page as on the home page's", async () => {
    const page = await newConsentedPage(locale, contexts);
    const current = page.locator('.site-nav a[aria-current="page"]');
    for (const path of ['/translate', '/']) {
      await page.goto(path);
      await page.getByTestId('translator').waitFor();
      await expect.poll(() => current.evaluateAll((links) => links.map((link) => link.getAttribute('href'))), POLL).toEqual(['/']);
    }
  });

  it("the admin's users and content tables and the glossary's terms are cards on a phone, not boxes that scroll sideways", async () => {
    const user = await signedInPage(locale, `tables-${locale}`);
    for (const [source, target] of [
      ['memorandum of understanding', 'مذكرة تفاهم'],
      ['force majeure', 'القوة القاهرة'],
    ])
      expect((await apiCall(user, 'POST', '/api/user/glossary', { source_lang: 'en', target_lang: 'ar', domain: 'legal', source_term: source, target_term: target })).status).toBe(201);
    await user.goto('/glossary');
    await expectTableCardsOnPhone(user, user.getByTestId('glossary-terms'), locale, `phone-tables-glossary-${locale}`);

    const admin = await newConsentedPage(locale, contexts);
    await signInThroughForm(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto('/admin/users');
    await expect.poll(() => admin.getByTestId('admin-users-table').locator('tbody tr').count(), POLL).toBeGreaterThan(1);
    await expectTableCardsOnPhone(admin, admin.getByTestId('admin-users-table'), locale, `phone-tables-admin-users-${locale}`);
    await admin.goto('/admin/content');
    await expectTableCardsOnPhone(admin, admin.getByTestId('content-table'), locale, `phone-tables-admin-content-${locale}`);
  });
});

// Found by a demanding visitor's review of the public pages and their forms (twenty-second session): each failed before its fix.
describe.each(['en', 'ar'] as const)("a visitor's review of the public pages (%s)", (locale) => {
  const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName ?? null);

  /** Opens `path` and sends its form (test id `formId`) empty: `count` messages under fields, and the focus on the field named `first`. */
  async function sendEmpty(path: string, formId: string, count: number, first: string) {
    const page = await newConsentedPage(locale, contexts);
    await page.goto(path);
    const form = page.getByTestId(formId);
    await form.waitFor();
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('.form-field__errors').count(), POLL).toBe(count);
    await expect.poll(() => focusedName(page), POLL).toBe(first);
    return { page, form };
  }

  it('the phone menu works from the keyboard: opening it puts the focus in it, Escape and Tab past its end close it', async () => {
    const page = await newConsentedPage(locale, contexts);
    await page.setViewportSize(PHONE);
    await page.goto('/contact');
    await page.getByTestId('contact-form').waitFor();
    const toggle = page.locator('.menu-toggle');
    const links = page.locator('#site-menu a');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The menu comes before its button in the page: the focus goes into it rather than past it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('href')), POLL).toBe('/');
    await screenshot(page, `public-phone-menu-open-${locale}`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/translate/documents');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await links.first().isVisible()).toBe(false);
    // Opened again, Tab through every link, the language switch and the button: the next Tab leaves the header and closes the menu.
    await page.keyboard.press('Enter');
    await expect.poll(() => links.first().evaluate((link) => link === document.activeElement), POLL).toBe(true);
    const stops = await page.locator('#site-menu a, .site-header__end button').count();
    for (let i = 0; i < stops; i += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('header') === null)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('the contact form: the focus goes to the first field to correct; long values fit a phone', async () => {
    const { page, form } = await sendEmpty('/contact', 'contact-form', 3, 'name');
    await screenshotsAtBothSizes(page, `public-contact-refused-${locale}`, { width: 1280, height: 800 });
    await form.locator('input[name="name"]').fill('عبد الرحمن بن محمد بن عبد العزيز آل سعود '.repeat(3).slice(0, 120));
    // An Arabic name reads right to left whatever the page's language.
    expect(await form.locator('input[name="name"]').evaluate((input) => getComputedStyle(input).direction)).toBe('rtl');
    await form.locator('input[name="email"]').fill('not-an-address');
    await form.locator('input[name="subject"]').fill('Subject '.repeat(25));
    await form.locator('textarea[name="message"]').fill('A long message without a break '.repeat(160).slice(0, 5000));
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('.form-field__errors').innerText(), POLL).toBe(locale === 'ar' ? 'بريد إلكتروني غير صحيح' : 'wrong email');
    await expect.poll(() => focusedName(page), POLL).toBe('email');
    await screenshotsAtBothSizes(page, `public-contact-long-${locale}`, { width: 1280, height: 800 });
  });

  it('the request form: the focus goes to the first field to correct; a phone number must be one; the receipt has the focus', async () => {
    // One refusal names every field to correct, the words-or-document one too, beside the words field (it used to come
    // only once the others passed).
    const { page, form } = await sendEmpty('/human-translation', 'request-form', 3, 'words');
    const words = page.getByTestId('request-words');
    const wordsError = await words.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent);
    expect(wordsError).toBe(locale === 'ar' ? 'أدخل عدد الكلمات أو أرفق مستندك.' : 'Enter the number of words or attach your document.');
    await screenshotsAtBothSizes(page, `public-request-refused-${locale}`, { width: 1280, height: 800 });
    // The deadline in the page's language and order (day, month's name, year), not the browser's "mm/dd/yyyy".
    const deadline = page.getByTestId('request-deadline');
    const month = page.getByTestId('request-deadline-month');
    expect(await month.locator('option').allInnerTexts()).toContain(locale === 'ar' ? 'ديسمبر' : 'December');
    const year = new Date().getFullYear() + 1;
    await page.getByTestId('request-deadline-day').selectOption('5');
    await month.selectOption('12');
    await page.getByTestId('request-deadline-year').selectOption(String(year));
    expect(await form.locator('input[name="deadline"]').inputValue()).toBe(`${year}-12-05`);
    const left = (testId: string) => page.getByTestId(testId).evaluate((select) => select.getBoundingClientRect().left);
    // Day first in the reading order: on the right in Arabic.
    expect((await left('request-deadline-day')) > (await left('request-deadline-year'))).toBe(locale === 'ar');
    expect(await deadline.innerText()).not.toMatch(/mm|dd|yyyy/i);
    await words.fill('1200');
    await page.getByTestId('request-name').fill(locale === 'ar' ? 'هدى حداد' : 'Huda Haddad');
    await page.getByTestId('request-email').fill(`visitor-${locale}@example.com`);
    await form.locator('input[name="phone"]').fill('call me');
    await page.getByTestId('request-submit').click();
    const phoneError = locale === 'ar' ? 'أدخل رقم الهاتف بالأرقام، مثل \u2066+962 6 555 0100\u2069.' : 'Enter the phone number in digits, for example +962 6 555 0100.';
    await expect.poll(() => form.locator('.form-field__errors').innerText(), POLL).toBe(phoneError);
    await expect.poll(() => focusedName(page), POLL).toBe('phone');
    await screenshotsAtBothSizes(page, `public-request-phone-refused-${locale}`, { width: 1280, height: 800 });
    await form.locator('input[name="phone"]').fill(locale === 'ar' ? '٠٧٩٥٥٥٠١٠٠' : '+962 6 555 0100');
    await page.getByTestId('request-submit').click();
    const done = page.getByTestId('request-done');
    await done.waitFor();
    expect(await done.locator('h1').evaluate((heading) => heading === document.activeElement)).toBe(true);
    await screenshotsAtBothSizes(page, `public-request-done-${locale}`, { width: 1280, height: 800 });
  });

  it("a blog post names the browser tab after itself; a post's address that names none is the 404 page", async () => {
    const admin = await newConsentedPage(locale, contexts);
    await signInThroughForm(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const slug = `tab-title-${locale}-${randomBytes(3).toString('hex')}`;
    const created = await apiCall(admin, 'POST', '/api/admin/content', {
      section: 'blog',
      slug,
      title_en: 'Glossaries for legal teams',
      title_ar: 'المسارد للفرق القانونية',
      summary_en: 'Keep terms consistent.',
      summary_ar: 'مصطلحات متسقة.',
      body_en: 'One term, one translation.',
      body_ar: 'مصطلح واحد وترجمة واحدة.',
      published: true,
    });
    expect(created.status).toBe(201);
    const page = await newConsentedPage(locale, contexts);
    await page.goto(`/blog/${slug}`);
    await page.getByTestId('post-page').waitFor();
    const title = locale === 'ar' ? 'المسارد للفرق القانونية' : 'Glossaries for legal teams';
    await expect.poll(() => page.title(), POLL).toBe(`${title} · Lisan | لسان`);
    // Back to the list: the tab is the blog's again.
    await page.locator('.content-page__back a').click();
    await expect.poll(() => page.title(), POLL).toBe(`${locale === 'ar' ? 'المدونة' : 'Blog'} · Lisan | لسان`);
    await page.goto('/blog/no-such-post');
    await page.getByTestId('not-found').waitFor();
    await expect.poll(() => page.title(), POLL).toBe(`${locale === 'ar' ? 'الصفحة غير موجودة' : 'Page not found'} · Lisan | لسان`);
  });
});
