// A team owner's walk, in Arabic on a phone (390x844) and in English on a desktop (the twenty-sixth session's walk):
// sign up, buy Start-up through the sandbox checkout, the invoice PDF, create the team, invite (the form closed while the one
// seat bought is the owner's), add seats, the colleague joins by the e-mailed link, role change, team glossary term,
// team API key, removal, plan change and cancellation. Every step is photographed (.test-results/screenshots,
// `team-walk-<locale>-NN-<step>.jpg`) and no step's page is wider than its screen. What the walk found wrong is held
// here: the first purchase of a team plan said nothing about its seats (one), the invitation form of a full team could
// be sent only to be refused, the seats form's confirmation and answer named the plan kept ("Change to Start-up now?",
// "Your plan is now Start-up.") instead of the seats changed, and a canceled plan's facts still said "Renews on" its
// last day and its badge "Active"; the owner was not told when the colleague joined.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, baseUrl, closeBrowserConnection, decodeMail, linkInMail, screenshot, sharedBrowser, signUpVerified, waitForMail } from './helpers';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeBrowserConnection();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function open(locale: 'en' | 'ar'): Promise<Page> {
  const context = await (await sharedBrowser()).newContext({ baseURL: baseUrl(), locale: locale === 'ar' ? 'ar-SA' : 'en-US', viewport: locale === 'ar' ? PHONE : DESKTOP, acceptDownloads: true });
  await context.addCookies([{ name: 'locale', value: locale, url: baseUrl() }]);
  await context.addInitScript(() => localStorage.setItem('lisan.consent', 'declined'));
  contexts.push(context);
  return context.newPage();
}

const TEXT = {
  en: {
    seatsOne: 'Seats: 1.',
    seatsFull: "Your plan's seats are all taken (1), so no one new can be invited.",
    seatsTitle: 'Change to 3 seats now?',
    seatsDone: 'Your team plan now has 3 seats.',
    invitedSubject: 'Translation team',
    joined: 'accepted your invitation and joined',
    endsOn: 'Ends on',
    canceled: 'Canceled',
  },
  ar: {
    seatsOne: 'عدد المستخدمين: 1.',
    seatsFull: 'اكتمل عدد المستخدمين في باقتك (1)، لذا لا يمكن دعوة أعضاء جدد.',
    seatsTitle: 'هل تريد تغيير عدد المستخدمين إلى 3 الآن؟',
    seatsDone: 'عدد المستخدمين في باقة فريقك الآن: 3.',
    invitedSubject: 'فريق الترجمة',
    joined: 'وأصبح لدى الفريق عضو جديد',
    endsOn: 'تاريخ انتهاء الاشتراك',
    canceled: 'ملغاة',
  },
} as const;

