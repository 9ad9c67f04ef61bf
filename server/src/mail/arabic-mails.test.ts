import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { createTrialUser, queuedMails, signIn, signInRoute, testClock } from '../../test/billing-fixtures';
import { SANDBOX_CARDS } from '../payments/sandbox';
import { renderMail, type MailJob } from './mailer';

// An account that chose Arabic with the header's language switch (POST /api/user/settings)
// gets its main e-mails in Arabic: right to left, Arabic dates, one kind of digits, the
// user's Latin name and links kept apart from the Arabic punctuation.

const clock = testClock('2026-11-20T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ role: 'api', startQueue: true, overrides: { now: clock.now }, extend: signInRoute });
});
afterAll(() => t.close());

const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

/** What every Arabic e-mail must be. */
function expectArabicMail(job: MailJob) {
  expect(job.locale).toBe('ar');
  const mail = renderMail(job);
  expect(mail.subject).toMatch(/[\u0600-\u06FF]/);
  expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  expect(mail.html).toContain('text-align:right');
  // The Latin name is isolated, so the Arabic comma stays after it in a plain-text client.
  expect(mail.text).toContain('مرحبًا \u2068Layla Ahmad\u2069،');
  expect(mail.text).toContain('مع أطيب التحيات،\nفريق لسان');
  // Links stand on a line of their own, with nothing a linkifier could swallow.
  for (const line of mail.text.split('\n').filter((l) => l.includes('http'))) expect(line).toMatch(/^https?:\/\/\S+$/);
  for (const part of [mail.subject, mail.text, mail.html]) {
    expect(part).not.toMatch(EASTERN_DIGITS);
    expect(part).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
  }
  return mail;
}

async function arabicUser(email: string): Promise<TestClient> {
  await createTrialUser(t, { email, name: 'Layla Ahmad', locale: 'en' });
  const client = await signIn(t, email);
  const switched = await client.post('/api/user/settings', { locale: 'ar' });
  expect(switched.statusCode, switched.body).toBe(200);
  return client;
}

