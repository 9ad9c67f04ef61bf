// The admin console and team accounts in the browser, in English and in Arabic: the admin
// finds a user, gives them a team plan and trial days, edits site settings and reads the
// audit log; the user creates a team, invites a colleague who joins through the e-mailed
// link, translates, and is removed again; the owner still sees the colleague's translation in
// the team's history.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { answerQuestion, apiCall, closeBrowserConnection, decodeMail, expectTableCardsOnPhone, linkInMail, newConsentedPage, SCREENSHOT_DIR, SHOT, screenshot, screenshotsAtBothSizes, signInThroughForm, signUpVerified, waitForMail } from './helpers';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeBrowserConnection();
});

const open = (locale: 'en' | 'ar') => newConsentedPage(locale, contexts);

async function okDialog(page: Page, text?: string) {
  const dialog = page.locator('dialog[open]');
  await dialog.waitFor();
  if (text) expect(await dialog.innerText()).toContain(text);
  await dialog.getByRole('button').last().click();
}

/** The visible h2 headings inside `scope`: their text and computed font size. */
async function headingSizes(page: Page, scope: string) {
  return page.locator(`${scope} h2`).evaluateAll((headings) =>
    headings.filter((h) => (h as HTMLElement).offsetParent !== null).map((h) => ({ text: h.textContent!.trim(), size: getComputedStyle(h).fontSize })),
  );
}

/** The error dialog of a refused request: its title and its message. */
async function expectRefusal(page: Page, title: string, message: string) {
  const dialog = page.locator('dialog[open]');
  await dialog.waitFor();
  expect(await dialog.locator('.dialog__title').innerText()).toBe(title);
  expect(await dialog.locator('.dialog__body').innerText()).toContain(message);
}

// The members' table's column headers, which a phone shows on each cell instead.
const MEMBER_LABELS = {
  en: ['Name', 'E-mail', 'Role', 'Status', 'This month', 'Actions'],
  ar: ['الاسم', 'البريد الإلكتروني', 'الدور', 'الحالة', 'هذا الشهر', 'الإجراءات'],
} as const;

/**
 * The members' table at phone width (390x844) is a stack of cards, as every data table is (`expectTableCardsOnPhone`):
 * each cell names its column in the page's language on the start side, the role select and buttons inside the card.
 * At desktop width (1280x800) it is a table again, its headers the same names. Photographed at both sizes.
 */
async function expectMemberCards(page: Page, locale: 'en' | 'ar', name: string) {
  const table = page.getByTestId('team-members');
  await expectTableCardsOnPhone(page, table, locale, name, { width: 1280, height: 800 });
  expect(await table.locator('thead th').allInnerTexts()).toEqual([...MEMBER_LABELS[locale]]);
  await page.setViewportSize({ width: 1366, height: 900 });
}

/**
 * At desktop width (1280x800) a long name and e-mail stay on one line, cut with an ellipsis at the value's own end
 * (an Arabic name's left, an e-mail's right) and given whole in their title; the table does not scroll sideways,
 * and each value sits on the page's start side of its cell. Photographed.
 */
