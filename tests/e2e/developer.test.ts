// The developer API in the browser, in English and Arabic: the "API keys" tab of account
// settings (create, the key shown once, the list with last use and usage, revoke), a key used
// from outside the browser against /v2/translate and /translate, the Developers page and the
// admin plan form's API switch. Every screen is photographed, desktop and mobile.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleDocx } from '../../server/test/fixtures/docx-fixture';
import { E2E_ADMIN } from './global-setup';
import { answerQuestion, apiCall, baseUrl, closeBrowserConnection, expectNoAxeViolations, expectTableCardsOnPhone, newConsentedPage, screenshotsAtBothSizes, signInThroughForm, signUpVerified } from './helpers';

// Every page's cookie choice is made (newConsentedPage), so the banner does not cover the screenshots.
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await closeBrowserConnection();
});

// The question before revoking, in the page's language and direction: the key is named (isolated), the confirm button
// names the action. In Arabic "revoke" is إبطال: إلغاء is "Cancel", the button beside it.
const REVOKE_QUESTION = {
  en: { title: 'Revoke the key “\u2068Website plug-in\u2069”?', message: 'Programs using it stop working at once.', cancel: 'Cancel', confirm: 'Revoke key', direction: 'ltr', dir: 'ltr', cancelFocused: true },
  ar: { title: 'هل تريد إبطال المفتاح «\u2068إضافة الموقع\u2069»؟', message: 'ستتوقف البرامج التي تستخدمه فورًا.', cancel: 'إلغاء', confirm: 'إبطال المفتاح', direction: 'rtl', dir: 'rtl', cancelFocused: true },
} as const;

const TEXT = {
  // The key's month after two requests of 13 and 10 characters, each figure in its plural form; what the key's Copy says.
  en: { tab: 'API keys', revoked: 'Revoked', noActive: 'No active keys.', showRevoked: 'Show 1 revoked key', hideRevoked: 'Hide 1 revoked key', title: 'Developers', usage: '2 requests · 23 characters · 0 documents', limit: 'You have 25 active keys, the most an account can hold.', copied: 'Copied', copyFailed: 'Could not copy. Select the key and copy it yourself.' },
  ar: { tab: 'مفاتيح API', revoked: 'مُبطَل', noActive: 'لا توجد مفاتيح نشطة.', showRevoked: 'عرض المفتاح المُبطَل', hideRevoked: 'إخفاء المفتاح المُبطَل', title: 'المطوّرون', usage: 'طلبان · 23 حرفًا · لا مستندات', limit: 'لديك 25 مفتاحًا نشطًا، وهو أقصى ما يحمله الحساب.', copied: 'تم النسخ', copyFailed: 'تعذّر النسخ. حدّد المفتاح وانسخه بنفسك.' },
} as const;

