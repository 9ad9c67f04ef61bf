// The text translator walked as a demanding user would (the bar: DeepL's and Google's web translators), in Arabic on a
// phone and in English on a desktop, first as a guest, then signed in: a mixed text (Arabic and English, a URL, an
// e-mail address, numbers, an emoji, a blank line) translated with the keyboard and copied, the text cleared, the
// connection lost, a gateway's error page, the guest's daily limit, and the way on through "Sign in to suggest a better
// translation": back at the translator with the text, then a like, a dislike, a suggestion, the history's search, filter,
// re-opening and deleting. What it asserts is what the walk found wrong and what was fixed (docs/decisions.md,
// "Translator walk, twenty-seventh session").
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { asAdmin, baseUrl, closeBrowserConnection, newContext, SCREENSHOT_DIR, SHOT, screenshotsAtBothSizes, signUpVerified } from './helpers';

type Locale = 'en' | 'ar';

const WALKS = [
  { locale: 'ar', size: { width: 390, height: 844 }, name: 'ar-phone' },
  { locale: 'en', size: { width: 1366, height: 900 }, name: 'en-desktop' },
] as const;

const TEXT = {
  en: {
    mixed: 'Welcome to Lisan. Visit https://example.com/path?x=1 or write to info@example.com\n\nThe price is 1,250.50 dollars 😀 today.\nThank you.',
    detected: 'Detected: English',
    short: 'Good morning.',
    unreachable: 'Lisan could not be reached. Check your internet connection and try again in a moment.',
    translate: 'Translate',
    left0: 'Free translations left today: 0',
    limitSignIn: 'Have an account? Sign in',
    suggestion: 'أهلا بكم في لسان.',
    reactionSaved: 'Thanks, your rating was saved.',
    deleted: 'The translation was deleted from your history.',
  },
  ar: {
    mixed: 'مرحبا بكم في Lisan. زوروا https://example.com/path?x=1 أو راسلونا على info@example.com\n\nالسعر 1,250.50 دولار 😀 اليوم.\nشكرا.',
    detected: 'اللغة المكتشفة: العربية',
    short: 'صباح الخير.',
    unreachable: 'تعذّر الوصول إلى لسان. تحقّق من اتصالك بالإنترنت وحاول مرة أخرى بعد قليل.',
    translate: 'ترجمة',
    left0: 'الترجمات المجانية المتبقية اليوم: 0',
    limitSignIn: 'لديك حساب؟ سجّل الدخول',
    suggestion: 'Welcome to Lisan.',
    reactionSaved: 'شكرًا، حُفظ تقييمك.',
    deleted: 'حُذفت الترجمة من سجلك.',
  },
} as const;

const contexts: BrowserContext[] = [];
afterAll(async () => {
  // Guests share one IP across the browser files: the seeded quota is put back for the files after this one.
  await asAdmin('/api/admin/update-site-settings', { guest_text_quota: '20' });
  await Promise.all(contexts.map((context) => context.close()));
  await closeBrowserConnection();
});

async function newPage(locale: Locale, size: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(locale);
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await context.addInitScript(() => localStorage.setItem('lisan.consent', 'accepted'));
  const page = await context.newPage();
  await page.setViewportSize(size);
  return { context, page };
}

/** A screenshot of what the person sees, the element `focus` in view when given. */
async function shot(page: Page, name: string, focus?: string) {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  if (focus) await page.getByTestId(focus).evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `translator-walk-${name}.jpg`), ...SHOT });
}

/** The element that has the focus: its test id, or its tag. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName.toLowerCase() ?? null);

/** The open error dialog's words, once it shows; it is closed with Escape. */
async function errorDialogSays(page: Page) {
  const dialog = page.locator('dialog.dialog--error[open]');
  await dialog.waitFor();
  return dialog.innerText();
}

