import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createTestApp, memoryTransport, type TestApp } from '../../test/harness';
import { startSmtpStandIn, type SmtpStandIn } from '../../test/stand-ins/smtp';
import { sendMailOnce } from './jobs';
import { createMailer, messageIdFor, outboxTransport, renderMail, smtpTransport, type MailJob } from './mailer';
import { createMailDeliveriesRepo } from './repo';

const silent = pino({ level: 'silent' });

/** A real SMTP listener on loopback (the shared stand-in) collecting raw messages. */
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
});

afterAll(() => smtp.close());

const notice = (locale: 'en' | 'ar', to = 'reader@example.com'): MailJob<'notice'> => ({
  to,
  locale,
  template: 'notice',
  data: {
    name: 'Mona',
    title: { en: 'Your document is ready', ar: 'مستندك جاهز' },
    paragraphs: { en: ['It was translated.'], ar: ['تمت ترجمته.'] },
    action: { url: 'https://lisan.example/user/translation-history', label: { en: 'Open history', ar: 'افتح السجل' } },
  },
});

describe('mail templates', () => {
  it('renders English left to right and Arabic right to left', () => {
    const en = renderMail(notice('en'));
    expect(en.subject).toBe('Your document is ready');
    expect(en.html).toContain('dir="ltr"');
    expect(en.text).toContain('Hello \u2068Mona\u2069,');
    expect(en.text).toContain('Open history:\nhttps://lisan.example/user/translation-history\n');
    const ar = renderMail(notice('ar'));
    expect(ar.subject).toBe('مستندك جاهز');
    expect(ar.html).toContain('lang="ar" dir="rtl"');
    // The Latin name is isolated, so the Arabic comma stays after it in plain-text clients.
    expect(ar.text).toContain('مرحبًا \u2068Mona\u2069،');
    expect(ar.text).toContain('مع أطيب التحيات،\nفريق لسان');
  });

  // The usual footer, "because of your Lisan account", is untrue for an invitee without an account and after deletion.
  it('says why an invitation and the account-deleted mail came, without an account to point to', () => {
    const invitation = (locale: 'en' | 'ar') =>
      renderMail({ to: 'new@example.com', locale, template: 'teamInvitation', data: { teamName: 'Acme', inviterName: 'Mona', link: 'https://lisan.example/invitation?token=x', days: 7 } }).text;
    const deleted = (locale: 'en' | 'ar') => renderMail({ to: 'gone@example.com', locale, template: 'accountDeleted', data: { name: 'Mona' } }).text;
    expect(invitation('en')).toContain('You receive this e-mail because a Lisan user invited this address to their team. If you do not expect it, ignore it.');
    expect(invitation('ar')).toContain('تصلك هذه الرسالة لأن أحد مستخدمي لسان دعا هذا العنوان للانضمام إلى فريقه. إن لم تكن تتوقعها، فتجاهلها.');
    expect(deleted('en')).toContain('You receive this e-mail because your Lisan account was deleted.');
    expect(deleted('ar')).toContain('تصلك هذه الرسالة لأن حسابك في لسان قد حُذف.');
    for (const text of [invitation('en'), invitation('ar'), deleted('en'), deleted('ar')]) expect(text).not.toMatch(/because of your Lisan account|لأن لديك حسابًا/);
  });

  it('escapes HTML in data', () => {
    const job = notice('en');
    job.data.name = '<script>x</script>';
    expect(renderMail(job).html).not.toContain('<script>x');
  });
});

describe('SMTP transport', () => {
  it('delivers through a real SMTP server with UTF-8 Arabic content', async () => {
    const transport = smtpTransport(smtp.url);
    const mailer = createMailer({ transport, from: 'Lisan <no-reply@lisan.test>', logger: silent, site: 'https://lisan.example' });
    await mailer.deliver(notice('ar', 'arabic@example.com'));
    transport.close();
    const message = smtp.delivered.find((m) => m.to.includes('arabic@example.com'))!;
    expect(message.from).toBe('no-reply@lisan.test');
    expect(message.raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(message.raw).toContain('Content-Type: text/html');
    // The footer links the site the mailer was given.
    expect(message.text).toContain('لسان، خدمة الترجمة بين الإنجليزية والعربية:\nhttps://lisan.example/');
  });
});

describe('outbox transport', () => {
  it('writes each mail as an .eml file when MAIL_URL is not set', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-outbox-'));
    const mailer = createMailer({ transport: outboxTransport(dir, silent), from: 'Lisan <no-reply@lisan.test>', logger: silent, site: 'https://lisan.example' });
    await mailer.deliver(notice('en', 'outbox@example.com'));
    const files = await fs.readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await fs.readFile(path.join(dir, files[0]!), 'utf8');
    expect(raw).toContain('To: outbox@example.com');
    expect(raw).toContain('Subject: Your document is ready');
    await fs.rm(dir, { recursive: true });
  });
});