describe('e-mails of a user who switched the interface to Arabic', () => {
  it('trial reminder: Arabic subject with the right plural, the end date written in Arabic', async () => {
    clock.set('2026-11-20T09:00:00Z');
    await arabicUser('reminder-ar@example.com');
    clock.set('2026-11-24T09:00:00Z');
    await t.container.billing.sweep();
    const [job] = await queuedMails(t, { to: 'reminder-ar@example.com', kind: 'trial_reminder' });
    const mail = expectArabicMail(job);
    expect(mail.subject).toBe('تنتهي فترتك التجريبية المجانية بعد 3 أيام');
    expect(mail.text).toContain('تنتهي فترتك التجريبية المجانية في لسان في 27 نوفمبر 2026.');
  });

  it('invoice paid: Arabic text, amount in Western digits', async () => {
    clock.set('2026-11-20T09:00:00Z');
    const client = await arabicUser('paid-ar@example.com');
    const plans = await t.container.database.db.selectFrom('plans').select(['id', 'slug']).execute();
    const subscribe = await client.post('/api/user/subscribe', { plan_id: plans.find((p) => p.slug === 'hobbyist')!.id, frequency: 'monthly' });
    expect(subscribe.statusCode, subscribe.body).toBe(200);
    const sessionId = (subscribe.json().checkout_url as string).split('/').pop()!;
    const pay = await client.post(`/api/sandbox/checkout/${sessionId}/pay`, { card_name: 'Layla Ahmad', card_number: SANDBOX_CARDS.success, expiry: '12/30', cvv: '123' });
    expect(pay.statusCode, pay.body).toBe(200);
    expect((await client.post('/api/checkout-auth', { session_id: sessionId })).json().status).toBe('paid');
    const [job] = await queuedMails(t, { to: 'paid-ar@example.com', kind: 'invoice_paid' });
    const mail = expectArabicMail(job);
    expect(mail.text).toMatch(/استلمنا 9\.00 دولار أمريكي/);

    // The invoice PDF downloaded from the Arabic interface (its cookie) is Arabic.
    client.locale = 'ar';
    const [invoice] = (await client.get('/api/user/invoices')).json().data;
    const download = await client.get(invoice.download_url);
    expect(download.statusCode).toBe(200);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-invoice-'));
    try {
      await fs.writeFile(path.join(dir, 'invoice.pdf'), download.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' }).replace(/[\u202A-\u202E\s()]/g, '');
      expect(text).toContain('فاتورةإلى');
      expect(text).toContain('لسان');
      expect(text).toContain('20نوفمبر2026');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('password reset: Arabic, the link valid for "60 دقيقةً"', async () => {
    await arabicUser('reset-ar@example.com');
    const response = await t.client().post('/mt/forgot-password', { email: 'reset-ar@example.com' });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const job = (await queuedMails(t, { to: 'reset-ar@example.com' })).find((m: MailJob) => m.template === 'resetPassword');
    const mail = expectArabicMail(job);
    expect(mail.text).toMatch(/تنتهي صلاحية هذا الرابط خلال (\d+ دقيقةً|\d+ دقائق|دقيقة واحدة|دقيقتين)\./);
  });

  it('verification: Arabic, with the expiry in minutes in the right plural', async () => {
    const client = await arabicUser('verify-ar@example.com');
    await t.container.database.db.updateTable('users').set({ email_verified_at: null }).where('email', '=', 'verify-ar@example.com').execute();
    const response = await client.post('/email/verification-notification', {});
    expect(response.statusCode, response.body).toBe(202);
    const job = (await queuedMails(t, { to: 'verify-ar@example.com' })).find((m: MailJob) => m.template === 'verifyEmail');
    const mail = expectArabicMail(job);
    expect(mail.text).toMatch(/تنتهي صلاحية الرابط خلال (\d+ دقيقةً|\d+ دقيقة|\d+ دقائق|دقيقة واحدة|دقيقتين)\./);
  });

  it('document ready: Arabic, the Latin file name isolated inside the sentence', () => {
    const mail = expectArabicMail({
      to: 'doc-ar@example.com',
      locale: 'ar',
      template: 'documentReady',
      data: { name: 'Layla Ahmad', fileName: 'Contract 2026.docx', target: 'ar', url: 'https://lisan.example/api/translated-file-url/?id=5' },
    } as MailJob);
    expect(mail.text).toContain('\u2067Contract 2026.docx\u2069');
    expect(mail.subject).toBe('مستندك المترجَم جاهز');
  });

  it('team handed over: Arabic, the Latin team and owner names isolated inside the subject and the sentences', () => {
    const mail = expectArabicMail({
      to: 'heir-ar@example.com',
      locale: 'ar',
      template: 'teamOwnership',
      data: { name: 'Layla Ahmad', teamName: 'Nadia & Co', previousName: 'Nadia Owner', link: 'https://lisan.example/team' },
    } as MailJob);
    expect(mail.subject).toBe('أصبحت مالك «\u2068Nadia & Co\u2069» في لسان');
    expect(mail.text).toContain('نقل \u2068Nadia Owner\u2069 إليك ملكية «\u2068Nadia & Co\u2069» في لسان.');
    expect(mail.text).toContain('يعمل الفريق من الآن بباقتك');
    expect(mail.text).toContain('https://lisan.example/team');
  });

  /** The Arabic "document ready" mail's text for a summary without glossary terms. */
  const readyMail = (applied: { memorySegments: number; memoryFuzzySegments: number; correctionSegments?: number }) =>
    expectArabicMail({
      to: 'doc-ar@example.com',
      locale: 'ar',
      template: 'documentReady',
      data: { name: 'Layla Ahmad', fileName: 'a.docx', target: 'ar', url: 'https://lisan.example/x', applied: { ...applied, termCount: 0, terms: [] } },
    } as MailJob).text;

  it('document ready: the memory sentence counts the fuzzy hits in their plural form, and says nothing of them when there are none', () => {
    const ready = (memorySegments: number, memoryFuzzySegments: number) => readyMail({ memorySegments, memoryFuzzySegments });
    expect(ready(11, 3)).toContain('أُخذت 11 جملة من ذاكرة ترجماتك، منها 3 جمل تغيّرت أرقامها فقط.');
    expect(ready(2, 2)).toContain('أُخذت جملتان من ذاكرة ترجماتك، منها جملتان تغيّرت أرقامهما فقط.');
    expect(ready(3, 0)).toContain('أُخذت 3 جمل من ذاكرة ترجماتك.');
    expect(ready(3, 0)).not.toContain('منها');
  });

  it('document ready: sentences answered by approved corrections are counted as corrections, before the memory sentence', () => {
    const ready = (correctionSegments: number, memorySegments: number) => readyMail({ memorySegments, memoryFuzzySegments: 0, correctionSegments });
    expect(ready(1, 0)).toContain('تعرض جملة واحدة تصحيحك المعتمد بدلًا من الترجمة الآلية.');
    expect(ready(1, 0)).not.toContain('ذاكرة ترجماتك');
    expect(ready(2, 1)).toContain('تعرض جملتان تصحيحاتك المعتمدة بدلًا من الترجمة الآلية.');
    expect(ready(11, 1)).toContain('تعرض 11 جملة تصحيحاتك المعتمدة بدلًا من الترجمة الآلية.');
    expect(ready(5, 1).indexOf('تصحيحاتك')).toBeLessThan(ready(5, 1).indexOf('أُخذت جملة واحدة من ذاكرة ترجماتك.'));
    expect(ready(0, 3)).not.toContain('تصحيح');
  });
});