async function expectLongValuesOnOneLine(page: Page, locale: 'en' | 'ar', row: Locator, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  const box = await page.getByTestId('team-members').evaluate((table) => [table.parentElement!.scrollWidth, table.parentElement!.clientWidth]);
  expect(box[0], `${name}: the members' table scrolls sideways`).toBeLessThanOrEqual(box[1]);
  for (const testId of ['member-name', 'member-email']) {
    const value = await row.getByTestId(testId).evaluate((span) => {
      const style = getComputedStyle(span);
      const cell = span.parentElement!.getBoundingClientRect();
      const rect = span.getBoundingClientRect();
      return {
        text: span.textContent,
        title: span.getAttribute('title'),
        cut: span.scrollWidth > span.clientWidth,
        oneLine: rect.height < parseFloat(style.lineHeight) * 1.5,
        ellipsis: style.textOverflow,
        direction: style.direction,
        fromStart: getComputedStyle(span.parentElement!).direction === 'rtl' ? cell.right - rect.right : rect.left - cell.left,
      };
    });
    expect(value.title, `${name}: ${testId} has its whole value in its title`).toBe(value.text);
    expect(value.cut, `${name}: ${testId} is long enough to be cut`).toBe(true);
    expect(value.oneLine, `${name}: ${testId} wraps`).toBe(true);
    expect(value.ellipsis).toBe('ellipsis');
    // The e-mail reads left to right in both languages; the name in its own script's direction.
    expect(value.direction).toBe(testId === 'member-email' || locale === 'en' ? 'ltr' : 'rtl');
    expect(value.fromStart, `${name}: ${testId} is not on the start side of its cell`).toBeLessThan(20);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe.each(['en', 'ar'] as const)('admin console and teams (%s)', (locale) => {
  const suffix = randomBytes(3).toString('hex');
  const owner = { name: locale === 'ar' ? 'ليلى حداد' : 'Layla Haddad', email: `owner-${locale}-${suffix}@example.com`, password: 'owner-password-1' };
  // A long e-mail and name: the members' table keeps each on one line at desktop width, cut with an ellipsis.
  const invitee = `colleague-with-a-long-address-${locale}-${suffix}@translation-department.example.com`;
  const colleagueName = locale === 'ar' ? 'سامي عبد الرحمن بن خالد بن عبد العزيز القحطاني' : 'Sami Abdulrahman bin Khalid bin Abdulaziz Al-Qahtani';

  it('the admin gives a user a team plan and trial days, edits settings and reads the audit log', async () => {
    const userPage = await open(locale);
    await signUpVerified(userPage, owner);

    const page = await open(locale);
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin/users');
    await page.getByTestId('admin-user-search').fill(owner.email);
    await page.getByTestId('admin-user-search').press('Enter');
    const row = page.getByTestId('admin-users-table').locator('tbody tr', { hasText: owner.email });
    await row.waitFor();
    await screenshot(page, `admin-users-${locale}`);
    await row.getByRole('link').click();
    await page.getByTestId('admin-user-detail').waitFor();

    const startUp = (await apiCall(page, 'GET', '/api/plans')).body.data.find((p: { slug: string }) => p.slug === 'start-up');
    await page.getByTestId('admin-plan-select').selectOption(String(startUp.id));
    // Start-up is a team plan: the grant asks for its seats.
    await page.getByTestId('admin-plan-seats').fill('7');
    await page.getByTestId('admin-plan-select').locator('xpath=ancestor::form').getByRole('button').click();
    await okDialog(page, locale === 'ar' ? 'تم تحديث حساب المستخدم بنجاح.' : "The user's account was updated successfully.");
    await expect.poll(() => page.getByTestId('admin-user-plan').innerText()).toBe(locale === 'ar' ? startUp.name_ar : startUp.name_en);
    // The user's page lists its audit entries as readable changes (field: before → after), the field by its name.
    await expect.poll(() => page.getByTestId('audit-changes').first().innerText()).toMatch(locale === 'ar' ? /عدد المستخدمين: .+ ← 7/ : /Seats: .+ → 7/);

    const before = Number(await page.getByTestId('admin-user-trial').innerText());
    await page.getByTestId('admin-trial-days').fill('3');
    await page.getByTestId('admin-trial-days').locator('xpath=ancestor::form').getByRole('button').click();
    await okDialog(page);
    await expect.poll(async () => Number(await page.getByTestId('admin-user-trial').innerText())).toBe(before + 3);
    await screenshot(page, `admin-user-${locale}`);

    await page.goto('/admin/site-settings');
    const link = page.locator('input[name="webinar_link_en"]');
    const previous = await link.inputValue();
    await link.fill('javascript:alert(1)');
    await page.getByTestId('save-settings').click();
    await okDialog(page, locale === 'ar' ? 'عنوان ويب' : 'web address');
    await link.fill(previous);
    await page.locator('input[name="guest_text_quota"]').fill('25');
    await page.getByTestId('save-settings').click();
    // A full sentence, not the API's bare "updated successfully".
    await okDialog(page, locale === 'ar' ? 'تم تحديث إعدادات الموقع بنجاح.' : 'The site settings were updated successfully.');
    const stored = (await apiCall(page, 'GET', '/api/site-settings')).body.data.find((s: { setting_name: string }) => s.setting_name === 'guest_text_quota');
    expect(stored.setting_value).toBe('25');
    // Other browser tests share this server and count on the spec's default guest quota.
    await page.locator('input[name="guest_text_quota"]').fill('20');
    await page.getByTestId('save-settings').click();
    await okDialog(page);
    await screenshot(page, `admin-settings-${locale}`);

    await page.goto('/admin/audit-log');
    const audit = page.getByTestId('audit-table');
    await expect.poll(() => audit.innerText()).toContain(locale === 'ar' ? 'تغيير الباقة' : 'Changed plan');
    expect(await audit.innerText()).toContain(locale === 'ar' ? 'إضافة أيام تجربة' : 'Added trial days');
    // The audit log with its fields by name, at 1280x800 and as cards on a phone (390x844).
    await screenshotsAtBothSizes(page, `admin-audit-${locale}`, { width: 1280, height: 800 });
  });

  it('the user creates a team, invites a colleague who joins by the link, then removes them', async () => {
    const page = await open(locale);
    await signInThroughForm(page, owner.email, owner.password);
    await page.goto('/team');
    await page.getByTestId('team-name').fill(locale === 'ar' ? 'فريق الترجمة' : 'Translation team');
    await page.getByTestId('team-name').press('Enter');
    await page.getByTestId('invite-form').waitFor();
    // The admin granted Start-up with 7 seats above (the plan includes 5): the team has the seats granted.
    expect(await page.getByTestId('team-seats').innerText()).toMatch(/1.*7/);

    // Inviting oneself is refused (422) with a dialog titled as something to check, as the form's other refusals
    // are titled by their kind ("Limit Exceeded"), not the generic "Something went wrong". Photographed at both sizes.
    await page.getByTestId('invite-email').fill(owner.email);
    await page.getByTestId('invite-submit').click();
    const refused = page.locator('dialog[open]');
    await refused.waitFor();
    expect(await refused.locator('.dialog__title').innerText()).toBe(locale === 'ar' ? 'يُرجى مراجعة الدعوة' : 'Please check the invitation');
    expect(await refused.locator('.dialog__body').innerText()).toContain(locale === 'ar' ? 'هذا الشخص عضو في فريقك بالفعل.' : 'This person is already a member of your team.');
    await screenshotsAtBothSizes(page, `team-invite-self-${locale}`, { width: 1280, height: 800 });
    await okDialog(page);

    await page.getByTestId('invite-email').fill(invitee);
    await page.getByTestId('invite-submit').click();
    await okDialog(page, locale === 'ar' ? 'تم إرسال الدعوة' : 'Invitation sent');
    await expect.poll(() => page.getByTestId('team-members').innerText()).toContain(invitee);
    await screenshot(page, `team-invited-${locale}`);
    // The owner's row and the invitation's (with its "Cancel invitation" button), as cards on a phone.
    await expectMemberCards(page, locale, `team-members-cards-invited-${locale}`);

    // The colleague opens the e-mailed link in their own browser and creates an account.
    const mail = decodeMail(await waitForMail(invitee, (raw) => decodeMail(raw).includes('/invitation?token=')));
    expect(mail).toContain(locale === 'ar' ? 'قبول الدعوة' : 'Accept the invitation');
    const colleague = await open(locale);
    await colleague.goto(linkInMail(mail, '/invitation'));
    const form = colleague.getByTestId('invitation-form');
    await form.waitFor();
    await screenshot(colleague, `team-invitation-${locale}`);
    // The invited address comes first, shown and fixed; then the name and the password twice.
    expect(await form.getByTestId('invitation-email').inputValue()).toBe(invitee);
    const inputs = form.locator('input:not([readonly])');
    await inputs.nth(0).fill(colleagueName);
    await inputs.nth(1).fill('colleague-pass-1');
    await inputs.nth(2).fill('colleague-pass-1');
    await form.getByRole('button', { name: locale === 'ar' ? 'إنشاء الحساب والانضمام' : 'Create account and join' }).click();
    await expect.poll(() => new URL(colleague.url()).pathname, { timeout: 15_000 }).toBe('/team');
    const me = await apiCall(colleague, 'GET', '/api/user');
    expect(me.body).toMatchObject({ role_id: '5', plan: { slug: 'start-up' } });
    // The admin's page of a team member says that a plan given there would change nothing (the owner's plan applies).
    const admin = await open(locale);
    await signInThroughForm(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto(`/admin/users/${(me.body as { id: number }).id}`);
    expect(await admin.getByTestId('admin-team-member-plan').innerText()).toBe(
      locale === 'ar' ? 'هذا المستخدم عضو في فريق ويعمل بباقة مالك الفريق، فالباقة الممنوحة هنا لا تغيّر ما يمكنه فعله. غيّر باقة المالك بدلًا من ذلك.' : "This user is in a team and works under the team owner's plan: a plan given here does not change what they can do. Change the owner's plan instead.",
    );
    // The member's dashboard: its meters count the team's quota, and say so.
    await colleague.goto('/dashboard');
    const meters = colleague.getByTestId('dashboard-usage');
    await meters.waitFor();
    expect(await meters.locator('h2').innerText()).toBe(locale === 'ar' ? 'استهلاك فريقك من الباقة' : "Your team's usage against its plan");
    expect(await meters.locator('dt').allInnerTexts()).toEqual(
      locale === 'ar'
        ? ['ترجمات النصوص للفريق اليوم', 'مستندات الفريق هذا الشهر', 'صفحات المواقع للفريق هذا الشهر', 'أحرف الواجهة البرمجية للفريق هذا الشهر']
        : ['Team text translations today', 'Team documents this month', 'Team website pages this month', 'Team API characters this month'],
    );
    // Its plan card is the team's: the owner alone changes it, so it leads to the team, not to membership or the plans.
    const planCard = colleague.getByTestId('dashboard-plan');
    expect(await planCard.getAttribute('data-state')).toBe('team');
    expect(await planCard.locator('h2').innerText()).toBe(locale === 'ar' ? 'باقة فريقك' : "Your team's plan");
    expect(await planCard.getByTestId('dashboard-team-plan').innerText()).toBe(
      locale === 'ar' ? 'يعمل فريقك بهذه الباقة، ولا يغيّرها إلا مالك الفريق.' : "Your team works under this plan; only the team's owner can change it.",
    );
    expect(await planCard.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/team']);
    await screenshotsAtBothSizes(colleague, `dashboard-team-member-${locale}`, { width: 1280, height: 800 });
    // The dashboard's panels, the usage panel among them, are headed at one size: the size the team page uses below.
    const dashboardHeadings = await headingSizes(colleague, '[data-testid="dashboard"]');
    expect(dashboardHeadings.length).toBeGreaterThanOrEqual(3);
    expect(new Set(dashboardHeadings.map((h) => h.size)), JSON.stringify(dashboardHeadings)).toHaveLength(1);
    // Payment management asks no card of them: the owner pays for the team's plan.
    await colleague.goto('/user/payment-management');
    expect(await colleague.getByTestId('no-card').innerText()).toBe(
      locale === 'ar' ? 'يدفع مالك الفريق ثمن باقة الفريق، فلا تحتاج إلى بطاقة.' : "Your team's owner pays for the team's plan, so you need no card.",
    );
    expect(await colleague.getByTestId('change-card').count()).toBe(0);
    // The documents page's allowance is the team's, and says so.
    await colleague.goto('/translate/documents');
    await expect
      .poll(() => colleague.locator('.documents__footnote').innerText())
      .toMatch(locale === 'ar' ? /^باقة فريقك: 100 مستند شهريًا\. ما استخدمه فريقك هذا الشهر: 0\./ : /^Your team's plan: 100 documents a month\. Used by your team this month: 0\./);
    const colleagueText = `Team contract draft ${suffix}`;
    expect((await apiCall(colleague, 'POST', '/api/translate', { text: colleagueText, source_lang: 'en', target_lang: 'ar' })).status).toBe(200);
    expect((await apiCall(page, 'POST', '/api/translate', { text: `Owner note ${suffix}`, source_lang: 'en', target_lang: 'ar' })).status).toBe(200);

    await page.reload();
    const memberRow = page.getByTestId('team-members').locator('tbody tr', { hasText: invitee });
    // Joined: "Active", no longer "Invitation sent".
    await expect.poll(() => memberRow.innerText()).toContain(locale === 'ar' ? 'نشط' : 'Active');
    // The owner sees the team's usage: the two texts above count on the shared daily counter.
    const latinDigits = (text: string) => text.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)));
    const textsToday = async () => Number(/\d+/.exec(latinDigits(await page.getByTestId('team-usage-texts').innerText()))?.[0]);
    await expect.poll(textsToday).toBeGreaterThanOrEqual(2);
    // The developer API's characters this month against the plan's allowance: none used yet, "0 of 500,000".
    const allowance = ((await apiCall(page, 'GET', '/api/team')).body as { data: { usage: { monthly_api_characters: number } } }).data.usage.monthly_api_characters;
    expect(await page.getByTestId('team-usage').innerText()).toContain(locale === 'ar' ? 'أحرف الواجهة البرمجية هذا الشهر' : 'API characters this month');
    const apiLine = latinDigits(await page.getByTestId('team-usage-apiCharacters').innerText());
    expect(apiLine).toContain(locale === 'ar' ? ' من ' : ' of ');
    expect(apiLine.match(/\d[\d,]*/g)?.map((n) => Number(n.replace(/,/g, '')))).toEqual([0, allowance]);
    expect(await memberRow.getByTestId('member-usage').innerText()).toMatch(locale === 'ar' ? /مستند/ : /documents/);
    await screenshot(page, `team-members-${locale}`);
    await expectLongValuesOnOneLine(page, locale, memberRow, `team-members-long-${locale}`);
    // The colleague's card: the role select, "Remove" and "Make owner", the month's usage.
    await expectMemberCards(page, locale, `team-members-cards-${locale}`);
    await screenshotsAtBothSizes(page, `team-usage-${locale}`);
    // The team page's section headings (usage, invite, LLM mode, leave or dissolve) are all h2 at one size, the
    // dashboard's: the shared usage panel's heading was the page-wide h2, larger than its siblings.
    const teamHeadings = await headingSizes(page, '.team-page');
    expect(teamHeadings.map((h) => h.text)).toContain(locale === 'ar' ? 'استهلاك فريقك من الباقة' : "Your team's usage against its plan");
    expect(teamHeadings.length).toBeGreaterThanOrEqual(4);
    expect(new Set(teamHeadings.map((h) => h.size)), JSON.stringify(teamHeadings)).toEqual(new Set([dashboardHeadings[0]!.size]));
    expect(await page.locator('.team-page h1').count()).toBe(1);

    // A role change or a transfer the server refuses (422: a role that is not manager or member, a transfer to the
    // owner) is titled with what to check, as the invitation's is. The requests are rewritten on their way out, as
    // the screen offers neither.
    const ownerId = ((await apiCall(page, 'GET', '/api/user')).body as { id: number }).id;
    await page.route('**/api/team/members/*', (route) => route.continue({ postData: JSON.stringify({ role_id: 3 }) }));
    await memberRow.locator('select').selectOption('4');
    await expectRefusal(page, locale === 'ar' ? 'يُرجى مراجعة تغيير الدور' : 'Please check the role change', locale === 'ar' ? 'اختر دور المدير أو دور العضو.' : 'Choose the manager or the member role.');
    await screenshot(page, `team-role-refused-${locale}`);
    await okDialog(page);
    await page.unroute('**/api/team/members/*');
    await page.route('**/api/team/transfer', (route) => route.continue({ postData: JSON.stringify({ member_id: ownerId }) }));
    // "Make owner" asks first, in the app's question dialog, saying the subscription is not handed over: cancelled,
    // nothing is sent; confirmed, it is.
    await memberRow.getByTestId('transfer-member').click();
    await page.getByTestId('transfer-confirm').waitFor();
    await screenshot(page, `team-transfer-confirm-${locale}`);
    const transferQuestion = await answerQuestion(page, 'transfer-confirm', 'cancel');
    expect(transferQuestion.title).toBe(locale === 'ar' ? 'هل تريد نقل ملكية الفريق إلى هذا العضو؟' : 'Make this member the owner?');
    expect(transferQuestion.message).toContain(locale === 'ar' ? `سيصبح \u2068${colleagueName}\u2069 مالك الفريق` : `\u2068${colleagueName}\u2069 becomes the team's owner`);
    expect(transferQuestion.message).toContain(locale === 'ar' ? 'لا ينتقل اشتراكك إليه' : 'Your subscription is not handed over');
    expect(transferQuestion.confirm).toBe(locale === 'ar' ? 'نقل الملكية' : 'Make owner');
    await memberRow.getByTestId('transfer-member').click();
    await answerQuestion(page, 'transfer-confirm', 'confirm');
    await expectRefusal(page, locale === 'ar' ? 'يُرجى مراجعة نقل الملكية' : 'Please check the ownership transfer', locale === 'ar' ? 'أنت مالك هذا الفريق بالفعل.' : 'You already own this team.');
    await okDialog(page);
    await page.unroute('**/api/team/transfer');
    // Nothing changed: the colleague is still a member, the owner still the owner.
    expect(((await apiCall(page, 'GET', '/api/user')).body as { role_id: string }).role_id).toBe('3');
    expect(((await apiCall(colleague, 'GET', '/api/user')).body as { role_id: string }).role_id).toBe('5');
    // On a phone the card's "Remove" is far from the page's end, where an inline question used to appear out of
    // sight: the question is a modal, on the screen, its "Cancel" focused. Asked again at desktop size.
    await page.setViewportSize({ width: 390, height: 844 });
    await memberRow.getByTestId('remove-member').click();
    const removeQuestion = page.getByTestId('remove-confirm');
    await removeQuestion.waitFor();
    const onScreen = await removeQuestion.evaluate((box) => {
      const rect = box.getBoundingClientRect();
      return rect.top >= 0 && rect.bottom <= window.innerHeight && rect.left >= 0 && rect.right <= window.innerWidth;
    });
    expect(onScreen, 'the question to remove is off the screen').toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `team-remove-${locale}-phone.jpg`), ...SHOT });
    expect(await answerQuestion(page, 'remove-confirm', 'cancel')).toMatchObject({
      title: locale === 'ar' ? 'هل تريد إزالة هذا العضو؟' : 'Remove this member?',
      cancel: locale === 'ar' ? 'إلغاء' : 'Cancel',
      confirm: locale === 'ar' ? 'إزالة العضو' : 'Remove member',
      cancelFocused: true,
    });
    await page.setViewportSize({ width: 1366, height: 900 });
    await memberRow.getByTestId('remove-member').click();
    await removeQuestion.waitFor();
    await screenshot(page, `team-remove-${locale}`);
    await answerQuestion(page, 'remove-confirm', 'confirm');
    await okDialog(page, locale === 'ar' ? 'أُزيل العضو من الفريق.' : 'The member was removed from the team.');
    await expect.poll(() => page.getByTestId('team-members').innerText()).not.toContain(invitee);
    // The removed colleague's session has ended.
    expect((await apiCall(colleague, 'GET', '/api/user')).status).toBe(401);

    // Their translation stays with the team: the owner's "Team" view names them; "Mine" does not list it.
    await page.goto('/user/translation-history');
    const scope = page.getByTestId('history-scope');
    await scope.waitFor();
    const entries = page.getByTestId('history-entry');
    await expect.poll(() => page.getByTestId('history-page').innerText()).toContain(`Owner note ${suffix}`);
    expect(await page.getByTestId('history-page').innerText()).not.toContain(colleagueText);
    await scope.getByRole('button', { name: locale === 'ar' ? 'الفريق' : 'Team' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('scope')).toBe('team');
    const colleagueEntry = entries.filter({ hasText: colleagueText });
    await colleagueEntry.waitFor();
    expect(await colleagueEntry.getByTestId('history-member').innerText()).toContain(locale === 'ar' ? 'سامي' : 'Sami');
    expect(await colleagueEntry.getByTestId('history-member').innerText()).toContain(locale === 'ar' ? 'العضو' : 'Member');
    // A member's entry is read-only in the team's view; the owner's own entry keeps its actions.
    expect(await colleagueEntry.getByTestId('history-delete').count()).toBe(0);
    expect(await entries.filter({ hasText: `Owner note ${suffix}` }).getByTestId('history-delete').count()).toBe(1);
    if (locale === 'ar') expect(await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="history-page"]')!).direction)).toBe('rtl');
    await screenshot(page, `history-team-${locale}`);

    // The colleague, signing in again on their own account, no longer has the team's entry.
    await signInThroughForm(colleague, invitee, 'colleague-pass-1');
    const own = await apiCall(colleague, 'GET', '/api/user/translation-history');
    expect(own.body.data.map((e: { title: string }) => e.title)).not.toContain(colleagueText);
    // Outside a team (or as a plain member) there is no Mine/Team toggle.
    await colleague.goto('/user/translation-history');
    await colleague.getByTestId('history-page').waitFor();
    await expect.poll(() => colleague.getByTestId('history-page').innerText()).toContain(locale === 'ar' ? 'سجل الترجمات' : 'Translation history');
    expect(await colleague.getByTestId('history-scope').count()).toBe(0);

    // The owner cannot delete their account while they own the team. The delete dialog (the app's FormDialog) keeps
    // the refusal inside, above its field, and stays open; while the request runs its button is busy ("Deleting…"):
    // the request is held back a moment to see it.
    await page.goto('/user/auth-settings');
    await page.locator('#delete-account > .form__actions button').click();
    const deleteDialog = page.getByTestId('delete-account-dialog');
    await deleteDialog.locator('input[name="password"]').fill(owner.password);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/delete-account', async (route) => {
      await held;
      await route.continue();
    });
    const deleteButton = deleteDialog.locator('button[type="submit"]');
    await deleteButton.click();
    await expect.poll(() => deleteButton.isDisabled()).toBe(true);
    expect(await deleteButton.innerText()).toBe(locale === 'ar' ? 'جارٍ الحذف…' : 'Deleting…');
    release();
    await expect
      .poll(() => deleteDialog.locator('.form-errors').innerText())
      .toContain(locale === 'ar' ? 'يجب نقل ملكية فريقك أو حلّه قبل حذف حسابك.' : 'Hand over or dissolve your team before deleting your account.');
    expect(await deleteDialog.evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(true);
    expect(await deleteButton.isDisabled()).toBe(false);
    await page.unroute('**/api/user/delete-account');
    await screenshotsAtBothSizes(page, `delete-account-team-owner-${locale}`, { width: 1280, height: 800 });
    await page.keyboard.press('Escape');
    await expect.poll(() => deleteDialog.evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(false);
    expect(((await apiCall(page, 'GET', '/api/user')).body as { role_id: string }).role_id).toBe('3');
  });

  // The invitation's "Already have an account? Sign in" led to the dashboard and lost the
  // invitation: someone with an account had to find the e-mail again. Now sign-in comes back.
  it('someone who already has an account signs in from the invitation and comes back to join', async () => {
    const existing = { name: locale === 'ar' ? 'منى سالم' : 'Mona Salem', email: `existing-${locale}-${suffix}@example.com`, password: 'existing-pass-1' };
    await signUpVerified(await open(locale), existing);
    const page = await open(locale);
    await signInThroughForm(page, owner.email, owner.password);
    await page.goto('/team');
    await page.getByTestId('invite-email').fill(existing.email);
    await page.getByTestId('invite-submit').click();
    await okDialog(page);
    const mail = decodeMail(await waitForMail(existing.email, (raw) => decodeMail(raw).includes('/invitation?token=')));
    const link = linkInMail(mail, '/invitation');

    const guest = await open(locale);
    await guest.goto(link);
    await guest.getByTestId('invitation-sign-in').click();
    await guest.locator('input[name="email"]').fill(existing.email);
    await guest.locator('input[name="password"]').fill(existing.password);
    await guest.locator('main form button[type="submit"]').first().click();
    await expect.poll(() => new URL(guest.url()).pathname, { timeout: 15_000 }).toBe('/invitation');
    expect(new URL(guest.url()).search).toBe(new URL(link).search);
    await screenshot(guest, `team-invitation-signed-in-${locale}`);
    await guest.getByRole('button', { name: locale === 'ar' ? 'الانضمام إلى الفريق' : 'Join the team' }).click();
    await expect.poll(() => new URL(guest.url()).pathname, { timeout: 15_000 }).toBe('/team');
    expect((await apiCall(guest, 'GET', '/api/user')).body).toMatchObject({ role_id: '5' });
    // A member works under the owner's plan: the membership screen says so instead of offering plans to buy.
    await guest.goto('/user/membership');
    const notice = guest.getByTestId('team-plan-notice');
    await notice.waitFor();
    const teamPlanNotice = locale === 'ar' ? 'أنت عضو في فريق، لذا تستخدم باقة فريقك. ولا يمكن تغييرها إلا لمالك الفريق.' : "You are in a team, so you work under your team's plan. Only the team's owner can change it.";
    expect(await notice.innerText()).toBe(teamPlanNotice);
    expect(await guest.getByTestId('subscribe-button').count()).toBe(0);
    // Nor does it call the team's plan "No plan" (the member has no subscription of their own).
    expect(await guest.getByTestId('plan-status').count()).toBe(0);
    await screenshotsAtBothSizes(guest, `membership-team-member-${locale}`);
    // The pricing page says the same, and its cards offer nothing to buy.
    await guest.goto('/pricing');
    await guest.getByTestId('plan-card').first().waitFor();
    expect(await guest.getByTestId('team-plan-notice').innerText()).toBe(teamPlanNotice);
    expect(await guest.getByTestId('subscribe-button').count()).toBe(0);
    expect(await guest.locator('.plan-card__button').count()).toBe(0);
    await screenshotsAtBothSizes(guest, `pricing-team-member-${locale}`);
  });

  // A manager or member who wanted out had no way but deleting their account; and a manager's own row offered
  // "Remove" (signing themselves out) and a role select that could demote them.
  it('a manager sees their own row without actions and leaves the team from the team page', async () => {
    const manager = { name: locale === 'ar' ? 'هدى ناصر' : 'Huda Nasser', email: `manager-${locale}-${suffix}@example.com`, password: 'manager-pass-1' };
    const page = await open(locale);
    await signInThroughForm(page, owner.email, owner.password);
    expect((await apiCall(page, 'POST', '/api/team/invite', { email: manager.email, role_id: 4 })).status).toBe(200);
    const token = new URL(linkInMail(decodeMail(await waitForMail(manager.email, (raw) => decodeMail(raw).includes('/invitation?token='))), '/invitation')).searchParams.get('token');
    const guest = await open(locale);
    await guest.goto('/');
    expect((await apiCall(guest, 'POST', '/api/create-user', { token, name: manager.name, password: manager.password, password_confirmation: manager.password })).status).toBe(201);

    const managerPage = await open(locale);
    await signInThroughForm(managerPage, manager.email, manager.password);
    await managerPage.goto('/team');
    const members = managerPage.getByTestId('team-members');
    const ownRow = members.locator('tbody tr', { hasText: manager.email });
    await ownRow.waitFor();
    expect(await ownRow.locator('select').count(), 'a role select on the manager’s own row').toBe(0);
    expect(await ownRow.getByTestId('remove-member').count(), '"Remove" on the manager’s own row').toBe(0);
    expect(await ownRow.innerText()).toContain(locale === 'ar' ? 'مدير الحساب' : 'Account manager');
    // A joined member's status is not the word of a role ("Member" beside "Account owner").
    expect(await ownRow.locator('td').nth(3).innerText()).toBe(locale === 'ar' ? 'نشط' : 'Active');
    // Another member's row keeps the manager's tools.
    expect(await members.locator('tbody tr', { hasText: owner.email }).getByTestId('remove-member').count()).toBe(0);
    const leave = managerPage.getByTestId('leave-team');
    expect(await leave.locator('h2').innerText()).toBe(locale === 'ar' ? 'مغادرة الفريق' : 'Leave the team');
    await screenshotsAtBothSizes(managerPage, `team-manager-leave-${locale}`, { width: 1280, height: 800 });

    await leave.getByTestId('leave-team-button').click();
    expect(await answerQuestion(managerPage, 'leave-confirm', 'confirm')).toMatchObject(
      locale === 'ar'
        ? { title: 'هل تريد مغادرة الفريق؟', message: 'لا يمكنك العودة إليه إلا بدعوة من مالكه أو أحد مديريه.', confirm: 'مغادرة الفريق' }
        : { title: 'Leave the team?', message: 'Only its owner or a manager can invite you back.', confirm: 'Leave team' },
    );
    await okDialog(managerPage, locale === 'ar' ? 'غادرت الفريق، وعاد حسابك حسابًا فرديًا.' : 'You left the team. Your account is an individual account again.');
    // Still signed in, an individual account: the team page offers to create a team.
    await managerPage.getByTestId('team-name').waitFor();
    expect((await apiCall(managerPage, 'GET', '/api/user')).body).toMatchObject({ role_id: '2', team: null });
    await screenshotsAtBothSizes(managerPage, `team-after-leaving-${locale}`, { width: 1280, height: 800 });
    await page.goto('/team');
    await page.getByTestId('team-members').waitFor();
    expect(await page.getByTestId('team-members').innerText()).not.toContain(manager.email);
    // The owner has no "Leave" (they hand the team over or dissolve it).
    expect(await page.getByTestId('leave-team').count()).toBe(0);

    // Dissolving said nothing: the view that asked was gone (with its callbacks) once the team was. Now it says so.
    await page.getByTestId('dissolve-team').click();
    expect(await answerQuestion(page, 'dissolve-confirm', 'confirm')).toMatchObject(
      locale === 'ar' ? { title: 'هل تريد حلّ الفريق لجميع الأعضاء؟', confirm: 'حلّ الفريق' } : { title: 'Dissolve the team for everyone?', confirm: 'Dissolve team' },
    );
    await okDialog(page, locale === 'ar' ? 'تم حل الفريق.' : 'The team was dissolved.');
    await page.getByTestId('team-name').waitFor();
  });
});