describe('mail job, end to end', () => {
  // The app is built in the hook, so the test times the mail's own way only: queued, sent over SMTP,
  // completed (under a second). Built in the test, it ran past the test's 30 s on a loaded host: the
  // first database of a test file started PGlite's initdb and ran every migration (10 to 30 s there),
  // which it now loads as a dump (server/test/database.ts).
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_URL: smtp.url, APP_URL: 'https://lisan.example.org' }, overrides: { mailTransport: smtpTransport(smtp.url) }, startQueue: true });
  });
  afterAll(() => t.close());

  it('queues a mail from a service and the worker sends it over SMTP', async () => {
    const jobId = await t.container.mail.send(notice('en', 'queued@example.com'));
    expect(jobId).toBeTruthy();
    await expect.poll(() => smtp.delivered.some((m) => m.to.includes('queued@example.com')), { timeout: 15_000 }).toBe(true);
    // The worker's mailer links the site at APP_URL in the footer.
    expect(smtp.delivered.find((m) => m.to.includes('queued@example.com'))!.text).toMatch(/\nhttps:\/\/lisan\.example\.org\/\s*$/);
    await expect.poll(async () => (await t.container.queue.boss.getJobById('mail-send', jobId!))?.state, { timeout: 5_000 }).toBe('completed');
  });
});

describe('mail-send job runs: at most one delivery per job, as far as the database can tell', () => {
  const from = 'Lisan <no-reply@lisan.test>';
  // A database of its own for each test, opened in the hook (the first one a file opens builds the template).
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase();
  });
  afterEach(() => test.drop());

  function setUp(transport = memoryTransport()) {
    const deliveries = createMailDeliveriesRepo(test.database.db);
    const deps = { mailer: createMailer({ transport, from, logger: silent, site: 'https://lisan.example' }), deliveries, logger: silent, now: () => new Date() };
    return { deliveries, deps, transport };
  }

  it('a run of a job whose mail the server already accepted sends nothing (the process died before the job completed)', async () => {
    const { deps, transport } = setUp();
    const jobId = randomUUID();
    await sendMailOnce(deps, notice('en', 'once@example.com'), jobId);
    await sendMailOnce(deps, notice('en', 'once@example.com'), jobId);
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({ to: 'once@example.com', messageId: `<${jobId}@lisan.test>` });
    // Another job with the same content is another mail.
    await sendMailOnce(deps, notice('en', 'once@example.com'), randomUUID());
    expect(transport.sent).toHaveLength(2);
  });

  it('a run after an attempt that did not finish sends again, with the same Message-ID', async () => {
    const memory = memoryTransport();
    let failNext = true;
    const flaky = {
      ...memory,
      async send(message: Parameters<typeof memory.send>[0]) {
        memory.sent.push(message);
        if (failNext) {
          failNext = false;
          throw new Error('Connection closed unexpectedly'); // after DATA: the server may have kept it
        }
        return 'ok';
      },
    };
    const { deps, deliveries } = setUp(flaky);
    const jobId = randomUUID();
    await expect(sendMailOnce(deps, notice('ar', 'retry@example.com'), jobId)).rejects.toThrow('Connection closed');
    await sendMailOnce(deps, notice('ar', 'retry@example.com'), jobId);
    expect(memory.sent.map((message) => message.messageId)).toEqual([messageIdFor(jobId, from), messageIdFor(jobId, from)]);
    await sendMailOnce(deps, notice('ar', 'retry@example.com'), jobId);
    expect(memory.sent).toHaveLength(2);
    const row = await test.database.db.selectFrom('mail_deliveries').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 3, message_id: `<${jobId}@lisan.test>`, sent_at: expect.any(Date) });
    expect(await deliveries.purgeBefore(new Date(Date.now() + 1000))).toBe(1);
  });
});
