// The admin made at first start (ADMIN_EMAIL/ADMIN_PASSWORD) signs in for the first time days after the server first
// started: the dashboard greets them "Welcome," (a first visit), and "Welcome back," at a later sign-in. It said
// "Welcome back," at once, as the greeting was measured from the account's creation. Each language runs its own
// Lisan (a fresh database, so a first start's admin), serving the built web app. The Arabic site's admin is made with
// ADMIN_LOCALE=ar, so named «المسؤول». Their dashboard says "Administrator account" and points to the admin area: no
// plan name, trial days or "Choose a plan"; their meters are titled as their own usage.
import path from 'node:path';
import { sql } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/harness';
import { freePort } from '../../server/test/node-process';
import { closeBrowserConnection, screenshotsAtBothSizes, sharedBrowser } from './helpers';

const ADMIN = { email: 'first-admin@example.com', password: 'first-admin-password-1' };
const contexts: BrowserContext[] = [];
const apps: TestApp[] = [];

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeBrowserConnection();
  await Promise.all(apps.map((app) => app.close()));
});

async function signIn(baseUrl: string, locale: 'en' | 'ar'): Promise<Page> {
  const context = await (await sharedBrowser()).newContext({ baseURL: baseUrl, locale: locale === 'ar' ? 'ar-SA' : 'en-US', viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await context.addCookies([{ name: 'locale', value: locale, url: baseUrl }]);
  await context.addInitScript(() => localStorage.setItem('lisan.consent', 'declined'));
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('main form button[type="submit"]').first().click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/admin/plans');
  return page;
}

async function greeting(page: Page) {
  await page.goto('/dashboard');
  const title = page.getByTestId('dashboard-title');
  await title.waitFor();
  return (await title.textContent())!.trim();
}

describe.each(['en', 'ar'] as const)('the admin made at first start (%s)', (locale) => {
  // Its own Lisan (a fresh database: migrations, a first start), started before the test, not inside its time limit.
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { WEB_DIST_DIR: path.resolve(import.meta.dirname, '../../web/dist'), APP_URL: baseUrl } });
    apps.push(t);
    await t.app.listen({ port, host: '127.0.0.1' });
  });

  it('is greeted "Welcome," at their first sign-in days later, and "Welcome back," at a later one', async () => {
    // What main.ts does at the first start, three days before the admin first signs in.
    expect(await t.container.users.bootstrapAdmin({ ...ADMIN, locale })).not.toBeNull();
    await sql`update users set created_at = now() - interval '3 days' where email = ${ADMIN.email}`.execute(t.container.database.db);

    const first = await signIn(baseUrl, locale);
    expect(await greeting(first)).toBe(locale === 'ar' ? 'مرحبًا، المسؤول' : 'Welcome, Administrator');
    const panel = first.getByTestId('dashboard-plan');
    expect(await panel.getAttribute('data-state')).toBe('admin');
    expect((await panel.locator('h2').textContent())!.trim()).toBe(locale === 'ar' ? 'حساب المسؤول' : 'Administrator account');
    expect(await first.getByTestId('dashboard-admin-link').getAttribute('href')).toBe('/admin');
    expect(await first.getByTestId('dashboard-trial-days').count()).toBe(0);
    const panelText = (await panel.textContent()) ?? '';
    for (const upsell of locale === 'ar' ? ['تجريبية', 'اختر باقة', 'إدارة باقتك'] : ['trial', 'Trial', 'Choose a plan', 'Manage your plan']) expect(panelText).not.toContain(upsell);
    expect((await first.locator('#dashboard-usage-title, [data-testid="dashboard-usage"] h2').first().textContent())!.trim()).toBe(locale === 'ar' ? 'استهلاكك الشخصي' : 'Your own usage');
    await screenshotsAtBothSizes(first, `dashboard-first-admin-${locale}`, { width: 1280, height: 800 });

    // Two hours after that first session, another sign-in is a return.
    await sql`update users set first_signed_in_at = first_signed_in_at - interval '2 hours' where email = ${ADMIN.email}`.execute(t.container.database.db);
    const later = await signIn(baseUrl, locale);
    expect(await greeting(later)).toBe(locale === 'ar' ? 'مرحبًا بعودتك، المسؤول' : 'Welcome back, Administrator');

    // The pricing page offers an admin nothing to buy: it points to the admin area.
    await later.goto('/pricing');
    await later.getByTestId('pricing-grid').waitFor();
    expect(await later.getByTestId('admin-plan-notice').count()).toBe(1);
    expect(await later.getByTestId('subscribe-button').count()).toBe(0);
    await screenshotsAtBothSizes(later, `pricing-first-admin-${locale}`, { width: 1280, height: 800 });
  });
});
