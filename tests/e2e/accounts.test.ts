// Accounts in the browser, once in English and once in Arabic: sign up, open the verification
// link from the mail outbox, sign out, sign in, change the password (and the profile), then
// the forgotten-password path. Every screen is photographed for a person to look at.
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowserConnection, decodeMail, expectNoAxeViolations, linkInMail, newContext, screenshot as takeScreenshot, screenshotsAtBothSizes, signUpVerified, waitForMail } from './helpers';

type Locale = 'en' | 'ar';

const TEXT = {
  en: {
    signOut: 'Sign out',
    resent: 'A new verification link is on its way.',
    emailVerified: 'Your e-mail address is verified.',
    passwordUpdated: 'Your password was updated successfully.',
    profileUpdated: 'Your profile was updated successfully.',
    resetLinkEmailed: 'We have e-mailed you a link to reset your password.',
    resetDone: 'Your password has been reset.',
    credentials: 'These credentials do not match our records.',
    brand: 'Lisan | لسان',
    verifyTitle: 'E-mail verification',
    changeTitle: 'Change of e-mail address',
    nameRequired: 'Name is required',
    verificationInvalid: 'The verification link is invalid or expired',
    passwordIncorrect: 'The password is incorrect.',
    accountDeleted: 'Your account has been deleted.',
    deleteTitle: 'Delete your account?',
    confirmationMismatch: 'The password confirmation does not match.',
    emailRequired: 'Email is required',
    show: 'Show',
    hide: 'Hide',
    showPassword: 'Show password',
    resetLinkInvalid: 'This reset link no longer works: it may have expired, been used already, or be for another e-mail address. Request a new link below.',
    requestNew: 'Request a new link',
  },
  ar: {
    signOut: 'تسجيل الخروج',
    resent: 'أرسلنا إليك رابط تحقق جديدًا.',
    emailVerified: 'تم التحقق من بريدك الإلكتروني.',
    passwordUpdated: 'تم تحديث كلمة المرور بنجاح.',
    profileUpdated: 'تم تحديث ملفك الشخصي بنجاح.',
    resetLinkEmailed: 'أرسلنا إلى بريدك الإلكتروني رابطًا لإعادة تعيين كلمة المرور.',
    resetDone: 'تمت إعادة تعيين كلمة المرور.',
    credentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    brand: 'Lisan | لسان',
    verifyTitle: 'التحقق من البريد الإلكتروني',
    changeTitle: 'تغيير البريد الإلكتروني',
    nameRequired: 'الاسم مطلوب',
    verificationInvalid: 'رابط التحقق غير صالح أو منتهي الصلاحية.',
    passwordIncorrect: 'كلمة المرور غير صحيحة.',
    accountDeleted: 'تم حذف حسابك.',
    deleteTitle: 'هل تريد حذف حسابك؟',
    confirmationMismatch: 'تأكيد كلمة المرور غير مطابق.',
    emailRequired: 'البريد الإلكتروني مطلوب',
    show: 'إظهار',
    hide: 'إخفاء',
    showPassword: 'إظهار كلمة المرور',
    resetLinkInvalid: 'لم يعد رابط إعادة التعيين هذا صالحًا: ربما انتهت صلاحيته أو استُخدم من قبل أو أُرسل لعنوان بريد إلكتروني آخر. اطلب رابطًا جديدًا أدناه.',
    requestNew: 'طلب رابط جديد',
  },
} as const;

/** A 96x96 PNG for the company logo: a teal square with a gold diagonal band. */
function logoPng(size = 96): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set(Math.abs(x - y) < 14 ? [242, 181, 68] : [15, 95, 92], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = logoPng();

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await closeBrowserConnection();
});

async function openPage(locale: Locale): Promise<Page> {
  const context = await newContext(locale);
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('lisan.consent', 'accepted')); // no banner over the forms
  return context.newPage();
}

