// The admin console's user page and site settings, in English and in Arabic: a user's name and
// e-mail sit on the page's start side whatever their script; the seats of a team plan change
// without choosing another plan, the empty seats field saying what it gives, and the audit log names the changed
// fields and statuses in the page's language; the site settings save when the stored payment gateway is not set up on
// the server, and the select says which one is stored. Number fields sit on the page's start side on every admin form,
// and the plan editor's English and Arabic texts keep the page's labels.
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { apiCall, closeBrowserConnection, newConsentedPage, screenshotsAtBothSizes, signInThroughForm, signUpVerified } from './helpers';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeBrowserConnection();
});

const POLL = { timeout: 15_000 };

async function okDialog(page: Page, text?: string) {
  const dialog = page.locator('dialog[open]');
  await dialog.waitFor();
  if (text) expect(await dialog.innerText()).toContain(text);
  await dialog.getByRole('button').last().click();
}

/**
 * Every number field of the page (the plan editor's, the site settings', the user page's) takes the page's direction,
 * so its digits stand on the start side (the right in Arabic), as every other field's text does.
 */
async function expectNumbersOnStartSide(page: Page, locale: 'en' | 'ar') {
  const fields = await page.locator('main input[type="number"]').evaluateAll((inputs) =>
    inputs.map((input) => ({ name: input.getAttribute('name') ?? input.id, direction: getComputedStyle(input).direction, align: getComputedStyle(input).textAlign })),
  );
  expect(fields.length).toBeGreaterThan(0);
  for (const field of fields) expect({ ...field, align: ['start', locale === 'ar' ? 'right' : 'left'].includes(field.align) }, field.name).toEqual({ name: field.name, direction: locale === 'ar' ? 'rtl' : 'ltr', align: true });
}

