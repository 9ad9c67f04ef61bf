// The invitation link in the browser, in English and in Arabic. A live link names the team and role and offers the
// sign-up form with the invited address fixed (the guest joins through it); a dead one (expired, used, withdrawn,
// unknown) says so and what to do next instead of the form; a signed-in user invited at another address is told
// before Join. Each language runs its own Lisan (a fresh database), serving the built web app.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/test/factories';
import { createTestApp, type TestApp } from '../../server/test/harness';
import { freePort } from '../../server/test/node-process';
import { closeBrowserConnection, screenshot, screenshotsAtBothSizes, sharedBrowser } from './helpers';

const contexts: BrowserContext[] = [];
const apps: TestApp[] = [];
const DESKTOP = { width: 1280, height: 800 };

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeBrowserConnection();
  await Promise.all(apps.map((app) => app.close()));
});

const TEXT = {
  en: {
    team: 'Nadia & Co',
    invited: 'You have been invited to join Nadia & Co as Team member.',
    nameRequired: 'Name is required',
    mismatch: 'The password confirmation does not match.',
    show: 'Show',
    dead: { expired: 'This invitation has expired', used: 'This invitation has already been used', revoked: 'This invitation was withdrawn', invalid: 'This invitation link does not work' },
  },
  ar: {
    team: 'دار نادية',
    invited: 'تلقيت دعوة للانضمام إلى «دار نادية» بصفة عضو فريق.',
    nameRequired: 'الاسم مطلوب',
    mismatch: 'تأكيد كلمة المرور غير مطابق.',
    show: 'إظهار',
    dead: { expired: 'انتهت صلاحية هذه الدعوة', used: 'استُخدمت هذه الدعوة من قبل', revoked: 'سُحبت هذه الدعوة', invalid: 'رابط الدعوة هذا لا يعمل' },
  },
} as const;

async function startLisan() {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ env: { WEB_DIST_DIR: path.resolve(import.meta.dirname, '../../web/dist'), APP_URL: baseUrl } });
  apps.push(t);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, baseUrl };
}

/** A team on the Start-up plan and invitations in each state, with tokens the test knows. */
async function seedInvitations(t: TestApp, teamName: string) {
  const startUp = await t.container.plans.getBySlug('start-up');
  const owner = await createUser(t.container, { name: 'Nadia', plan_id: startUp.id });
  const created = await (await t.client().signInAs(owner.id)).post('/api/team', { name: teamName });
  expect(created.statusCode).toBe(201);
  const now = Date.now();
  const tokens: Record<'valid' | 'forStranger' | 'expired' | 'used' | 'revoked', string> = { valid: '', forStranger: '', expired: '', used: '', revoked: '' };
  const rows = {
    valid: { email: 'new-member@example.com', expires_at: new Date(now + 7 * 86_400_000) },
    forStranger: { email: 'invited@example.com', expires_at: new Date(now + 7 * 86_400_000) },
    expired: { email: 'late@example.com', expires_at: new Date(now - 60_000) },
    used: { email: 'joined@example.com', expires_at: new Date(now + 86_400_000), accepted_at: new Date(now - 60_000) },
    revoked: { email: 'withdrawn@example.com', expires_at: new Date(now + 86_400_000), revoked_at: new Date(now - 60_000) },
  };
  for (const [state, row] of Object.entries(rows) as Array<[keyof typeof rows, (typeof rows)[keyof typeof rows]]>) {
    tokens[state] = randomBytes(32).toString('base64url');
    await t.container.database.db
      .insertInto('team_invitations')
      .values({ team_id: created.json().data.id, role_id: 5, invited_by: owner.id, token_hash: createHash('sha256').update(tokens[state]).digest('hex'), ...row })
      .execute();
  }
  return tokens;
}

async function openPage(baseUrl: string, locale: 'en' | 'ar'): Promise<Page> {
  const context = await (await sharedBrowser()).newContext({ baseURL: baseUrl, locale: locale === 'ar' ? 'ar-SA' : 'en-US', viewport: DESKTOP });
  contexts.push(context);
  await context.addCookies([{ name: 'locale', value: locale, url: baseUrl }]);
  await context.addInitScript(() => localStorage.setItem('lisan.consent', 'declined'));
  return context.newPage();
}

const normalized = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();

