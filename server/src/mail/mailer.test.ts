import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { createMailer, outboxTransport, renderMail, smtpTransport, type MailJob } from './mailer';

const silent = pino({ level: 'silent' });

/** A real SMTP listener on loopback collecting raw messages. */
let server: SMTPServer;
let port: number;
const received: Array<{ from: string; to: string[]; raw: string }> = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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

  it('escapes HTML in data', () => {
    const job = notice('en');
    job.data.name = '<script>x</script>';
    expect(renderMail(job).html).not.toContain('<script>x');
  });
});

describe('SMTP transport', () => {
  it('delivers through a real SMTP server with UTF-8 Arabic content', async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const mailer = createMailer({ transport, from: 'Lisan <no-reply@lisan.test>', logger: silent });
    await mailer.deliver(notice('ar', 'arabic@example.com'));
    transport.close();
    const message = received.find((m) => m.to.includes('arabic@example.com'))!;
    expect(message.from).toBe('no-reply@lisan.test');
    expect(message.raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(message.raw).toContain('Content-Type: text/html');
  });
});

describe('outbox transport', () => {
  it('writes each mail as an .eml file when MAIL_URL is not set', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-outbox-'));
    const mailer = createMailer({ transport: outboxTransport(dir, silent), from: 'Lisan <no-reply@lisan.test>', logger: silent });
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
  it('queues a mail from a service and the worker sends it over SMTP', async () => {
    const t = await createTestApp({ env: { MAIL_URL: `smtp://127.0.0.1:${port}` }, overrides: { mailTransport: smtpTransport(`smtp://127.0.0.1:${port}`) }, startQueue: true });
    try {
      const jobId = await t.container.mail.send(notice('en', 'queued@example.com'));
      expect(jobId).toBeTruthy();
      await expect.poll(() => received.some((m) => m.to.includes('queued@example.com')), { timeout: 15_000 }).toBe(true);
      await expect.poll(async () => (await t.container.queue.boss.getJobById('mail-send', jobId!))?.state, { timeout: 5_000 }).toBe('completed');
    } finally {
      await t.close();
    }
  });
});