/** A raw .eml with its quoted-printable parts decoded (UTF-8). */
/** A full-page screenshot from the top, so the sticky header sits where it belongs. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return takeScreenshot(page, name);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
/** The name of the focused field, or the text of the focused button. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent ?? null);

async function fill(within: Page | Locator, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) await within.locator(`input[name="${name}"]`).fill(value);
}

async function submit(page: Page) {
  await page.locator('main form button[type="submit"]').first().click();
}

/** The app-wide success dialog: its text, then "Ok". */
async function confirmSuccessDialog(page: Page, text: string, shot: string) {
  const dialog = page.locator('dialog.dialog--success[open]');
  await dialog.waitFor();
  expect(await dialog.innerText()).toContain(text);
  await screenshot(page, shot);
  await dialog.getByRole('button').click();
  await dialog.waitFor({ state: 'detached' }).catch(() => dialog.waitFor({ state: 'hidden' }));
}

async function signOut(page: Page, locale: Locale) {
  await page.getByRole('button', { name: TEXT[locale].signOut }).click();
  await expect.poll(() => pathOf(page)).toBe('/');
  await page.locator('a[href="/login"]').first().waitFor();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await fill(page, { email, password });
  await submit(page);
  await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/dashboard');
}

/**
 * The Show button beside a password field: it shows the typed password and is named "Show password", sits beside the
 * field (at its end in the page's direction, not over the text), tall enough to tap; "Hide" hides the password again.
 */
/**
 * Holds the page's look at an e-mailed link (GET /api/email-verify/…, /api/email-change/{token}) until released: the
 * page's loading state, while it asks for the address its URL does not carry.
 */
async function holdLinkLook(page: Page, pattern: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  }, { times: 1 });
  return release;
}

async function expectPasswordVisibility(page: Page, name: string, value: string, text: (typeof TEXT)[Locale], shot: string) {
  const input = page.locator(`input[name="${name}"]`);
  const toggle = page.locator(`button[aria-controls="${await input.getAttribute('id')}"]`);
  expect(await input.getAttribute('type')).toBe('password');
  expect((await toggle.innerText()).trim()).toBe(text.show);
  expect(await toggle.getAttribute('aria-label')).toBe(text.showPassword);
  const [field, button] = [(await input.boundingBox())!, (await toggle.boundingBox())!];
  expect(button.height).toBeGreaterThanOrEqual(24);
  const rtl = (await page.locator('html').getAttribute('dir')) === 'rtl';
  if (rtl) expect(button.x + button.width).toBeLessThanOrEqual(field.x + 0.5);
  else expect(button.x).toBeGreaterThanOrEqual(field.x + field.width - 0.5);
  await toggle.click();
  expect(await input.getAttribute('type')).toBe('text');
  expect(await input.inputValue()).toBe(value);
  expect((await toggle.innerText()).trim()).toBe(text.hide);
  await screenshotsAtBothSizes(page, shot, { width: 1280, height: 800 });
  await toggle.click();
  expect(await input.getAttribute('type')).toBe('password');
}

