import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrialUser, signInRoute } from '../../server/test/billing-fixtures';
import { createTestApp, type TestApp } from '../../server/test/harness';
import { SCREENSHOT_DIR, closeBrowserConnection, screenshot, sharedBrowser } from './helpers';

/**
 * Buying a plan through the sandbox hosted checkout, in English and in Arabic, and
 * downloading the invoice PDF. Sign-up belongs to another issue, so this file runs its
 * own Lisan (the built web app, an in-memory database, the sandbox gateway) with one
 * test-only route that starts a session for a user created in the database.
 */
let t: TestApp;
let baseUrl: string;
const contexts: BrowserContext[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: { WEB_DIST_DIR: path.resolve(import.meta.dirname, '../../web/dist'), APP_URL: baseUrl },
    extend: signInRoute,
    startQueue: true,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeBrowserConnection();
  await t?.close();
});

async function signedInPage(locale: 'en' | 'ar', email: string, roleId = 2): Promise<Page> {
  await createTrialUser(t, { email, locale, roleId, name: locale === 'ar' ? 'ليلى أحمد' : 'Layla Ahmad' });
  const context = await (await sharedBrowser()).newContext({ baseURL: baseUrl, locale: locale === 'ar' ? 'ar-SA' : 'en-US', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  await context.addCookies([
    { name: 'locale', value: locale, url: baseUrl },
    { name: 'lisan.consent', value: 'accepted', url: baseUrl },
  ]);
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('lisan.consent', 'accepted'));
  const status = await page.evaluate(async (address) => {
    await fetch('/mt/csrf-cookie', { credentials: 'include' });
    const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)![1]!);
    const response = await fetch('/api/test/sign-in', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', 'x-xsrf-token': token }, body: JSON.stringify({ email: address }) });
    return response.status;
  }, email);
  expect(status).toBe(204);
  await page.goto('/');
  return page;
}

async function fillCard(page: Page, number: string) {
  await page.locator('#card-card_name').fill('Layla Ahmad');
  await page.locator('#card-card_number').fill(number);
  await page.locator('#card-expiry').fill('12/30');
  await page.locator('#card-cvv').fill('123');
}

const TEXT = {
  en: { authFailed: 'Card authentication failed', tryAgain: 'Please try again and use another card', back: 'back to checkout', pro: 'Pro', active: 'Active', invoice: 'Invoice' },
  ar: { authFailed: 'فشل التحقق من البطاقة', tryAgain: 'يرجى المحاولة مرة أخرى واستخدام بطاقة أخرى', back: 'العودة إلى صفحة الدفع', pro: 'الاحترافية', active: 'مفعَّلة', invoice: 'فاتورة' },
};

