// The glossary screen in the browser, in English and in Arabic: a team owner adds a term of
// their own, imports a CSV into the team glossary (a bad line reported), sees the conflicts
// (the team's term against Lisan's legal term, their own against the team's), exports TSV; a
// member reads the team glossary without being able to change it; a translation that applies
// a glossary term lists it in the translator.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { answerQuestion, apiCall, closeBrowserConnection, decodeMail, newConsentedPage, SCREENSHOT_DIR, SHOT, screenshotsAtBothSizes, signInThroughForm, signUpVerified, waitForMail } from './helpers';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeBrowserConnection();
});

const open = (locale: 'en' | 'ar') => newConsentedPage(locale, contexts);


/**
 * At phone width (390x844) each select of the term form shows its whole choice ("General (every domain)",
 * "English → Arabic"), rather than one cut by its neighbour beside it. Photographed.
 */
async function expectFormSelectsWhole(page: Page, form: Locator, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const testId of ['glossary-direction', 'glossary-domain']) {
    const fit = await form.getByTestId(testId).evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const probe = document.createElement('span');
      probe.style.font = style.font;
      probe.style.whiteSpace = 'pre';
      probe.textContent = select.selectedOptions[0]!.textContent;
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      // The choice's text, the select's padding and its arrow (about 1.25rem).
      return { text: select.selectedOptions[0]!.textContent, needed: text + parseFloat(style.paddingInlineStart) + parseFloat(style.paddingInlineEnd) + 20, width: select.clientWidth };
    });
    expect(fit.needed, `${name}: "${fit.text}" is cut in its select`).toBeLessThanOrEqual(fit.width);
  }
  await form.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-phone.jpg`), ...SHOT });
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe.each(['en', 'ar'] as const)('glossary screen (%s)', (locale) => {
  const suffix = randomBytes(3).toString('hex');
  const owner = { name: locale === 'ar' ? 'ليلى حداد' : 'Layla Haddad', email: `gloss-owner-${locale}-${suffix}@example.com`, password: 'owner-password-1' };
  const member = { name: locale === 'ar' ? 'سامي' : 'Sami', email: `gloss-member-${locale}-${suffix}@example.com`, password: 'member-password-1' };

  // Two accounts, an invitation by e-mail, several imports and screenshot pairs: past the default minute on a loaded machine.
  it('owner: adds a term, imports CSV, sees conflicts, exports TSV; member reads only; the translator shows the applied term', async () => {
    // An owner on a team plan with a team, and a member who joined by the e-mailed invitation.
    await signUpVerified(await open(locale), owner);
    await signUpVerified(await open(locale), member);
    const admin = await open(locale);
    await signInThroughForm(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const users = (await apiCall(admin, 'GET', `/api/admin/users?q=${encodeURIComponent(owner.email)}`)).body.data;
    const startUp = (await apiCall(admin, 'GET', '/api/plans')).body.data.find((p: { slug: string }) => p.slug === 'start-up');
    expect((await apiCall(admin, 'POST', '/api/admin/user-plan', { user_id: users[0].id, plan_id: startUp.id })).status).toBe(200);
    const page = await open(locale);
    await signInThroughForm(page, owner.email, owner.password);
    expect((await apiCall(page, 'POST', '/api/team', { name: `Glossary team ${suffix}` })).status).toBeLessThan(300);
    expect((await apiCall(page, 'POST', '/api/team/invite', { email: member.email, role_id: 5 })).status).toBeLessThan(300);
    const memberPage = await open(locale);
    await signInThroughForm(memberPage, member.email, member.password);
    const mail = decodeMail(await waitForMail(member.email, (raw) => decodeMail(raw).includes('/invitation?token=')));
    const token = /\/invitation\?token=([\w-]+)/.exec(mail)![1];
    expect((await apiCall(memberPage, 'POST', '/api/team/invitations/accept', { token })).status).toBe(200);

    // Reachable from the navigation.
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: locale === 'ar' ? 'المسرد' : 'Glossary' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/glossary');
    const personal = page.getByTestId('glossary-user');
    await personal.getByTestId('glossary-empty').waitFor();

    // My glossary: add a term through the form (on a phone its selects show their whole choice).
    await personal.getByTestId('glossary-domain').selectOption('general');
    await expectFormSelectsWhole(page, personal.getByTestId('glossary-form'), `glossary-form-${locale}`);
    // Buttons are commands: the verbal noun in Arabic (docs/terminology.md), as "Edit" and "Delete" beside them were
    // («أضف المصطلح», «استورد», «نزّل ملف CSV» were imperatives).
    const buttons = [personal.getByTestId('glossary-submit'), personal.getByTestId('glossary-import-submit'), personal.getByTestId('glossary-export-csv'), personal.getByTestId('glossary-export-tsv')];
    expect(await Promise.all(buttons.map((button) => button.innerText()))).toEqual(
      locale === 'ar' ? ['إضافة المصطلح', 'استيراد', 'تنزيل ملف CSV', 'تنزيل ملف TSV'] : ['Add term', 'Import', 'Download CSV', 'Download TSV'],
    );
    await personal.getByTestId('glossary-source').fill('agreement');
    await personal.getByTestId('glossary-target').fill('الاتفاق');
    await personal.getByTestId('glossary-submit').click();
    await expect.poll(() => personal.getByTestId('glossary-terms').innerText()).toContain('الاتفاق');
    // Added: the emptied form has the focus back in its source term, ready for the next one (it was lost to the page).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('glossary-source');
    // Adding "agreement" again with another target would replace it: asked first (declined with Escape: nothing changes).
    await personal.getByTestId('glossary-source').fill('Agreement');
    await personal.getByTestId('glossary-target').fill('الاتفاقية');
    await personal.getByTestId('glossary-submit').click();
    expect(await answerQuestion(page, 'confirm-replace-term', 'escape')).toMatchObject(
      locale === 'ar'
        ? {
            title: 'المصطلح موجود في المسرد بالفعل',
            message: 'المصطلح «\u2068agreement\u2069» موجود في هذا المسرد بترجمة «\u2068الاتفاق\u2069» (عام (كل المجالات)). هل تريد وضع «\u2068الاتفاقية\u2069» مكانها؟',
            cancel: 'إلغاء',
            confirm: 'استبدال المصطلح',
          }
        : {
            title: 'This term is already in the glossary',
            message: '“\u2068agreement\u2069” is already in this glossary as “\u2068الاتفاق\u2069” (General (every domain)). Replace it with “\u2068الاتفاقية\u2069”?',
            cancel: 'Cancel',
            confirm: 'Replace term',
          },
    );
    expect(await personal.getByTestId('glossary-terms').innerText()).not.toContain('الاتفاقية');
    // The import says which direction and domain entries without them take.
    expect(await personal.getByTestId('glossary-import-defaults').innerText()).toBe(
      locale === 'ar' ? 'للمدخلات التي لا تذكرهما: الإنجليزية ← العربية، عام (كل المجالات).' : 'For entries without them: English → Arabic, General (every domain).',
    );
    // On a phone the form is far above the list: "Edit" brings it into view, on the term (nothing seemed to happen).
    await page.setViewportSize({ width: 390, height: 844 });
    await personal.getByTestId('glossary-edit').first().click();
    const source = personal.getByTestId('glossary-source');
    await expect.poll(() => source.inputValue()).toBe('agreement');
    expect(await source.evaluate((input) => document.activeElement === input), 'the edited term is not focused').toBe(true);
    const onScreen = () =>
      source.evaluate((input) => {
        const box = input.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    await expect.poll(onScreen, { message: 'the edit form is off the screen after "Edit"' }).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `glossary-edit-${locale}-phone.jpg`), ...SHOT });
    await personal.getByRole('button', { name: locale === 'ar' ? 'إلغاء' : 'Cancel' }).click();
    await page.setViewportSize({ width: 1366, height: 900 });

    // A spreadsheet chosen by mistake (binary, as an XLSX is) is named for what it is, not as "NUL characters".
    const xlsx = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(16), Buffer.from('xl/workbook.xml')]);
    await personal.getByTestId('glossary-import-file').setInputFiles({ name: 'terms.csv', mimeType: 'text/csv', buffer: xlsx });
    await personal.getByTestId('glossary-import-submit').click();
    const notText = page.locator('dialog[open]');
    await expect.poll(() => notText.innerText()).toContain(locale === 'ar' ? 'هذا الملف ليس ملف CSV أو TSV.' : 'This is not a CSV or TSV file.');
    expect(await notText.innerText()).not.toContain('NUL');
    // Titled by what failed, not the app's "Something went wrong".
    expect(await notText.innerText()).toContain(locale === 'ar' ? 'تعذّر استيراد الملف' : 'The file could not be imported');
    await notText.getByRole('button').last().click();
    // A file with other columns (a contacts list) imports nothing: every line is listed, with its column named in words,
    // and the result says which columns a glossary file has.
    const contacts = 'name,email,phone\nAli,ali@example.com,555\nSara,sara@example.com,556\n';
    await personal.getByTestId('glossary-import-file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(contacts) });
    await personal.getByTestId('glossary-import-submit').click();
    const nothing = personal.getByTestId('glossary-import-nothing');
    await nothing.waitFor();
    expect(await nothing.innerText()).toBe(
      locale === 'ar'
        ? 'لم يُستورد أي مدخل. تحقّق من أعمدة الملف: المصطلح المصدر أولًا، ثم المصطلح الهدف، ثم اختياريًا لغة المصدر ولغة الهدف والمجال (أو سطر أول يسمّي الأعمدة).'
        : "Nothing was imported. Check the file's columns: the source term first, then the target term, then optionally the source language, the target language and the domain (or a first line that names them).",
    );
    expect(await personal.getByTestId('glossary-import-result').innerText()).toContain(
      locale === 'ar' ? 'السطر 1: القيمة المختارة في «لغة المصدر» غير صالحة.' : 'Line 1: The selected source language is invalid.',
    );
    await personal.getByTestId('glossary-import').screenshot({ path: path.join(SCREENSHOT_DIR, `glossary-import-nothing-${locale}.jpg`), ...SHOT });
    // A file past the server's body limit is named as a file to split (it was "The request is too large").
    await personal.getByTestId('glossary-import-file').setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.from('term,مصطلح\n'.repeat(120_000)) });
    await personal.getByTestId('glossary-import-submit').click();
    const tooLarge = page.locator('dialog[open]');
    await expect.poll(() => tooLarge.innerText()).toContain(
      locale === 'ar' ? 'هذا الملف أكبر من أن يُستورد دفعة واحدة. قسّمه إلى ملفات أصغر واستوردها واحدًا تلو الآخر.' : 'This file is too large to import at once. Split it into smaller files and import them one by one.',
    );
    expect(await tooLarge.innerText()).toContain(locale === 'ar' ? 'تعذّر استيراد الملف' : 'The file could not be imported');
    await tooLarge.getByRole('button').last().click();

    // Team glossary: import a CSV; the line giving "agreement" a second target is reported.
    await page.getByTestId('glossary-tab-team').click();
    const team = page.getByTestId('glossary-team');
    await team.getByTestId('glossary-empty').waitFor();
    const csv = 'source_term,target_term,domain\nforce majeure,الظرف القاهر,legal\nagreement,الاتفاقية,general\nAgreement,العهد,general\n';
    await team.getByTestId('glossary-import-file').setInputFiles({ name: 'team-terms.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await team.getByTestId('glossary-import-submit').click();
    const result = team.getByTestId('glossary-import-result');
    await result.waitFor();
    expect(await result.innerText()).toContain(locale === 'ar' ? 'أُضيف 2' : '2 added');
    expect(await result.innerText()).toContain(locale === 'ar' ? 'السطر 4' : 'Line 4');
    await expect.poll(() => team.getByTestId('glossary-row').count()).toBe(2);
    // The team's "force majeure" clashes with Lisan's legal term.
    const teamConflicts = team.getByTestId('glossary-conflicts');
    await teamConflicts.waitFor();
    expect(await teamConflicts.innerText()).toContain('القوة القاهرة');
    // Said as a sentence: Lisan's legal glossary translates it otherwise («في مسرد لسان لمجال القانون «…»» had no verb).
    expect(await teamConflicts.getByTestId('glossary-conflict').innerText()).toContain(
      locale === 'ar' ? 'يترجمه مسرد لسان لمجال القانون إلى «\u2068القوة القاهرة\u2069».' : 'Lisan\'s Legal glossary has “\u2068القوة القاهرة\u2069”.',
    );
    expect(await team.getByTestId('glossary-conflict').getAttribute('data-kind')).toBe('admin');
    if (locale === 'ar') expect(await team.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    await screenshotsAtBothSizes(page, `glossary-team-${locale}`);

    // Export as TSV.
    const download = page.waitForEvent('download');
    await team.getByTestId('glossary-export-tsv').click();
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-glossary-')), 'export.tsv');
    const downloaded = await download;
    expect(downloaded.suggestedFilename()).toBe('lisan-team-glossary.tsv');
    await downloaded.saveAs(file);
    const tsv = await fs.readFile(file, 'utf8');
    expect(tsv.split('\n').filter(Boolean)).toEqual([
      'source_term\ttarget_term\tsource_lang\ttarget_lang\tdomain',
      'agreement\tالاتفاقية\ten\tar\tgeneral',
      'force majeure\tالظرف القاهر\ten\tar\tlegal',
    ]);

    // My glossary now shows my term against the team's.
    await page.getByTestId('glossary-tab-user').click();
    const mine = page.getByTestId('glossary-user').getByTestId('glossary-conflict');
    await mine.waitFor();
    expect(await mine.getAttribute('data-kind')).toBe('team');
    expect(await mine.innerText()).toContain('الاتفاقية');
    // Its domain said as the line's last words, not in parentheses around the domain's own.
    expect(await mine.innerText()).toContain(
      locale === 'ar' ? 'يترجمه مسرد الفريق إلى «\u2068الاتفاقية\u2069» في مجال عام (كل المجالات).' : 'The team glossary has “\u2068الاتفاقية\u2069” in General (every domain).',
    );
    await screenshotsAtBothSizes(page, `glossary-personal-${locale}`);

    // The member reads the team glossary: no form, no import, no edit or delete.
    await memberPage.goto('/glossary');
    await memberPage.getByTestId('glossary-tab-team').click();
    const readOnly = memberPage.getByTestId('glossary-team');
    await readOnly.getByTestId('glossary-read-only').waitFor();
    await expect.poll(() => readOnly.getByTestId('glossary-row').count()).toBe(2);
    expect(await readOnly.getByTestId('glossary-form').count()).toBe(0);
    expect(await readOnly.getByTestId('glossary-import').count()).toBe(0);
    expect(await readOnly.getByTestId('glossary-edit').count()).toBe(0);
    expect(await readOnly.getByTestId('glossary-export-csv').count()).toBe(1);
    expect((await apiCall(memberPage, 'POST', '/api/team/glossary', { source_lang: 'en', target_lang: 'ar', source_term: 'x', target_term: 'y' })).status).toBe(403);
    await screenshotsAtBothSizes(memberPage, `glossary-member-${locale}`);

    // The translator lists the glossary term a translation applied (the owner's own wins).
    await page.goto('/translate');
    await page.getByTestId('source-lang').selectOption('en');
    await page.getByTestId('target-lang').selectOption('ar');
    await page.getByTestId('source-text').fill('The agreement is signed.');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/translate'));
    await page.getByTestId('translate').click();
    expect((await answer).status()).toBe(200);
    const applied = page.getByTestId('glossary-applied');
    await applied.waitFor();
    expect(await applied.innerText()).toContain('agreement');
    expect(await applied.innerText()).toContain('الاتفاق');
    expect(await page.getByTestId('translation-output').innerText()).toContain('الاتفاق');
    // Its link to the glossary is a command too («عدّل المسرد» was an imperative).
    expect(await applied.getByRole('link').innerText()).toBe(locale === 'ar' ? 'تعديل المسرد' : 'Edit glossary');
    await screenshotsAtBothSizes(page, `glossary-translator-${locale}`);
  }, 120_000);

  // The owner signed up by the test above deletes a term of their own glossary: asked first, in the page's language.
  it('asks before deleting a term: Cancel keeps it, confirming deletes it', async () => {
    const page = await open(locale);
    await signInThroughForm(page, owner.email, owner.password);
    const added = await apiCall(page, 'POST', '/api/user/glossary', { source_lang: 'en', target_lang: 'ar', source_term: 'indemnity', target_term: 'التعويض', domain: 'legal' });
    expect(added.status).toBe(201);
    await page.goto('/glossary');
    const personal = page.getByTestId('glossary-user');
    const row = personal.getByTestId('glossary-row').filter({ hasText: 'indemnity' });
    await row.waitFor();
    const rows = await personal.getByTestId('glossary-row').count();

    await row.getByTestId('glossary-delete').click();
    expect(await answerQuestion(page, 'confirm-delete-term', 'cancel')).toEqual(
      locale === 'ar'
        ? { title: 'هل تريد حذف المصطلح «\u2068indemnity\u2069»؟', message: 'لن يُطبَّق بعد الآن على الترجمات الجديدة.', cancel: 'إلغاء', confirm: 'حذف المصطلح', direction: 'rtl', dir: 'rtl', cancelFocused: true }
        : { title: 'Delete the term “\u2068indemnity\u2069”?', message: 'It is no longer applied to new translations.', cancel: 'Cancel', confirm: 'Delete term', direction: 'ltr', dir: 'ltr', cancelFocused: true },
    );
    // Declined: the term stays, on the screen and in the glossary.
    expect(await row.count()).toBe(1);
    expect(await personal.getByTestId('glossary-row').count()).toBe(rows);
    const stored = async () => ((await apiCall(page, 'GET', '/api/user/glossary')).body.data as Array<{ source_term: string }>).map((term) => term.source_term);
    expect(await stored()).toContain('indemnity');

    await row.getByTestId('glossary-delete').click();
    await answerQuestion(page, 'confirm-delete-term', 'confirm');
    const said = page.locator('dialog[open]');
    await said.waitFor();
    expect(await said.innerText()).toContain(locale === 'ar' ? 'حُذف المصطلح من المسرد.' : 'The term was deleted from the glossary.');
    await said.getByRole('button').last().click();
    await expect.poll(() => row.count()).toBe(0);
    expect(await personal.getByTestId('glossary-row').count()).toBe(rows - 1);
    expect(await stored()).not.toContain('indemnity');
  });
});
