import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Locale } from '../i18n/messages';
import { templates, type RenderedMail, type TemplateData, type TemplateName } from './templates';

/** The payload of the `mail-send` job. */
export interface MailJob<N extends TemplateName = TemplateName> {
  to: string;
  locale: Locale;
  template: N;
  data: TemplateData<N>;
}

export interface Transport {
  /** Sends one message (with this Message-ID when given); returns an id for the logs. */
  send(message: { from: string; to: string; messageId?: string } & RenderedMail): Promise<string>;
  close(): void;
}

/** SMTP through nodemailer (MAIL_URL=smtp://user:pass@host:port). */
export function smtpTransport(url: string): Transport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
      return info.messageId;
    },
    close: () => transporter.close(),
  };
}

/** Without MAIL_URL every mail is written as an .eml file under DATA_DIR/mail and logged. */
export function outboxTransport(dir: string, logger: Logger): Transport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
      return info.messageId;
    },
    close() {},
  };
}

/**
 * The security notices to an account's current address about a change of it: no link at all, not even the footer's
 * to the site (decided with the e-mail change: a notice that links nowhere cannot be imitated by one that does; it
 * says where to go instead).
 */
export const LINKLESS_TEMPLATES: ReadonlySet<MailJob['template']> = new Set<MailJob['template']>(['emailChangeRequested', 'emailChanged']);

/** The mail of a job; `site`, the site's address (APP_URL), is linked in its footer (but in LINKLESS_TEMPLATES). */
export function renderMail(job: MailJob, site?: string): RenderedMail {
  const render = templates[job.template] as (locale: Locale, data: unknown, site?: string) => RenderedMail;
  return render(job.locale, job.data, LINKLESS_TEMPLATES.has(job.template) ? undefined : site);
}

/**
 * The Message-ID of a `mail-send` job, the same for each of its attempts: `<job id@domain of
 * MAIL_FROM>`. A receiving system that keeps one copy per Message-ID shows a re-sent mail once.
 */
export function messageIdFor(jobId: string, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'lisan.local';
  return `<${jobId}@${domain}>`;
}

/** `site`: the site's address (APP_URL), linked in every mail's footer. */
export function createMailer(deps: { transport: Transport; from: string; logger: Logger; site: string }) {
  return {
    from: deps.from,
    /** Renders and sends now; the `mail-send` job calls this with the job's Message-ID. */
    async deliver(job: MailJob, options: { messageId?: string } = {}) {
      const rendered = renderMail(job, deps.site);
      const id = await deps.transport.send({ from: deps.from, to: job.to, ...(options.messageId ? { messageId: options.messageId } : {}), ...rendered });
      deps.logger.info({ to: job.to, template: job.template, messageId: id }, 'mail sent');
      return id;
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
