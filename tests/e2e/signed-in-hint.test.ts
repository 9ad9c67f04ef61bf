// The readable "signed in" hint cookie (server/src/http/sessions.ts): a guest's pages skip
// GET /api/user, whose 401 the browser would log as a console error on every page; a
// signed-in user stays signed in across a reload, and signing out takes the hint away. While the
// e-mail address is unverified the hint says so, and /check-email skips the user call's 450.
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowserConnection, confirmEmailLink, decodeMail, linkInMail, newConsentedPage, newContext, signInThroughForm, signUpVerified, waitForMail } from './helpers';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await closeBrowserConnection();
});

const HINT = 'lisan_signed_in';
const POLL = { timeout: 15_000 };

/** Console warnings and errors, and the GET /api/user calls, the page makes from now on. */
function watch(page: Page) {
  const messages: string[] = [];
  const userCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') userCalls.push(request.url());
  });
  return { messages, userCalls };
}

const hintOf = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === HINT);

/** Every answer of the server from now on, and the failed ones (4xx and 5xx) among them. */
function answers(page: Page) {
  const all: Array<{ status: number; method: string; path: string }> = [];
  page.on('response', (response) => {
    all.push({ status: response.status(), method: response.request().method(), path: new URL(response.url()).pathname });
  });
  return {
    all,
    failed: () => all.filter((answer) => answer.status >= 400).map((answer) => `${answer.status} ${answer.method} ${answer.path}`),
    to: (method: string, path: string) => all.filter((answer) => answer.method === method && answer.path === path),
  };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe.each(['en', 'ar'] as const)('the signed-in hint (%s)', (locale) => {
  it("a guest's home page and translator log no console error and never call GET /api/user", async () => {
    const page = await newConsentedPage(locale, contexts);
    const seen = watch(page);
    for (const path of ['/', '/translate']) {
      await page.goto(path);
      await page.getByTestId('translator').waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(seen.messages).toEqual([]);
    expect(seen.userCalls).toEqual([]);
    expect(await hintOf(page)).toBeUndefined();
  });

  it('a signed-in user is still signed in after a reload, and signing out takes the hint away', async () => {
    const page = await newConsentedPage(locale, contexts);
    const email = `hint-${locale}-${randomBytes(4).toString('hex')}@example.com`;
    await signUpVerified(page, { name: `Rana ${locale}`, email, password: 'signed-in-hint-1' });
    const hint = (await hintOf(page))!;
    expect(hint).toMatchObject({ value: '1', httpOnly: false, path: '/', sameSite: 'Lax' });

    await page.goto('/dashboard');
    await page.getByTestId('dashboard').waitFor();
    const seen = watch(page);
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    await page.locator('.account-link').waitFor();
    expect(seen.userCalls.length).toBeGreaterThan(0);
    expect(seen.messages).toEqual([]);

    await page.getByTestId('header-sign-out').click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/');
    await expect.poll(() => hintOf(page), POLL).toBeUndefined();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'lisan_session')).toBeUndefined();
    // A guest again: the next page makes no user call.
    const after = watch(page);
    await page.reload();
    await page.getByTestId('translator').waitFor();
    await page.waitForLoadState('networkidle');
    expect(after.userCalls).toEqual([]);
    expect(after.messages).toEqual([]);

    // Signing in through the form sets the hint again, and the app loads the user at once.
    await signInThroughForm(page, email, 'signed-in-hint-1');
    await page.locator('.account-link').waitFor();
    expect((await hintOf(page))?.value).toBe('1');
  });

  it('signing out, then opening pages for signed-in users as a guest, gets no failed answer (no 419 from a stale CSRF token)', async () => {
    // Consent given: the session recorder's batches are writes in flight too.
    const context = await newContext(locale);
    await context.addInitScript(() => localStorage.setItem('lisan.consent', 'accepted'));
    contexts.push(context);
    const page = await context.newPage();
    const email = `hint-signout-${locale}-${randomBytes(4).toString('hex')}@example.com`;
    await signUpVerified(page, { name: `Huda ${locale}`, email, password: 'signed-in-hint-1' });
    await page.goto('/dashboard');
    await page.getByTestId('dashboard').waitFor();
    await page.waitForLoadState('networkidle');

    const seen = answers(page);
    const messages = watch(page).messages;
    await page.getByTestId('header-sign-out').click();
    await expect.poll(() => pathOf(page), POLL).toBe('/');
    await page.locator('.site-header a[href="/login"]').waitFor();
    // A bookmark or a link in an e-mail, opened signed out: the sign-in page, asking to come back.
    for (const path of ['/user/basic-info', '/dashboard', '/user/translation-history']) {
      await page.goto(path);
      await expect.poll(() => pathOf(page), POLL).toBe('/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe(path);
      await page.locator('input[name="email"]').waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(seen.failed()).toEqual([]);
    expect(messages).toEqual([]);
    // One sign-out, the button's: a guest has no session for the pages' guard to end.
    expect(seen.to('POST', '/mt/logout').map((answer) => answer.status)).toEqual([204]);
    // The page views were sent, and taken.
    const pageViews = seen.to('POST', '/api/analytics/page-views');
    expect(pageViews.length).toBeGreaterThanOrEqual(4);
    expect(new Set(pageViews.map((answer) => answer.status))).toEqual(new Set([204]));
  });

  it('a new account\'s /check-email makes no user call (and gets no 450) until the address is verified, across a reload, and moves on after', async () => {
    const page = await newConsentedPage(locale, contexts);
    const seen = answers(page);
    const { userCalls, messages } = watch(page);
    await page.goto('/register');
    const email = `hint-unverified-${locale}-${randomBytes(4).toString('hex')}@example.com`;
    for (const [name, value] of Object.entries({ name: 'Sami', email, password: 'signed-in-hint-1', password_confirmation: 'signed-in-hint-1' })) {
      await page.locator(`input[name="${name}"]`).fill(value);
    }
    await page.locator('main form button[type="submit"]').first().click();
    await expect.poll(() => pathOf(page), POLL).toBe('/check-email');
    await page.locator('[data-state="unverified"]').waitFor();
    await page.getByTestId('header-sign-out').waitFor();
    expect((await hintOf(page))?.value).toBe('unverified');

    // After a reload, and from a page for verified users (the 450 redirect, without the 450).
    await page.reload();
    await page.locator('[data-state="unverified"]').waitFor();
    await page.goto('/dashboard');
    await expect.poll(() => pathOf(page), POLL).toBe('/check-email');
    await page.locator('[data-state="unverified"]').waitFor();
    await page.getByTestId('header-sign-out').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.site-header a[href="/login"]').count()).toBe(0);
    expect(userCalls).toEqual([]);
    expect(seen.failed()).toEqual([]);
    expect(messages).toEqual([]);

    // Verified (the link opened in this browser): the page says so once loaded again, and home is one click away.
    const mail = decodeMail(await waitForMail(email, (raw) => decodeMail(raw).includes('/email/verify/')));
    await confirmEmailLink(page, linkInMail(mail, '/email/verify/'), 'verified');
    expect((await hintOf(page))?.value).toBe('1');
    await page.goto('/check-email');
    await page.locator('[data-state="verified"]').waitFor();
    await page.locator('.account-link').waitFor();
    await page.locator('[data-state="verified"] a.button--primary').click();
    await page.getByTestId('dashboard').waitFor();
    await page.waitForLoadState('networkidle');
    expect(userCalls.length).toBeGreaterThan(0);
    expect(new Set(seen.to('GET', '/api/user').map((answer) => answer.status))).toEqual(new Set([200]));
    expect(seen.failed()).toEqual([]);
    expect(messages).toEqual([]);
  });

  it('a hint left without its session is cleared by the next page load, before the app could call GET /api/user', async () => {
    const page = await newConsentedPage(locale, contexts);
    await page.context().addCookies([{ name: HINT, value: '1', url: baseUrl() }]);
    const seen = watch(page);
    await page.goto('/');
    await page.getByTestId('translator').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await hintOf(page)).toBeUndefined();
    expect(seen.userCalls).toEqual([]);
    expect(seen.messages).toEqual([]);
    expect(await page.locator('.account-link').count()).toBe(0);
  });
});