describe.each(['en', 'ar'] as const)('an invitation link (%s)', (locale) => {
  it('offers the form for a live link, says why a dead one is dead, and warns a user signed in at another address', async () => {
    const { t, baseUrl } = await startLisan();
    const tokens = await seedInvitations(t, TEXT[locale].team);
    const page = await openPage(baseUrl, locale);

    // Dead links: the reason and what to do next, no form.
    for (const state of ['expired', 'used', 'revoked', 'invalid'] as const) {
      await page.goto(`/invitation?token=${state === 'invalid' ? 'no-such-token' : tokens[state]}`);
      const dead = page.getByTestId('invitation-dead');
      await dead.waitFor();
      expect(await dead.getAttribute('data-state')).toBe(state);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      expect(normalized(await dead.locator('h1').textContent())).toBe(TEXT[locale].dead[state]);
      if (state !== 'invalid') expect(normalized(await dead.textContent())).toContain(TEXT[locale].team);
      expect(await page.getByTestId('invitation-form').count()).toBe(0);
      expect(await dead.getByTestId('invitation-sign-in').count()).toBe(1);
      if (state === 'expired' || state === 'invalid') await screenshotsAtBothSizes(page, `invitation-${state}-${locale}`, DESKTOP);
      else await screenshot(page, `invitation-${state}-${locale}-desktop`);
    }

    // A live link: the team and role, the invited address fixed; the guest joins through the form.
    await page.goto(`/invitation?token=${tokens.valid}`);
    const form = page.getByTestId('invitation-form');
    await form.waitFor();
    expect(normalized(await page.getByTestId('invitation-invited').textContent())).toBe(TEXT[locale].invited);
    const email = page.getByTestId('invitation-email');
    expect(await email.inputValue()).toBe('new-member@example.com');
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await screenshotsAtBothSizes(page, `invitation-valid-${locale}`, DESKTOP);

    // The shared sign-up fields: a refusal's messages beside their fields, the focus on the first to correct.
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);
    const fieldError = (name: string) => form.locator(`.form-field:has(input[name="${name}"]) .form-field__errors`);
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('.form-field__errors').count()).toBe(3);
    await expect.poll(focusedName).toBe('name');
    expect(await fieldError('name').innerText()).toBe(TEXT[locale].nameRequired);
    expect(await form.locator('.form-errors').count()).toBe(0);
    await form.locator('input[name="name"]').fill('Sami');
    await form.locator('input[name="password"]').fill('password123');
    await form.locator('input[name="password_confirmation"]').fill('password124');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => fieldError('password_confirmation').innerText()).toBe(TEXT[locale].mismatch);
    await expect.poll(focusedName).toBe('password_confirmation');
    // Show / Hide beside the password: what was typed, readable, then hidden again.
    const show = form.locator('.form-field:has(input[name="password"]) button');
    expect(await show.innerText()).toBe(TEXT[locale].show);
    await show.click();
    expect(await form.locator('input[name="password"]').getAttribute('type')).toBe('text');
    await screenshotsAtBothSizes(page, `invitation-refused-${locale}`, DESKTOP);
    await show.click();
    expect(await form.locator('input[name="password"]').getAttribute('type')).toBe('password');

    await form.locator('input[name="password_confirmation"]').fill('password123');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/team');

    // Signed in at another address: told before Join, and offered to sign out.
    await createUser(t.container, { email: 'stranger@example.com', password: 'stranger-password-1' });
    const stranger = await openPage(baseUrl, locale);
    await stranger.goto('/login');
    await stranger.locator('input[name="email"]').fill('stranger@example.com');
    await stranger.locator('input[name="password"]').fill('stranger-password-1');
    await stranger.locator('main form button[type="submit"]').first().click();
    await expect.poll(() => new URL(stranger.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
    await stranger.goto(`/invitation?token=${tokens.forStranger}`);
    const refusal = stranger.getByTestId('invitation-refusal');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-reason')).toBe('other_email');
    expect(normalized(await refusal.textContent())).toContain('invited@example.com');
    expect(normalized(await refusal.textContent())).toContain('stranger@example.com');
    expect(await stranger.getByTestId('invitation-join-button').count()).toBe(0);
    await screenshotsAtBothSizes(stranger, `invitation-other-email-${locale}`, DESKTOP);
  });
});