describe.each(['en', 'ar'] as const)('accounts in the browser (%s)', (locale) => {
  const text = TEXT[locale];
  const email = `e2e-${locale}-${randomBytes(4).toString('hex')}@example.com`;
  const firstPassword = 'first-password-1';
  const secondPassword = 'second-password-2';

  it('signs up, verifies the address from the outbox, signs out, signs in and changes the password', async () => {
    const page = await openPage(locale);

    // Sign up: first with nothing filled in (the spec's message), then properly.
    await page.goto('/register');
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    await page.locator('input[name="name"]').waitFor();
    await screenshot(page, `accounts-${locale}-01-register`);
    await submit(page);
    await expect.poll(() => page.locator('.form-field__errors').first().innerText()).toBe(text.nameRequired);
    // The refused form puts the focus on its first field to correct, as the account screens do.
    await expect.poll(() => focused(page)).toBe('name');
    await screenshot(page, `accounts-${locale}-02-register-errors`);
    await fill(page, { name: locale === 'ar' ? 'هدى سالم' : 'Huda Salem', email, password: firstPassword, password_confirmation: firstPassword });
    // "Show" beside each password field shows what was typed, and "Hide" hides it again.
    await expectPasswordVisibility(page, 'password', firstPassword, text, `accounts-${locale}-02b-register-password-shown`);
    await submit(page);
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/check-email');
    await page.locator('[data-state="unverified"]').waitFor();
    await screenshot(page, `accounts-${locale}-03-check-email`);
    // "Resend": a second link is mailed (either one works).
    await page.locator('[data-state="unverified"] button.button--primary').click();
    await expect.poll(() => page.locator('[data-state="unverified"] [role="status"]').innerText()).toBe(text.resent);

    // The verification link from the outbox, in the user's language.
    const mail = decodeMail(await waitForMail(email, (raw) => decodeMail(raw).includes('/email/verify/')));
    expect(mail).toContain(locale === 'ar' ? 'dir="rtl"' : 'dir="ltr"');
    expect(mail).toContain(locale === 'ar' ? 'تأكيد بريدك الإلكتروني' : 'Verify your e-mail address');
    // Opening it only shows what it will do (mail scanners open links too); the button verifies.
    const verifyLink = linkInMail(mail, '/email/verify/');
    const releaseVerify = await holdLinkLook(page, '**/api/email-verify/**');
    await page.goto(verifyLink);
    const confirm = page.locator('[data-status="confirm"]');
    // The page's URL carries the link's parts, no address; the page asks the server for it, saying so meanwhile.
    await confirm.locator('[role="status"]').waitFor();
    expect(page.url()).not.toMatch(/@|%40/i);
    await screenshotsAtBothSizes(page, `accounts-${locale}-04-email-verify-asking`);
    releaseVerify();
    await expect.poll(() => confirm.getByTestId('email-link-address').innerText()).toBe(email);
    expect(page.url()).not.toMatch(/@|%40/i);
    // A page opened from the earlier redirect, whose URL named the address: it names the server's address whatever its
    // URL said, and takes the address out of its URL (the browser's history).
    const pageUrl = new URL(page.url());
    pageUrl.searchParams.set('email', 'someone-else@example.com');
    await page.goto(pageUrl.href);
    await expect.poll(() => confirm.getByTestId('email-link-address').innerText()).toBe(email);
    await expect.poll(() => page.url()).not.toMatch(/@|%40|email=/i);
    expect(new URL(page.url()).searchParams.get('signature')).toBe(pageUrl.searchParams.get('signature'));
    expect(await confirm.locator('h1').innerText()).toBe(text.verifyTitle);
    expect(await page.title()).toBe(`${text.verifyTitle} · ${text.brand}`);
    await screenshotsAtBothSizes(page, `accounts-${locale}-04-email-verify-confirm`);
    await confirm.locator('button.button--primary').click();
    await expect.poll(() => page.url()).toContain('/email/verify?status=verified');
    await expect.poll(() => page.locator('[data-status="verified"]').innerText()).toContain(text.emailVerified);
    await screenshot(page, `accounts-${locale}-04-email-verified`);

    // Sign out, and back in: first with a wrong password, then the right one.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: text.signOut }).waitFor();
    await signOut(page, locale);
    // A page for signed-in users opened while signed out (a bookmark, a link in an e-mail): the
    // sign-in page, and that page once signed in.
    await page.goto('/user/basic-info');
    await expect.poll(() => pathOf(page)).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/user/basic-info');
    await fill(page, { email, password: 'not-my-password' });
    await submit(page);
    await expect.poll(() => page.locator('.form-field__errors').first().innerText()).toBe(text.credentials);
    await expect.poll(() => focused(page)).toBe('email');
    await screenshot(page, `accounts-${locale}-05-login-error`);
    await fill(page, { email, password: firstPassword });
    await submit(page);
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/user/basic-info');
    // Signed in, the sign-in and sign-up pages lead to the user's own page (spec section 2: role 2 to the user target).
    for (const guestPage of ['/login', '/register', '/forgot-password']) {
      await page.goto(guestPage);
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/dashboard');
    }

    // Basic info: profile and company logo.
    await page.goto('/user/basic-info');
    await page.locator('input[name="company_name"]').waitFor();
    // An empty name: said under the field, which gets the focus.
    const name = await page.locator('input[name="name"]').inputValue();
    await fill(page, { name: '' });
    await page.locator('main form button[type="submit"]').first().click();
    await expect.poll(() => page.locator('input[name="name"]').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focused(page)).toBe('name');
    await fill(page, { name, company_name: locale === 'ar' ? 'ترجمات سالم' : 'Salem Translations', phone: '+971 4 555 0100' });
    await page.locator('input[name="logo"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('main form button[type="submit"]').first().click();
    await confirmSuccessDialog(page, text.profileUpdated, `accounts-${locale}-06-basic-info-saved`);
    const logo = page.locator('.logo-field__preview img');
    await expect.poll(() => logo.getAttribute('src')).toMatch(/^\/api\/files\/logos\//);
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(96);
    await screenshot(page, `accounts-${locale}-07-basic-info`);

    // Change the password.
    await page.goto('/user/auth-settings');
    await page.locator('input[name="old_password"]').waitFor();
    await screenshot(page, `accounts-${locale}-08-auth-settings`);
    // Opened directly, the screen still has the provider icons' and the danger button's styles
    // (they once lived in the sign-in page's stylesheet, and three rules fought over the button).
    for (const icon of await page.locator('#social-links .provider-icon').all()) expect((await icon.boundingBox())!.width).toBeLessThanOrEqual(32);
    const danger = page.locator('#delete-account .button--danger').first();
    const colors = await danger.evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element).backgroundColor]);
    expect(colors[0]).not.toBe(colors[1]);
    expect((await danger.innerText()).trim().length).toBeGreaterThan(0);
    // A mismatched confirmation: said under that field, which gets the focus (not the page's top), the typing kept.
    const updatePassword = page.locator('#password button[type="submit"]');
    await fill(page.locator('#password'), { old_password: firstPassword, password: secondPassword, password_confirmation: 'second-password-3' });
    await updatePassword.click();
    const confirmationField = page.locator('#password input[name="password_confirmation"]');
    await expect.poll(() => confirmationField.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#password .form-field__errors').innerText()).toBe(text.confirmationMismatch);
    await expect.poll(() => focused(page)).toBe('password_confirmation');
    expect(await page.locator('#password input[name="password"]').inputValue()).toBe(secondPassword);
    await fill(page.locator('#password'), { password_confirmation: secondPassword });
    await updatePassword.click();
    await confirmSuccessDialog(page, text.passwordUpdated, `accounts-${locale}-09-password-updated`);
    // The dialog gives the focus back to the button (a disabled one had dropped it to the page's top).
    await expect.poll(() => updatePassword.evaluate((button) => button === document.activeElement)).toBe(true);

    // The other settings tabs belong to other screens (membership: billing); they sit in the same frame.
    await page.locator('.account-tabs a[href="/user/membership"]').click();
    await page.getByTestId('membership-page').waitFor();
    await screenshot(page, `accounts-${locale}-09b-membership-tab`);
    // On a phone the tabs are one row that scrolls within itself, the open one in view, the page no wider than the phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const tabs = page.getByTestId('account-tabs');
    await expect.poll(() => tabs.evaluate((list) => new Set([...list.children].map((item) => Math.round((item as HTMLElement).getBoundingClientRect().top))).size)).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The last tab, past the phone's edge in either direction: scrolled into view once open.
    await page.locator('.account-tabs a[href="/user/api-keys"]').click();
    await page.getByTestId('api-keys').waitFor();
    await expect
      .poll(() =>
        tabs.evaluate((list) => {
          const active = list.querySelector('.active')!.getBoundingClientRect();
          const box = list.getBoundingClientRect();
          return active.left >= box.left - 1 && active.right <= box.right + 1;
        }),
      )
      .toBe(true);
    await screenshot(page, `accounts-${locale}-09c-tabs-phone`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The new password is the one that works now.
    await signOut(page, locale);
    await page.goto('/login');
    await fill(page, { email, password: firstPassword });
    await submit(page);
    await expect.poll(() => page.locator('.form-field__errors').first().innerText()).toBe(text.credentials);
    await signIn(page, email, secondPassword);
    await signOut(page, locale);
  });

  it('resets a forgotten password from the e-mailed link', async () => {
    const page = await openPage(locale);
    await page.goto('/forgot-password');
    await page.locator('input[name="email"]').waitFor();
    await screenshot(page, `accounts-${locale}-10-forgot-password`);
    await submit(page);
    await expect.poll(() => page.locator('.form-field__errors').first().innerText()).toBe(text.emailRequired);
    await expect.poll(() => focused(page)).toBe('email');
    // "Back to sign in" stands alone under the form: a tap target of at least 24 px.
    expect((await page.locator('.auth-card__footer > a').boundingBox())!.height).toBeGreaterThanOrEqual(24);
    await fill(page, { email });
    await submit(page);
    await expect.poll(() => page.locator('main [role="status"]').innerText()).toContain(text.resetLinkEmailed);
    await screenshot(page, `accounts-${locale}-11-reset-link-emailed`);

    const mail = decodeMail(await waitForMail(email, (raw) => decodeMail(raw).includes('/reset-password?')));
    const resetLink = linkInMail(mail, '/reset-password');
    // The link carries the token alone; the page asks for the address with it (read-only: the token resets that account).
    expect(resetLink).not.toMatch(/@|%40|email=/i);
    await page.goto(resetLink);
    await page.locator('input[name="password"]').waitFor();
    expect(await page.locator('input[name="email"]').inputValue()).toBe(email);
    expect(await page.locator('input[name="email"]').getAttribute('readonly')).not.toBeNull();
    expect(page.url()).not.toMatch(/@|%40|email=/i);
    await screenshotsAtBothSizes(page, `accounts-${locale}-12-reset-password`);
    // A link mailed before, which named the address: the page names the account's, and drops the address from its URL.
    await page.goto(`${resetLink}&${new URLSearchParams({ email: 'someone-else@example.com' }).toString()}`);
    await expect.poll(() => page.locator('input[name="email"]').inputValue()).toBe(email);
    await expect.poll(() => page.url()).not.toMatch(/@|%40|email=/i);
    expect(page.url()).toBe(resetLink.replace(/^https?:\/\/[^/]+/, new URL(page.url()).origin));
    const thirdPassword = 'third-password-3';
    await fill(page, { password: thirdPassword, password_confirmation: thirdPassword });
    await submit(page);
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/login');
    await expect.poll(() => page.locator('main [role="status"]').innerText()).toContain(text.resetDone);
    // The sign-in form has the address, which its URL does not carry.
    expect(await page.locator('input[name="email"]').inputValue()).toBe(email);
    expect(page.url()).not.toMatch(/@|%40|email=/i);
    await screenshot(page, `accounts-${locale}-13-login-after-reset`);

    // The used link again: the page says at once what happened and what to do, and the "Request a new link" it points
    // to is below, tall enough to tap; no form.
    await page.goto(resetLink);
    await expect.poll(() => page.locator('.auth-card [role="alert"]').innerText()).toBe(text.resetLinkInvalid);
    expect(await page.locator('input[name="password"]').count()).toBe(0);
    const requestNew = page.locator('.auth-card a.button');
    expect((await requestNew.innerText()).trim()).toBe(text.requestNew);
    expect((await requestNew.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    await screenshotsAtBothSizes(page, `accounts-${locale}-13b-reset-link-used`, { width: 1280, height: 800 });
    // A sign-in link of the old form, with the address in its query: the form does not take it, and the address bar drops it.
    await page.goto(`/login?email=${encodeURIComponent(email)}`);
    await page.locator('input[name="password"]').waitFor();
    await expect.poll(() => page.url()).not.toMatch(/@|%40|email=/i);
    expect(await page.locator('input[name="email"]').inputValue()).toBe('');
    await fill(page, { email, password: thirdPassword });
    await submit(page);
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/dashboard');

    // Delete the account: a wrong password first, then the right one.
    await page.goto('/user/auth-settings');
    const openDelete = page.locator('#delete-account > .form__actions button');
    await openDelete.click();
    const confirm = page.locator('#delete-account dialog[open]');
    await confirm.waitFor();
    // The app's FormDialog: the field has the focus, Tab stays inside, Escape cancels and gives the focus back.
    expect(await confirm.getAttribute('data-testid')).toBe('delete-account-dialog');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    expect(await confirm.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await openDelete.evaluate((button) => button === document.activeElement)).toBe(true);
    await openDelete.click();
    await confirm.waitFor();
    expect(await confirm.locator('.dialog__title').innerText()).toBe(text.deleteTitle);
    await fill(confirm, { password: 'not-my-password' });
    await confirm.locator('button[type="submit"]').click();
    await expect.poll(() => confirm.locator('.form-field__errors').innerText()).toBe(text.passwordIncorrect);
    // The focus is back on the field, inside the modal dialog.
    await expect.poll(() => focused(page)).toBe('password');
    expect(await confirm.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await screenshot(page, `accounts-${locale}-15-delete-account`);
    await fill(confirm, { password: thirdPassword });
    await confirm.locator('button[type="submit"]').click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/');
    await confirmSuccessDialog(page, text.accountDeleted, `accounts-${locale}-16-account-deleted`);
    await page.goto('/login');
    await fill(page, { email, password: thirdPassword });
    await submit(page);
    await expect.poll(() => page.locator('.form-field__errors').first().innerText()).toBe(text.credentials);
  });

  it('says so when a verification link is invalid or expired', async () => {
    const page = await openPage(locale);
    await page.goto(`/email/verify/1/${'0'.repeat(40)}?expires=1&signature=forged`);
    await expect.poll(() => page.url()).toContain('/email/verify?status=invalid');
    await expect.poll(() => page.locator('[data-status="invalid"]').innerText()).toContain(text.verificationInvalid);
    await screenshot(page, `accounts-${locale}-14-verification-invalid`);
  });
});

// Changing the e-mail address: in Arabic the form (photographed at both sizes, with a refusal), the expired card and
// the link's confirm page; in English the whole flow: the form, the pending card, the expired card and its new link,
// the link opened by a scanner (nothing happens) and by the person (the confirm page, its button, the result), the
// replaced and the used link, and the new address signing in.
describe('changing the e-mail address', () => {
  const password = 'change-email-pass-1';

  /**
   * The account screen as it is once the pending change's link expired (an hour after it was sent): the browser tests
   * cannot move the server's clock, so the next user call's answer is the server's own with the change marked expired
   * (the server's side of it is server/src/modules/auth/email-change.test.ts).
   */
  async function openWithExpiredChange(page: Page) {
    await page.route(
      '**/api/user',
      async (route) => {
        const response = await route.fetch();
        const user = await response.json();
        user.email_change = { ...user.email_change, expires_at: new Date(Date.now() - 60_000).toISOString(), expired: true };
        await route.fulfill({ response, json: user });
      },
      { times: 1 },
    );
    await page.goto('/user/basic-info');
    const pending = page.getByTestId('email-change-pending');
    await expect.poll(() => pending.getAttribute('data-expired')).toBe('true');
    return pending;
  }


  /** The link of the newest confirmation mail to `to` (a resend sends another). */
  const newestChangeLink = async (to: string) => linkInMail(decodeMail(await waitForMail(to, (raw) => decodeMail(raw).includes('/email/change/'))), '/email/change/');

  it('in Arabic: the form says a wrong password under its field; the expired card; the link opens the confirm page', async () => {
    const page = await openPage('ar');
    const email = `e2e-change-ar-${randomBytes(4).toString('hex')}@example.com`;
    const newEmail = `new-${email}`;
    await signUpVerified(page, { name: 'هدى سالم', email, password });
    await page.goto('/user/basic-info');
    const section = page.getByTestId('email-change');
    await section.locator(':scope > .form__actions button').click();
    const dialog = page.locator('[data-testid="email-change-dialog"][open]');
    await dialog.waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await dialog.locator('.dialog__title').innerText()).toBe('تغيير بريدك الإلكتروني');
    await expect.poll(() => focused(page)).toBe('email');
    await fill(dialog, { email: newEmail, password: 'not-my-password' });
    await dialog.locator('button[type="submit"]').click();
    await expect.poll(() => dialog.locator('.form-field__errors').innerText()).toBe('كلمة المرور غير صحيحة.');
    await expect.poll(() => focused(page)).toBe('password');
    await screenshotsAtBothSizes(page, 'accounts-ar-20-change-email-form');
    await fill(dialog, { password });
    await dialog.locator('button[type="submit"]').click();
    await confirmSuccessDialog(page, `أرسلنا رابط تأكيد إلى \u2066${newEmail}\u2069`, 'accounts-ar-21-change-email-sent');

    const expired = await openWithExpiredChange(page);
    expect(await expired.innerText()).toContain('انتهت صلاحية رابط تأكيد البريد الجديد:');
    expect(await expired.getByTestId('pending-email').innerText()).toBe(newEmail);
    const buttons = section.locator(':scope > .form__actions button');
    expect(await buttons.allInnerTexts()).toEqual(['إرسال رابط جديد', 'إلغاء التغيير']);
    await screenshotsAtBothSizes(page, 'accounts-ar-22-change-email-expired');

    // The page's URL carries the token only; the page asks for the address with it, saying so meanwhile.
    const release = await holdLinkLook(page, '**/api/email-change/**');
    await page.goto(await newestChangeLink(newEmail));
    const confirm = page.locator('[data-status="change_confirm"]');
    expect(await confirm.locator('[role="status"]').innerText()).toBe('جارٍ التحميل…');
    await screenshotsAtBothSizes(page, 'accounts-ar-23-change-email-asking');
    release();
    await expect.poll(() => confirm.getByTestId('email-link-address').innerText()).toBe(newEmail);
    expect(await confirm.locator('h1').innerText()).toBe(TEXT.ar.changeTitle);
    expect(await confirm.innerText()).toContain('أكِّد بريدك الإلكتروني الجديد:');
    expect(await page.title()).toBe(`${TEXT.ar.changeTitle} · ${TEXT.ar.brand}`);
    await screenshotsAtBothSizes(page, 'accounts-ar-23-change-email-confirm');
    await confirm.locator('button.button--primary').click();
    await expect.poll(() => page.locator('[data-status="email_changed"]').innerText()).toContain('تم تغيير بريدك الإلكتروني');
    expect(await page.title()).toBe(`${TEXT.ar.changeTitle} · ${TEXT.ar.brand}`);
    await screenshot(page, 'accounts-ar-24-email-changed');
  });

  it('changes the address through the form and the link sent to the new address (English)', async () => {
    const page = await openPage('en');
    const suffix = randomBytes(4).toString('hex');
    const email = `e2e-change-en-${suffix}@example.com`;
    const newEmail = `e2e-changed-en-${suffix}@example.com`;
    await signUpVerified(page, { name: 'Huda Salem', email, password });
    await page.goto('/user/basic-info');
    const section = page.getByTestId('email-change');
    expect(await section.getByTestId('current-email').innerText()).toBe(email);
    await section.locator(':scope > .form__actions button').click();
    const dialog = page.locator('[data-testid="email-change-dialog"][open]');
    await dialog.waitFor();
    await screenshotsAtBothSizes(page, 'accounts-en-20-change-email-form');
    await fill(dialog, { email: newEmail, password });
    await dialog.locator('button[type="submit"]').click();
    await confirmSuccessDialog(page, `We sent a confirmation link to \u2066${newEmail}\u2069`, 'accounts-en-21-change-email-sent');
    // Pending: the account keeps its address until the change is confirmed.
    const pending = section.getByTestId('email-change-pending');
    await expect.poll(() => pending.innerText()).toContain('Waiting for confirmation of the new address:');
    expect(await pending.getByTestId('pending-email').innerText()).toBe(newEmail);
    expect(await pending.getAttribute('data-expired')).toBe('false');
    expect(await section.getByTestId('current-email').innerText()).toBe(email);
    await screenshotsAtBothSizes(page, 'accounts-en-22-change-email-pending');

    // The old address gets a notice without the link; the new one gets the link.
    const notice = decodeMail(await waitForMail(email, (raw) => decodeMail(raw).includes('A change of your e-mail address was requested')));
    expect(notice).not.toContain('/email/change/');
    const firstLink = await newestChangeLink(newEmail);

    // Expired: the card says so, and "Send a new link" mails one (the first link dies) and shows the live change again.
    await openWithExpiredChange(page);
    expect(await pending.innerText()).toContain('The confirmation link for the new address has expired:');
    expect(await pending.getByTestId('pending-email').innerText()).toBe(newEmail);
    const buttons = section.locator(':scope > .form__actions button');
    expect(await buttons.allInnerTexts()).toEqual(['Send a new link', 'Cancel the change']);
    await screenshotsAtBothSizes(page, 'accounts-en-22-change-email-expired');
    await expectNoAxeViolations(page, 'the expired change card');
    await buttons.first().click();
    await confirmSuccessDialog(page, `We sent a confirmation link to \u2066${newEmail}\u2069`, 'accounts-en-22-change-email-resent');
    await expect.poll(() => pending.getAttribute('data-expired')).toBe('false');
    expect(await pending.innerText()).toContain('Waiting for confirmation of the new address:');
    await expect.poll(() => newestChangeLink(newEmail)).not.toBe(firstLink);
    const link = await newestChangeLink(newEmail);

    // A mail scanner opens the link in a browser of its own: it sees the confirm page, and nothing changes.
    const scanner = await openPage('en');
    await scanner.goto(link);
    await scanner.locator('[data-status="change_confirm"] button.button--primary').waitFor();
    // The page's URL carries the token only: no address in browser history, proxies or logs.
    expect(scanner.url()).not.toMatch(/@|%40/i);
    // A page opened from the earlier redirect, whose URL named the address, still works: it reads the token alone and
    // names the address the server keeps, whatever its URL said.
    const token = new URL(link).pathname.split('/').pop()!;
    await scanner.goto(`/email/verify?${new URLSearchParams({ status: 'change_confirm', email: 'someone-else@example.com', token }).toString()}`);
    await expect.poll(() => scanner.locator('[data-status="change_confirm"]').getByTestId('email-link-address').innerText()).toBe(newEmail);
    await scanner.context().close();

    // The person opens it (in two tabs): the page names the new address, in its own tab title; the button makes the change.
    const otherTab = await page.context().newPage();
    await otherTab.goto(link);
    const release = await holdLinkLook(page, '**/api/email-change/**');
    await page.goto(link);
    await page.locator('[data-status="change_confirm"] [role="status"]').waitFor();
    await screenshotsAtBothSizes(page, 'accounts-en-23-change-email-asking');
    release();
    const confirm = page.locator('[data-status="change_confirm"]');
    await expect.poll(() => confirm.getByTestId('email-link-address').innerText()).toBe(newEmail);
    expect(await confirm.innerText()).toContain('Confirm your new e-mail address:');
    expect(await confirm.locator('h1').innerText()).toBe(TEXT.en.changeTitle);
    expect(await page.title()).toBe(`${TEXT.en.changeTitle} · ${TEXT.en.brand}`);
    await screenshotsAtBothSizes(page, 'accounts-en-23-change-email-confirm');
    await expectNoAxeViolations(page, 'the confirm page of a change link');
    await confirm.locator('button.button--primary').click();
    await expect.poll(() => page.url()).toContain('/email/verify?status=email_changed');
    await expect.poll(() => page.locator('[data-status="email_changed"]').innerText()).toContain('Your e-mail address has been changed.');
    expect(await page.title()).toBe(`${TEXT.en.changeTitle} · ${TEXT.en.brand}`);
    await screenshot(page, 'accounts-en-24-email-changed');
    // The other tab's button, pressed after: the link is used, the page says so and offers no button.
    await otherTab.locator('[data-status="change_confirm"] button.button--primary').click();
    await expect.poll(() => otherTab.locator('[data-status="change_confirm"] [role="alert"]').innerText()).toBe('This link is invalid or has already been used.');
    expect(await otherTab.locator('[data-status="change_confirm"] button').count()).toBe(0);
    await screenshot(otherTab, 'accounts-en-24-email-change-used-elsewhere');
    await otherTab.close();
    await page.locator('[data-status="email_changed"] a.button').click();
    await expect.poll(() => pathOf(page)).toBe('/user/basic-info');
    await expect.poll(() => section.getByTestId('current-email').innerText()).toBe(newEmail);
    expect(await section.getByTestId('email-change-pending').count()).toBe(0);

    // The replaced link, and the same link again: dead, and the page says so.
    for (const dead of [firstLink, link]) {
      await page.goto(dead);
      await expect.poll(() => page.locator('[data-status="change_invalid"]').innerText()).toContain('This link is invalid or has already been used.');
    }

    await signOut(page, 'en');
    await page.goto('/login');
    await fill(page, { email, password });
    await submit(page);
    await expect.poll(() => page.locator('.form-field__errors').first().innerText()).toBe(TEXT.en.credentials);
    await signIn(page, newEmail, password);
    // A long walk (sign-up, two mails, five pages photographed at two sizes, two accessibility checks): on a loaded
    // 2-core machine it took 78 s, past the browser tests' 60 s default.
  }, 180_000);
});