describe.each(['en', 'ar'] as const)('admin console (%s)', (locale) => {
  const suffix = randomBytes(3).toString('hex');
  // An English name on the Arabic page too: it must still stand on the page's start side. Long, as some are.
  const user = {
    name: 'Omar Abdulrahman bin Khalid bin Abdulaziz Haddad',
    email: `console-${locale}-${suffix}-with-a-long-address@translation-department.example.com`,
    password: 'console-password-1',
  };

  it("shows the user's name and e-mail on the start side and changes a team plan's seats alone", async () => {
    await signUpVerified(await newConsentedPage(locale, contexts), user);
    const page = await newConsentedPage(locale, contexts);
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const id = (await apiCall(page, 'GET', `/api/admin/users?q=${encodeURIComponent(user.email)}`)).body.data[0].id;

    // In the users list at 1280 wide, the long name and e-mail are cut (their title whole) and leave every cell of
    // the row on one line: they squeezed the plan and the date onto two.
    await page.setViewportSize({ width: 1280, height: 800 });
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/users' && url.searchParams.has('q')) searches.push(url.searchParams.get('q')!);
    });
    await page.goto('/admin/users');
    await page.getByTestId('admin-users-table').locator('tbody tr').first().waitFor();
    // Searched as the admin types, without Enter: asked once the typing pauses, not at every one of the address's
    // keystrokes, and the search is the page's address.
    await page.getByTestId('admin-user-search').pressSequentially(user.email, { delay: 15 });
    // Found by its e-mail, unique (the list before the search shows the other language's user of the same name).
    const row = page.getByTestId('admin-users-table').locator('tbody tr', { hasText: user.email });
    await row.waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), POLL).toBe(user.email);
    await expect.poll(() => page.getByTestId('admin-users-table').locator('tbody tr').count(), POLL).toBe(1);
    expect(searches.at(-1)).toBe(user.email);
    expect(searches.length, `asked ${searches.length} times for ${user.email.length} keystrokes`).toBeLessThan(5);
    const cells = await row.locator('td').evaluateAll((tds) =>
      tds.map((td) => {
        const value = td.firstElementChild ?? td;
        const range = document.createRange();
        range.selectNodeContents(value);
        const lines = range.getBoundingClientRect().height / parseFloat(getComputedStyle(value).lineHeight);
        return { lines: Math.round(lines), title: value.getAttribute('title'), text: value.textContent };
      }),
    );
    for (const cell of cells) expect(cell.lines, `"${cell.text}" wraps`).toBe(1);
    expect(cells.slice(0, 2).map((cell) => cell.title)).toEqual([user.name, user.email]);
    const box = await page.getByTestId('admin-users-table').evaluate((table) => [table.parentElement!.scrollWidth, table.parentElement!.clientWidth]);
    expect(box[0], 'the users table scrolls sideways').toBeLessThanOrEqual(box[1]);
    await screenshotsAtBothSizes(page, `admin-console-users-${locale}`, { width: 1280, height: 800 });

    // Enter still searches at once; a role chosen after it is a step Back undoes, the search box keeping its words.
    await page.getByTestId('admin-user-search').fill(user.name);
    await page.getByTestId('admin-user-search').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), POLL).toBe(user.name);
    await page.getByTestId('admin-user-role').selectOption('1');
    await expect.poll(() => new URL(page.url()).searchParams.get('role_id'), POLL).toBe('1');
    await expect.poll(() => page.getByTestId('admin-users-table').innerText(), POLL).not.toContain(user.name);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('role_id'), POLL).toBeNull();
    await expect.poll(() => page.getByTestId('admin-users-table').locator('tbody tr', { hasText: user.email }).count(), POLL).toBe(1);
    expect(await page.getByTestId('admin-user-search').inputValue()).toBe(user.name);

    const plans = (await apiCall(page, 'GET', '/api/admin/plans')).body.data as Array<{ id: number; slug: string; included_seats: number }>;
    const startUp = plans.find((p) => p.slug === 'start-up')!;
    const pro = plans.find((p) => p.slug === 'pro')!;
    // On the trial, a team plan left without seats gets the seats it includes: the placeholder and the hint say so.
    await page.goto(`/admin/users/${id}`);
    await page.getByTestId('admin-plan-select').selectOption(String(startUp.id));
    const seatsHint = page.getByTestId('admin-plan-seats-hint');
    expect(await page.getByTestId('admin-plan-seats').getAttribute('placeholder')).toBe(String(startUp.included_seats));
    expect(await seatsHint.innerText()).toBe(
      locale === 'ar' ? `إذا تُرك فارغًا، يصبح عدد مستخدمي الفريق ما تشمله الباقة: ${startUp.included_seats}.` : `Left empty, the team gets the ${startUp.included_seats} seats the plan includes.`,
    );
    expect((await apiCall(page, 'POST', '/api/admin/user-plan', { user_id: id, plan_id: startUp.id, seats: 7 })).status).toBe(200);

    await page.goto(`/admin/users/${id}`);
    await page.getByTestId('admin-user-detail').waitFor();
    // The heading and the e-mail start where the page starts (the right in Arabic), each read in its own direction.
    const sides = await page.evaluate(() => {
      const rtl = document.documentElement.dir === 'rtl';
      const fromStart = (value: Element, box: Element) => {
        const inner = value.getBoundingClientRect();
        const outer = box.getBoundingClientRect();
        return rtl ? outer.right - inner.right : inner.left - outer.left;
      };
      const heading = document.querySelector('[data-testid="admin-user-name"]')!;
      const email = document.querySelector('[data-testid="admin-user-detail"] dd bdi')!;
      return { name: fromStart(heading.querySelector('bdi')!, heading), email: fromStart(email, email.parentElement!), emailDirection: getComputedStyle(email).direction };
    });
    expect(sides.name, 'the name is not on the start side of its heading').toBeLessThan(2);
    expect(sides.email, 'the e-mail is not beside its label').toBeLessThan(2);
    expect(sides.emailDirection).toBe('ltr');

    // One limit a line, in the page's language.
    const limits = await page.getByTestId('admin-user-limits').locator('li').allInnerTexts();
    expect(limits).toHaveLength(4);
    expect(limits[0]).toMatch(locale === 'ar' ? /^الأحرف لكل طلب: [\d,]+$/ : /^Characters per request: [\d,]+$/);

    // The select is on the current team plan: nothing to save until seats are typed. Left empty, the team keeps its
    // 7 seats (more than the 5 the plan includes), on another team plan too: the placeholder and the hint say 7.
    const select = page.getByTestId('admin-plan-select');
    await expect.poll(() => select.inputValue(), POLL).toBe(String(startUp.id));
    const kept = locale === 'ar' ? 'إذا تُرك فارغًا، يبقى عدد مستخدمي الفريق الحالي: 7.' : 'Left empty, the team keeps its current 7 seats.';
    for (const plan of [pro, startUp]) {
      await select.selectOption(String(plan.id));
      expect(await page.getByTestId('admin-plan-seats').getAttribute('placeholder')).toBe('7');
      expect(await seatsHint.innerText()).toBe(kept);
    }
    await expectNumbersOnStartSide(page, locale);
    const save = page.getByTestId('admin-plan-save');
    expect(await save.isDisabled()).toBe(true);
    // Seats typed for one plan are cleared when another plan is chosen: not carried to it (and sent) unseen.
    await page.getByTestId('admin-plan-seats').fill('12');
    await select.selectOption(String(pro.id));
    expect(await page.getByTestId('admin-plan-seats').inputValue()).toBe('');
    await select.selectOption(String(startUp.id));
    expect(await page.getByTestId('admin-plan-seats').inputValue()).toBe('');
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId('admin-plan-seats').fill('9');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await okDialog(page, locale === 'ar' ? 'تم تحديث حساب المستخدم بنجاح.' : "The user's account was updated successfully.");
    // Fields by their names in the page's language (the seats as the user page calls them), not as stored.
    await expect.poll(() => page.getByTestId('audit-changes').first().innerText(), POLL).toMatch(locale === 'ar' ? /عدد المستخدمين: 7 ← 9/ : /Seats: 7 → 9/);
    // Seats alone: the period stays, so the entry has the seats' line only (no new period end).
    expect(await page.getByTestId('audit-changes').first().locator('li').count()).toBe(1);
    // The form starts again from the saved state: the seats field empty, 9 as what it keeps, nothing to save.
    await expect.poll(() => page.getByTestId('admin-plan-seats').getAttribute('placeholder'), POLL).toBe('9');
    expect(await page.getByTestId('admin-plan-seats').inputValue()).toBe('');
    expect(await save.isDisabled()).toBe(true);
    // Values read in the page's language: the first grant's period end with the one date formatter, never the stored
    // ISO text nor true/false; the stored value stays in the title for exactness.
    const granted = page.getByTestId('audit-changes').last();
    expect(await granted.innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}T|\btrue\b|\bfalse\b/);
    // The subscription's status, frequency and source by their names ("subscription.status: — ← active" on the Arabic
    // page before); the stored field and value as their titles.
    const grant = await granted.innerText();
    if (locale === 'ar') {
      for (const line of ['حالة الاشتراك: — ← مفعَّلة', 'دورة الفوترة: — ← شهري', 'مصدر الاشتراك: — ← ممنوح من الإدارة', 'عدد المستخدمين: — ← 7', 'اسم الباقة بالإنجليزية: ']) expect(grant).toContain(line);
      expect(grant).not.toMatch(/subscription\.|plan\.|\bactive\b|\bmonthly\b|\badmin\b|_/);
    } else {
      for (const line of ['Subscription status: — → Active', 'Billing frequency: — → Monthly', 'Subscription source: — → Granted by an admin', 'Plan name in English: ']) expect(grant).toContain(line);
    }
    expect(await granted.locator('.audit-changes__field[title="subscription.status"]').count()).toBe(1);
    expect(await granted.locator('.audit-changes__value[title="active"]').count()).toBe(1);
    const moment = granted.locator('.audit-changes__value[data-kind="datetime"]').first();
    expect(await moment.getAttribute('title')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(await moment.innerText()).toMatch(locale === 'ar' ? /^\d{1,2} [\u0600-\u06FF]+ \d{4}/ : /^\d{1,2} [A-Z][a-z]+ \d{4}/);
    // The seats change kept the period: its entry has no period end on either side (the same minute on both sides,
    // written as stored, is the audit formatter's unit tests' now).
    expect(await page.getByTestId('audit-changes').first().locator('.audit-changes__value[data-kind="datetime"]').count()).toBe(0);
    // At 1280 wide a value that fits on a line (a timestamp: the grant's period end) is never broken across two.
    await page.setViewportSize({ width: 1280, height: 800 });
    const broken = await page.getByTestId('audit-changes').locator('.audit-changes__value').evaluateAll((values) =>
      values
        .filter((value) => value.textContent!.length <= 30)
        .filter((value) => value.getBoundingClientRect().height > parseFloat(getComputedStyle(value).lineHeight) * 1.5)
        .map((value) => value.textContent),
    );
    expect(broken, 'audit values broken across lines').toEqual([]);
    await screenshotsAtBothSizes(page, `admin-console-user-${locale}`, { width: 1280, height: 800 });
  });

  it('saves the site settings when the stored payment gateway is not set up, and names it in the select', async () => {
    const page = await newConsentedPage(locale, contexts);
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    // The server as a production install without any gateway answers it (this one has the sandbox on).
    await page.route('**/api/admin/site-settings', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), payment_gateways: [] } });
    });
    const sent: Array<Record<string, string>> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/update-site-settings')) sent.push(request.postDataJSON());
    });
    await page.goto('/admin/site-settings');
    const gateway = page.getByTestId('payment-gateway');
    await gateway.waitFor();
    await expect.poll(() => gateway.inputValue(), POLL).toBe('sandbox');
    const option = gateway.locator('option[value="sandbox"]');
    expect(await option.isDisabled()).toBe(true);
    expect(await option.innerText()).toContain(locale === 'ar' ? 'لم يتم إعدادها على هذا الخادم' : 'not set up on this server');
    await expectNumbersOnStartSide(page, locale);
    // The formats' caption names their group; a click on it changes no format (inside a label, it ticked or cleared
    // the first one).
    const formats = page.getByRole('group', { name: locale === 'ar' ? 'الصيغ المسموح للزوار برفعها' : 'Formats guests may upload' });
    const ticked = () => formats.locator('input[type="checkbox"]').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked));
    const before = await ticked();
    expect(before.length).toBeGreaterThan(1);
    await formats.locator('.form-field__label').click();
    expect(await ticked()).toEqual(before);
    await screenshotsAtBothSizes(page, `admin-console-settings-${locale}`, { width: 1280, height: 800 });

    await page.getByTestId('save-settings').click();
    await okDialog(page, locale === 'ar' ? 'تم تحديث إعدادات الموقع بنجاح.' : 'The site settings were updated successfully.');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveProperty('guest_text_quota');
    expect(sent[0]).not.toHaveProperty('payment_gateway');
  });
  it('frames the plans list on a phone with one border, the panel\'s', async () => {
    const page = await newConsentedPage(locale, contexts);
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin/plans');
    const table = page.getByTestId('admin-plans-table');
    await table.waitFor();
    // The borders drawn down the side of a card, from the card out to the page: the panel's alone on a phone (the scroll
    // box inside it drew a second); on a desktop the table keeps its own frame inside the panel.
    const sideBorders = () =>
      table.evaluate((element) => {
        const widths: string[] = [];
        for (let box = element.parentElement; box && box.tagName !== 'MAIN'; box = box.parentElement) {
          const width = getComputedStyle(box).borderInlineStartWidth;
          if (width !== '0px') widths.push(`${box.className}: ${width}`);
        }
        return widths;
      });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => window.innerWidth === 390);
    expect(await sideBorders()).toEqual(['panel: 1px']);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(() => window.innerWidth === 1280);
    expect(await sideBorders()).toEqual(['table-scroll table-cards: 1px', 'panel: 1px']);
    await screenshotsAtBothSizes(page, `admin-console-plans-${locale}`, { width: 1280, height: 800 });
  });

  it("puts the plan editor's numbers on the start side and the labels of both languages' texts in the page's language", async () => {
    const page = await newConsentedPage(locale, contexts);
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin/plans/new');
    await page.getByTestId('admin-plan-editor').waitFor();
    await page.locator('#plan-char_limit').fill('10000');
    await expectNumbersOnStartSide(page, locale);
    // Each language's texts are typed in that language (lang and dir on the control), under labels that read and sit
    // as the page does: an Arabic label in the English texts was tagged English and stood on the left.
    const pageDirection = locale === 'ar' ? 'rtl' : 'ltr';
    for (const lang of ['en', 'ar'] as const) {
      const texts = page.getByTestId(`plan-texts-${lang}`);
      const seen = await texts.evaluate((fieldset, lang) => {
        const label = fieldset.querySelector(`label[for="plan-name_${lang}"]`)!;
        const control = fieldset.querySelector(`#plan-name_${lang}`)!;
        return {
          label: { direction: getComputedStyle(label).direction, lang: label.closest('[lang]')!.getAttribute('lang') },
          control: { direction: getComputedStyle(control).direction, lang: control.getAttribute('lang') },
        };
      }, lang);
      expect(seen.label).toEqual({ direction: pageDirection, lang: locale });
      expect(seen.control).toEqual({ direction: lang === 'ar' ? 'rtl' : 'ltr', lang });
    }
    await screenshotsAtBothSizes(page, `admin-console-plan-editor-${locale}`, { width: 1280, height: 800 });
  });
});