describe.each(['en', 'ar'] as const)('developer API screens (%s)', (locale) => {
  it('creates a key shown once, uses it from a program, sees its usage, revokes it', async () => {
    const page = await newConsentedPage(locale, contexts);
    const email = `dev-${locale}-${randomBytes(4).toString('hex')}@example.com`;
    await signUpVerified(page, { name: locale === 'ar' ? 'ليلى' : 'Layla', email, password: 'a-long-password-1' });
    await page.goto('/user/api-keys');
    await expect.poll(() => page.getByRole('link', { name: TEXT[locale].tab }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('api-keys-empty').isVisible()).toBe(true);
    await screenshotsAtBothSizes(page, `developer-api-keys-empty-${locale}`);

    await page.getByTestId('api-key-name').fill(locale === 'ar' ? 'إضافة الموقع' : 'Website plug-in');
    await page.getByTestId('api-key-create').click();
    const secret = page.getByTestId('api-key-secret');
    await expect.poll(() => secret.isVisible()).toBe(true);
    const key = (await secret.textContent())!.trim();
    expect(key).toMatch(/^lsn_[A-Za-z0-9_-]{40,}$/);
    // The clicked button was disabled while it saved (the focus went to the page): it goes on to the key's Copy,
    // which puts the key on the clipboard and says so.
    const copy = page.getByTestId('api-key-copy');
    await expect.poll(() => copy.evaluate((button) => document.activeElement === button)).toBe(true);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.keyboard.press('Enter');
    await expect.poll(() => copy.innerText()).toBe(TEXT[locale].copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await screenshotsAtBothSizes(page, `developer-api-keys-created-${locale}`);
    // Where no clipboard answers (an insecure origin), Copy says to copy it by hand rather than nothing.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('no clipboard')) }, configurable: true });
      document.execCommand = () => false;
    });
    await copy.click();
    await expect.poll(() => page.getByTestId('api-key-copy-failed').innerText()).toBe(TEXT[locale].copyFailed);
    // "Done" takes the box away with the focus on it: the focus goes back to the name, for another key.
    await page.getByTestId('api-key-done').click();
    await expect.poll(() => secret.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('api-key-name');

    // A program outside the browser: no cookie, no CSRF token, only the key.
    const deepl = await fetch(`${baseUrl()}/v2/translate`, { method: 'POST', headers: { authorization: `DeepL-Auth-Key ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ text: ['Good morning.'], target_lang: 'AR' }) });
    expect(deepl.status).toBe(200);
    expect((await deepl.json()).translations[0].text).toBe('صباح الخير.');
    const libre = await fetch(`${baseUrl()}/translate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q: 'Thank you.', source: 'en', target: 'ar', api_key: key }) });
    expect(libre.status).toBe(200);

    await page.reload();
    const row = page.getByTestId('api-key-row').first();
    await expect.poll(() => row.getByTestId('api-key-usage').textContent()).toBe(TEXT[locale].usage);
    expect(await row.textContent()).not.toContain(key);
    await expectTableCardsOnPhone(page, page.getByTestId('api-keys-table'), locale, `developer-api-keys-list-${locale}`);

    // "Revoke" asks first, in Lisan's own dialog: Escape keeps the key; photographed, then confirmed, it is revoked.
    await row.getByRole('button').click();
    expect(await answerQuestion(page, 'confirm-revoke-key', 'escape')).toEqual(REVOKE_QUESTION[locale]);
    expect(await row.textContent()).not.toContain(TEXT[locale].revoked);
    await row.getByRole('button').click();
    await page.getByTestId('confirm-revoke-key').waitFor();
    await screenshotsAtBothSizes(page, `developer-api-keys-revoke-question-${locale}`);
    expect(await answerQuestion(page, 'confirm-revoke-key', 'confirm')).toEqual(REVOKE_QUESTION[locale]);
    // "Key revoked" is said in a message dialog; Escape closes it.
    await page.locator('dialog[open]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    // The Revoke button that opened it has left with its row: the focus goes to the page's main content, not nowhere.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The revoked key leaves the list of keys in use; it waits behind a control that counts the revoked keys, closed.
    const keysTable = page.getByTestId('api-keys-table');
    await expect.poll(() => page.getByTestId('api-keys-empty').textContent()).toBe(TEXT[locale].noActive);
    expect(await keysTable.count()).toBe(0);
    const toggle = page.getByTestId('api-keys-revoked-toggle');
    expect(await toggle.textContent()).toBe(TEXT[locale].showRevoked);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('api-keys-revoked-table').count()).toBe(0);
    // Opened with the keyboard: the revoked key shows, said to be revoked, without a Revoke button.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.textContent()).toBe(TEXT[locale].hideRevoked);
    const revokedTable = page.getByTestId('api-keys-revoked-table');
    expect(await page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`).locator('[data-testid="api-keys-revoked-table"]').count()).toBe(1);
    const revokedRow = revokedTable.getByTestId('api-key-row');
    expect(await revokedRow.count()).toBe(1);
    expect(await revokedRow.textContent()).toContain(TEXT[locale].revoked);
    expect(await revokedRow.textContent()).toContain(locale === 'ar' ? 'إضافة الموقع' : 'Website plug-in');
    expect(await revokedRow.getByRole('button').count()).toBe(0);
    await screenshotsAtBothSizes(page, `developer-api-keys-revoked-${locale}`);
    await page.keyboard.press('Space');
    await expect.poll(() => revokedTable.count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const refused = await fetch(`${baseUrl()}/v2/usage`, { headers: { authorization: `DeepL-Auth-Key ${key}` } });
    expect(refused.status).toBe(403);

    // Up to the most active keys an account holds (the revoked one does not count): the form says so and stops.
    for (let i = 0; i < 25; i++) expect((await apiCall(page, 'POST', '/api/user/api-keys', { name: `Key ${i + 1}` })).status).toBe(201);
    await page.reload();
    await expect.poll(() => page.getByTestId('api-keys-limit').textContent()).toContain(TEXT[locale].limit);
    expect(await page.getByTestId('api-key-create').isDisabled()).toBe(true);
    // The 25 keys in use are listed; the revoked one stays behind its control.
    expect(await page.getByTestId('api-keys-table').getByTestId('api-key-row').count()).toBe(25);
    expect(await page.getByTestId('api-keys-revoked-toggle').textContent()).toBe(TEXT[locale].showRevoked);
    await screenshotsAtBothSizes(page, `developer-api-keys-limit-${locale}`);

    await page.goto('/developers');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(TEXT[locale].title);
    expect(await page.getByTestId('curl-deepl-translate').textContent()).toContain(`${baseUrl()}/v2/translate`);
    expect(await page.getByTestId('curl-libre-translate').textContent()).toContain(`${baseUrl()}/translate`);
    await screenshotsAtBothSizes(page, `developer-docs-${locale}`);
  });
});

/** Runs one printed curl command (with the key put in), as a reader pasting it into bash would; its body and status. */
async function runPrinted(command: string, key: string, cwd: string) {
  // The status goes on a last line of its own; nothing else of the command is changed.
  const { stdout } = await promisify(execFile)('bash', ['-c', `${command.replaceAll('YOUR_API_KEY', key)} --silent --show-error --write-out '\\n%{http_code}'`], { cwd, timeout: 60_000 });
  const lines = stdout.split('\n');
  return { status: Number(lines.at(-1)), body: lines.slice(0, -1).join('\n') };
}

describe('Developers page', () => {
  it('prints curl commands that work as they are, pasted into a shell with a key put in', async () => {
    const page = await newConsentedPage('en', contexts);
    await signUpVerified(page, { name: 'Curl', email: `curl-${randomBytes(4).toString('hex')}@example.com`, password: 'a-long-password-1' });
    const created = await apiCall(page, 'POST', '/api/user/api-keys', { name: 'Shell' });
    expect(created.status).toBe(201);
    const key: string = created.body.data.key;
    await page.goto('/developers');
    const blocks = page.locator('pre[data-testid^="curl-"]');
    await expect.poll(() => blocks.count()).toBe(8);
    const cwd = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-curl-'));
    await fs.writeFile(path.join(cwd, 'report.docx'), await sampleDocx());
    try {
      for (const block of await blocks.all()) {
        const name = (await block.getAttribute('data-testid'))!;
        const commands = (await block.textContent())!.split('\n\n');
        if (name !== 'curl-deepl-document') {
          expect(commands, name).toHaveLength(1);
          const answer = await runPrinted(commands[0]!, key, cwd);
          // 201 where DeepL answers Created (a glossary).
          expect(answer.status, `${name}: ${answer.body}`).toBe(name === 'curl-deepl-glossary' ? 201 : 200);
          continue;
        }
        // Upload, then the status with the upload's id and key until done, then the result into report-ar.docx.
        const [upload, status, result] = commands;
        const uploaded = await runPrinted(upload!, key, cwd);
        expect(uploaded.status, uploaded.body).toBe(200);
        const { document_id: id, document_key: documentKey } = JSON.parse(uploaded.body) as { document_id: string; document_key: string };
        const withIds = (command: string) => command.replaceAll('DOCUMENT_ID', id).replaceAll('DOCUMENT_KEY', documentKey);
        await expect
          .poll(async () => JSON.parse((await runPrinted(withIds(status!), key, cwd)).body).status, { timeout: 60_000, interval: 500 })
          .toBe('done');
        expect((await runPrinted(withIds(result!), key, cwd)).status).toBe(200);
        expect((await fs.readFile(path.join(cwd, 'report-ar.docx'))).subarray(0, 2).toString()).toBe('PK');
      }
      // What the document's commands need said is the page's text, not a comment in the block.
      expect(await page.getByTestId('curl-deepl-document-note').textContent()).toContain('document_key');
    } finally {
      await fs.rm(cwd, { recursive: true, force: true });
    }
  });
});

describe('admin plan form', () => {
  it('has the API switch, saved with the plan', async () => {
    const page = await newConsentedPage('en', contexts);
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin/plans');
    await page.locator('a[href^="/admin/plans/"]').filter({ hasNotText: /new/i }).first().click();
    const api = page.getByTestId('plan-api-enabled');
    await expect.poll(() => api.isVisible()).toBe(true);
    await api.scrollIntoViewIfNeeded();
    await screenshotsAtBothSizes(page, 'developer-admin-plan-api-switch');
  });
});

describe.each(['en', 'ar'] as const)('Developers page: copying a sample (%s)', (locale) => {
  it('each sample has a Copy button named after it; a click puts the sample on the clipboard and says "Copied" in a live region', async () => {
    const page = await newConsentedPage(locale, contexts);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.goto('/developers');
    await page.getByTestId('developers').waitFor();
    expect(await page.locator('[data-testid$="-copy"]').count()).toBe(await page.locator('pre[data-testid^="curl-"]').count());
    const name = locale === 'ar' ? 'نسخ مثال «ترجمة نص» من واجهة DeepL البرمجية (v2)' : 'Copy the DeepL API v2 example “Translate text”';
    const button = page.getByRole('button', { name, exact: true });
    expect(await button.innerText()).toBe(locale === 'ar' ? 'نسخ' : 'Copy');
    const status = page.getByTestId('curl-deepl-translate-copied');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.innerText()).toBe('');
    await button.click();
    await expect.poll(() => status.innerText()).toBe(locale === 'ar' ? 'تم النسخ' : 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.getByTestId('curl-deepl-translate').innerText());
    // The button sits at the heading's line end, in the reading direction, and keeps a 24 px target at least.
    const box = (await button.boundingBox())!;
    const heading = (await page.locator('.developers__sample-head').first().boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(24);
    if (locale === 'ar') expect(box.x).toBeLessThan(heading.x + heading.width / 2);
    else expect(box.x + box.width).toBeGreaterThan(heading.x + heading.width / 2);
    await expectNoAxeViolations(page, `/developers after a copy (${locale})`);
    await screenshotsAtBothSizes(page, `developer-docs-copied-${locale}`);
    // The message goes after a while.
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toBe('');
  });
});