describe.each(WALKS)('the translator walked ($name)', ({ locale, size, name }) => {
  const text = TEXT[locale];

  it('as a guest, then signed in through "Sign in to suggest": the text kept, reactions, a suggestion, the history', async () => {
    // The account the guest signs in to later (made in another browser).
    const account = { name: 'Walk Tester', email: `walk-${locale}-${randomBytes(4).toString('hex')}@example.com`, password: 'e2e-password-1' };
    const other = await newPage(locale, size);
    await signUpVerified(other.page, account);

    await asAdmin('/api/admin/update-site-settings', { guest_text_quota: '100000' });
    const { context, page } = await newPage(locale, size);
    await page.goto('/translate');
    await page.getByTestId('translator').waitFor();
    await shot(page, `${name}-01-open`);

    // A mixed text, translated with Ctrl+Enter: its blank line and line breaks, the URL, the e-mail address, the number
    // and the emoji come through; the focus stays in the box; Copy takes exactly what is shown.
    const input = page.getByTestId('source-text');
    await input.fill(text.mixed);
    await expect.poll(() => page.getByTestId('source-lang').locator('option:checked').innerText()).toBe(text.detected);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/translate'));
    await input.press('Control+Enter');
    expect((await answered).status()).toBe(200);
    await expect.poll(() => page.getByTestId('target-sentence').count()).toBe(4);
    const output = (await page.getByTestId('translation-output').textContent())!;
    for (const kept of ['https://example.com/path?x=1', 'info@example.com', '1,250.50', '😀']) expect(output).toContain(kept);
    expect(output.split('\n').map((line) => line === '')).toEqual([false, true, false, false]);
    expect(await focused(page)).toBe('source-text');
    // The translation is one tab stop (it was one per sentence, before Copy): Tab from the box's Translate lands on the
    // first sentence, the arrow pointing the way the text reads moves to the next, and Tab goes on to Copy.
    await page.getByTestId('translate').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('target-sentence');
    await page.keyboard.press(locale === 'en' ? 'ArrowLeft' : 'ArrowRight'); // the translation is Arabic from English
    await expect.poll(() => page.locator('.sentence--active').innerText()).toBe(await page.getByTestId('target-sentence').nth(1).innerText());
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('copy');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(output);
    await shot(page, `${name}-02-translated`, 'translation-output');

    // Cleared with the keyboard (Tab from the box to its clear button, Enter): the translation goes with the text (it
    // stayed, translating nothing), and the focus goes back to the box (it fell to the page's top with the button).
    await input.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('source-editor__clear'))).toBe(true);
    await page.keyboard.press('Enter');
    expect(await input.inputValue()).toBe('');
    expect(await page.getByTestId('target-sentence').count()).toBe(0);
    expect(await page.getByTestId('copy').count()).toBe(0);
    expect(await focused(page)).toBe('source-text');
    await shot(page, `${name}-03-cleared`);

    // The connection lost: Translate says at once that Lisan could not be reached (it waited, "Translating…", with no
    // word, until the connection came back), and is ready again.
    await input.fill(text.short);
    await context.setOffline(true);
    await page.getByTestId('translate').click();
    expect(await errorDialogSays(page)).toContain(text.unreachable);
    await screenshotsAtBothSizes(page, `translator-walk-${locale}-04-offline`);
    await page.setViewportSize(size);
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('translate').innerText()).toBe(text.translate);
    await context.setOffline(false);

    // A gateway's page in front of a server that is down (HTML, an English status line): said in the page's language,
    // not as "Service Unavailable".
    await page.route('**/api/translate', (route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<html><body>503 Service Unavailable</body></html>' }));
    await page.getByTestId('translate').click();
    const gateway = await errorDialogSays(page);
    expect(gateway).toContain(text.unreachable);
    expect(gateway).not.toContain('Service Unavailable');
    await shot(page, `${name}-05-gateway-503`);
    await page.keyboard.press('Escape');
    await page.unroute('**/api/translate');

    // The guest's daily limit: the count of translations left says 0 beside the dialog (it kept the last answer's).
    expect(await page.evaluate(() => document.querySelector('[data-testid="translate"]')!.textContent)).toBe(text.translate);
    const first = page.waitForResponse((response) => response.url().endsWith('/api/translate'));
    await page.getByTestId('translate').click();
    expect((await first).status()).toBe(200);
    await page.getByTestId('guest-left').waitFor();
    expect(await page.getByTestId('guest-left').innerText()).not.toBe(text.left0);
    await asAdmin('/api/admin/update-site-settings', { guest_text_quota: '1' });
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/translate'));
    await page.getByTestId('translate').click();
    expect((await refused).status()).toBe(402);
    await page.getByTestId('limit-dialog').waitFor();
    expect(await page.getByTestId('guest-left').innerText()).toBe(text.left0);
    // A guest who has an account is offered the sign-in too (only "Create a free account" was), back to the translator:
    // the dialog's one action, beside "Ok".
    const limitSignIn = page.locator('dialog[open] .dialog__actions [data-testid="limit-sign-in"]');
    expect(await limitSignIn.innerText()).toBe(text.limitSignIn);
    expect(await limitSignIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent('/translate')}`);
    await shot(page, `${name}-06-quota`);
    await page.keyboard.press('Escape');
    await asAdmin('/api/admin/update-site-settings', { guest_text_quota: '100000' });

    // The way on: "Sign in to suggest a better translation" comes back to the translator (it led to the dashboard),
    // with the guest's text and languages in the box.
    await input.fill(text.mixed);
    const again = page.waitForResponse((response) => response.url().endsWith('/api/translate'));
    await page.getByTestId('translate').click();
    expect((await again).status()).toBe(200);
    const signIn = page.getByTestId('suggest');
    expect(await signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent('/translate')}`);
    await signIn.click();
    await page.locator('input[name="email"]').fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.locator('main form button[type="submit"]').first().click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/translate');
    await expect.poll(() => input.inputValue()).toBe(text.mixed);
    expect(await page.getByTestId('target-lang').inputValue()).toBe(locale === 'ar' ? 'en' : 'ar');
    await shot(page, `${name}-07-back-signed-in`);
    // Taken once: a reload starts with an empty box.
    await page.reload();
    await page.getByTestId('translator').waitFor();
    expect(await input.inputValue()).toBe('');
    await input.fill(text.mixed);

    // Signed in: translate, like, then dislike (one rating at a time), suggest by the keyboard.
    const mine = page.waitForResponse((response) => response.url().endsWith('/api/translate'));
    await input.press('Control+Enter');
    expect((await mine).status()).toBe(200);
    await page.getByTestId('like').click();
    await expect.poll(() => page.getByTestId('like').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('action-status').innerText()).toBe(text.reactionSaved);
    await page.getByTestId('dislike').click();
    await expect.poll(() => page.getByTestId('dislike').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('like').getAttribute('aria-pressed')).toBe('false');
    await shot(page, `${name}-08-disliked`, 'translation-output');
    await page.getByTestId('suggest').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('suggest-dialog').waitFor();
    await shot(page, `${name}-09-suggest`);
    await page.getByTestId('suggest-text').fill(text.suggestion);
    await page.getByTestId('suggest-dialog').locator('button[type="submit"]').click();
    const saved = page.locator('dialog.dialog--success[open]');
    await saved.waitFor();
    await page.keyboard.press('Escape');
    await saved.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('suggest');
    expect(await page.getByTestId('target-sentence').first().innerText()).toBe(text.suggestion);

    // The history: the entry (corrected, rated poor), the Documents filter finds nothing, re-opened with its text and
    // its rating, deleted.
    await page.goto('/user/translation-history');
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(1);
    const entry = page.getByTestId('history-entry').first();
    expect(await entry.getByTestId('history-corrected').count()).toBe(1);
    expect(await entry.getByTestId('history-reaction').getAttribute('data-reaction')).toBe('dislike');
    await shot(page, `${name}-10-history`, 'history-entry');
    await entry.getByTestId('history-open').click();
    await expect.poll(() => input.inputValue()).toBe(text.mixed);
    expect(await page.getByTestId('dislike').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('target-sentence').first().innerText()).toBe(text.suggestion);
    await shot(page, `${name}-11-reopened`);
    await page.goBack();
    await page.getByTestId('history-delete').click();
    const deleted = page.locator('dialog.dialog--success[open]');
    await deleted.waitFor();
    expect(await deleted.innerText()).toContain(text.deleted);
    await deleted.getByRole('button').click();
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(0);
    await shot(page, `${name}-12-history-empty`);
  }, 240_000);
});