describe.each(['en', 'ar'] as const)('buying a plan through the sandbox checkout (%s)', (locale) => {
  it('fails 3-D Secure, goes back to checkout, pays, and downloads the invoice PDF', async () => {
    const text = TEXT[locale];
    const page = await signedInPage(locale, `buyer-${locale}@example.com`);
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');

    // Pricing on the home page: a signed-in user subscribes from the plan card.
    const pro = page.locator('[data-testid="plan-card"][data-plan="pro"]');
    await pro.getByTestId('subscribe-button').click();
    await page.waitForURL(/\/sandbox\/checkout\/sbx_cs_/);
    await expect.poll(() => page.getByTestId('sandbox-amount').innerText()).toContain('$59');
    await screenshot(page, `billing-sandbox-checkout-${locale}`);

    // A card whose 3-D Secure check fails: the return page offers to go back to checkout.
    await fillCard(page, '4000 0000 0000 3220');
    await page.getByTestId('sandbox-pay').click();
    const failed = page.getByTestId('checkout-failed');
    await failed.waitFor();
    expect(await failed.innerText()).toContain(text.authFailed);
    expect(await failed.innerText()).toContain(text.tryAgain);
    expect(await page.getByTestId('back-to-checkout').innerText()).toBe(text.back);
    await screenshot(page, `billing-checkout-auth-failed-${locale}`);

    await page.getByTestId('back-to-checkout').click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByTestId('sandbox-pay').click();
    await page.getByTestId('checkout-paid').waitFor();
    // The success dialog, then /user/membership.
    await page.locator('dialog[open] .dialog__actions button').click();
    await page.waitForURL(/\/user\/membership$/);
    const current = page.getByTestId('current-plan');
    await expect.poll(() => current.innerText()).toContain(text.pro);
    expect(await page.getByTestId('plan-status').innerText()).toBe(text.active);
    await screenshot(page, `billing-membership-${locale}`);

    // The invoice: listed on payment management, downloaded as PDF, first page rendered.
    await page.goto('/user/payment-management');
    await page.getByTestId('invoice-row').first().waitFor();
    expect(await page.getByTestId('invoice-row').count()).toBe(1);
    await screenshot(page, `billing-payment-management-${locale}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-download').first().click()]);
    const pdfFile = path.join(SCREENSHOT_DIR, `invoice-${locale}.pdf`);
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    await download.saveAs(pdfFile);
    const pdf = await fs.readFile(pdfFile);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdfFile, path.join(SCREENSHOT_DIR, `invoice-${locale}`)]);
    expect((await fs.stat(path.join(SCREENSHOT_DIR, `invoice-${locale}.png`))).size).toBeGreaterThan(10_000);
    const extracted = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(extracted).toContain(text.invoice);
    expect(extracted).toMatch(/INV-\d{6}/);
    expect(extracted).toContain('$59.00');
  });
});

describe('billing screens', () => {
  it('validates the billing card form with the spec messages, in both languages', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const page = await signedInPage(locale, `card-${locale}@example.com`);
      await page.goto('/user/billing-card');
      await page.getByTestId('save-card').click();
      const errors = await page.locator('.form-field__error').allInnerTexts();
      expect(errors).toEqual(locale === 'en' ? ['Card Name is required', 'Card Number is required', 'Expiry is required', 'Cvv is required'] : ['اسم حامل البطاقة مطلوب', 'رقم البطاقة مطلوب', 'تاريخ الانتهاء مطلوب', 'رمز التحقق CVV مطلوب']);
      await screenshot(page, `billing-card-errors-${locale}`);
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByTestId('save-card').click();
      await page.locator('dialog[open] .dialog__actions button').click();
      await page.waitForURL(/\/user\/payment-management$/);
      await expect.poll(() => page.getByTestId('card-summary').innerText()).toContain('4242');
    }
  });

  it('shows the trial-expired warning', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const page = await signedInPage(locale, `expired-${locale}@example.com`);
      await t.container.database.db.updateTable('users').set({ trial_ends_at: new Date(Date.now() - 60_000) }).where('email', '=', `expired-${locale}@example.com`).execute();
      await page.goto('/user/membership');
      const notice = page.getByTestId('notice-trialExpired');
      await notice.waitFor();
      expect(await notice.innerText()).toContain(locale === 'en' ? 'Trial period expired' : 'انتهت الفترة التجريبية');
      await screenshot(page, `billing-trial-expired-${locale}`);
    }
  });

  it('lets an admin edit a plan and returns to /admin/plans', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const page = await signedInPage(locale, `admin-${locale}@example.com`, 1);
      await page.goto('/admin/plans');
      await page.getByTestId('admin-plan-row').first().waitFor();
      await screenshot(page, `billing-admin-plans-${locale}`);
      await page.locator('[data-testid="admin-plan-row"][data-slug="hobbyist"] a').click();
      await page.locator('#plan-badge_title_en').waitFor();
      await page.locator('#plan-badge_title_en').fill(locale === 'en' ? 'Starter pick' : 'Student pick');
      await screenshot(page, `billing-admin-plan-editor-${locale}`);
      await page.getByTestId('save-plan').click();
      await page.waitForURL(/\/admin\/plans$/);
      await page.locator('dialog[open] .dialog__actions button').click();
    }
    const plans = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json().data;
    expect(plans.find((p: { slug: string }) => p.slug === 'hobbyist').badge_title_en).toBe('Student pick');
  });
});