describe.each(['ar', 'en'] as const)('a team owner walk (%s)', (locale) => {
  it('buys a team plan, adds seats, runs the team and cancels, every step photographed and within the screen', async () => {
    const text = TEXT[locale];
    let step = 0;
    const shot = async (page: Page, name: string) => {
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const size = page.viewportSize()!;
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page wider than the screen`).toBeLessThanOrEqual(size.width);
      await screenshot(page, `team-walk-${locale}-${String(++step).padStart(2, '0')}-${name}`);
    };
    /** The app's message dialog: photographed, its text returned, closed with its button. */
    const dialog = async (page: Page, name: string) => {
      const open = page.locator('dialog[open]');
      await open.waitFor();
      await shot(page, `dialog-${name}`);
      const said = await open.innerText();
      // This dialog, not any open one: a question's answer may open the next dialog at once.
      const shown = (await open.elementHandle())!;
      await open.locator('.dialog__actions button, button[type="submit"]').last().click();
      await shown.waitForElementState('hidden');
      return said;
    };

    const suffix = randomBytes(3).toString('hex');
    const owner = { name: locale === 'ar' ? 'ليلى حداد' : 'Layla Haddad', email: `walk-owner-${locale}-${suffix}@example.com`, password: 'owner-password-1' };
    const invitee = `walk-member-${locale}-${suffix}@example.com`;
    const page = await open(locale);
    await signUpVerified(page, owner);

    // Plans -> Start-up: the confirmation says that one seat is bought (the owner's).
    await page.goto('/pricing');
    const startUp = page.locator('[data-testid="plan-card"][data-plan="start-up"]');
    await startUp.waitFor();
    await shot(page, 'pricing');
    await startUp.getByTestId('subscribe-button').click();
    const confirm = page.getByTestId('plan-change-confirm');
    await confirm.waitFor();
    expect(await confirm.getByTestId('confirm-seats').innerText()).toBe(text.seatsOne);
    await shot(page, 'confirm-subscribe');
    await confirm.locator('button[type="submit"]').click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.locator('#card-card_name').fill('Layla Ahmad');
    await page.locator('#card-card_number').fill('4242 4242 4242 4242');
    await page.locator('#card-expiry').fill('12/30');
    await page.locator('#card-cvv').fill('123');
    await shot(page, 'sandbox-checkout');
    await page.getByTestId('sandbox-pay').click();
    await page.getByTestId('checkout-paid').waitFor();
    await page.getByTestId('checkout-continue').click();
    await page.waitForURL(/\/user\/membership$/);
    await page.getByTestId('current-plan').waitFor();
    await shot(page, 'membership');

    // The invoice, listed and downloaded; its first page rendered beside the screenshots.
    await page.goto('/user/invoices');
    await page.getByTestId('invoice-row').first().waitFor();
    await shot(page, 'invoices');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-download').first().click()]);
    const pdf = path.join(SCREENSHOT_DIR, `team-walk-invoice-${locale}.pdf`);
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    await download.saveAs(pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, pdf.replace(/\.pdf$/, '')]);
    expect(execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })).toContain('$29.00');

    // The team; the one seat is the owner's, so the invitation form says so and cannot be sent (it could, and was
    // refused): its button is disabled and described by the notice, which says how to get seats.
    await page.goto('/team');
    await page.getByTestId('team-name').fill(locale === 'ar' ? 'فريق الترجمة' : 'Translation team');
    await page.getByTestId('team-name').press('Enter');
    await page.getByTestId('invite-form').waitFor();
    await page.getByTestId('invite-email').fill(invitee);
    const submit = page.getByTestId('invite-submit');
    expect(await submit.isDisabled()).toBe(true);
    const full = page.getByTestId('seats-full');
    expect(await full.innerText()).toContain(text.seatsFull);
    expect(await submit.getAttribute('aria-describedby')).toBe(await full.getAttribute('id'));
    // What a screen reader says of the button: its name and, as its description, why it cannot be pressed.
    const described = await submit.evaluate((button) => document.getElementById(button.getAttribute('aria-describedby')!)!.textContent);
    expect(described).toContain(text.seatsFull);
    await shot(page, 'team-created');

    // The seats form: asked and answered about the seats, not the plan kept.
    await page.getByTestId('add-seats-link').click();
    await page.getByTestId('seats-change').fill('3');
    await page.getByTestId('seats-review').click();
    await confirm.waitFor();
    expect(await confirm.locator('h2').innerText()).toBe(text.seatsTitle);
    await shot(page, 'confirm-seats');
    await confirm.locator('button[type="submit"]').click();
    expect(await dialog(page, 'seats-bought')).toContain(text.seatsDone);

    await page.goto('/team');
    await page.getByTestId('invite-email').fill(invitee);
    // Seats free now: no notice, and the button is enabled with nothing to describe.
    expect(await page.getByTestId('seats-full').count()).toBe(0);
    expect(await page.getByTestId('invite-submit').getAttribute('aria-describedby')).toBeNull();
    await page.getByTestId('invite-submit').click();
    await dialog(page, 'invited');
    await shot(page, 'team-invited');

    // The colleague joins through the e-mailed link, in their own browser.
    const mail = decodeMail(await waitForMail(invitee, (raw) => decodeMail(raw).includes('/invitation?token=')));
    expect(mail).toContain(text.invitedSubject);
    const member = await open(locale);
    await member.goto(linkInMail(mail, '/invitation'));
    const form = member.getByTestId('invitation-form');
    await form.waitFor();
    await shot(member, 'invitation');
    const inputs = form.locator('input:not([readonly])');
    await inputs.nth(0).fill(locale === 'ar' ? 'سامي القحطاني' : 'Sami Qahtani');
    await inputs.nth(1).fill('member-pass-1');
    await inputs.nth(2).fill('member-pass-1');
    await form.locator('button[type="submit"]').click();
    await member.waitForURL(/\/team$/, { timeout: 15_000 });
    await shot(member, 'member-team');

    // The owner is told, in the owner's language, who joined; the mail as a reader shows it, photographed.
    const joined = decodeMail(await waitForMail(owner.email, (raw) => decodeMail(raw).includes(text.joined)));
    expect(joined).toContain(locale === 'ar' ? 'سامي القحطاني' : 'Sami Qahtani');
    expect(joined).toContain(invitee);
    const mailView = await page.context().newPage();
    await mailView.setContent(joined.slice(joined.search(/<!doctype html>|<html/i), joined.lastIndexOf('</html>') + '</html>'.length));
    await shot(mailView, 'mail-joined');
    await mailView.close();

    // Role change, team glossary term, team API key.
    await page.reload();
    const row = page.getByTestId('team-members').locator('tbody tr', { hasText: invitee });
    await row.locator('select').selectOption('4');
    await dialog(page, 'role-changed');
    await shot(page, 'team-members');
    await page.goto('/glossary');
    await page.getByTestId('glossary-tab-team').click();
    const glossary = page.getByTestId('glossary-team');
    await glossary.getByTestId('glossary-source').fill('contract');
    await glossary.getByTestId('glossary-target').fill('عقد');
    await glossary.getByTestId('glossary-submit').click();
    await glossary.getByTestId('glossary-row').first().waitFor();
    await shot(page, 'glossary-team');
    await page.goto('/user/api-keys');
    await page.getByTestId('api-key-name').fill(locale === 'ar' ? 'مفتاح الفريق' : 'Team key');
    await page.locator('.api-keys__team input').check();
    await page.getByTestId('api-key-create').click();
    await page.getByTestId('api-key-new').waitFor();
    await shot(page, 'api-key');
    await page.getByTestId('api-key-done').click();

    // Removal, then a plan change and the cancellation.
    await page.goto('/team');
    await page.getByTestId('team-members').locator('tbody tr', { hasText: invitee }).getByTestId('remove-member').click();
    await dialog(page, 'remove-confirm');
    await dialog(page, 'removed');
    await page.goto('/user/membership');
    await page.locator('[data-testid="plan-card"][data-plan="pro"]').getByTestId('subscribe-button').click();
    await confirm.waitFor();
    await shot(page, 'confirm-pro');
    await confirm.locator('button[type="submit"]').click();
    await dialog(page, 'changed');
    await page.getByTestId('subscription-cancel-open').click();
    await dialog(page, 'cancel-confirm');
    await dialog(page, 'canceled');
    await page.getByTestId('cancellation-notice').waitFor();
    // The plan's facts say that it ends on that date, not that it renews then.
    expect(await page.getByTestId('period-end-label').innerText()).toBe(text.endsOn);
    // And its badge says canceled, not "Active" (the plan stays usable until that date).
    expect(await page.getByTestId('plan-status').innerText()).toBe(text.canceled);
    await shot(page, 'canceled');
  }, 240_000);
});
