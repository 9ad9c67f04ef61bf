import { t, type Locale } from '../i18n/messages';

/**
 * E-mail templates in English and Arabic. Each returns subject, plain text and HTML;
 * the HTML sets lang and dir so Arabic mail reads right-to-left in every client.
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface NoticeData {
  name: string;
  /** Already localised by the caller, one entry per paragraph. */
  title: Record<Locale, string>;
  paragraphs: Record<Locale, string[]>;
  action?: { url: string; label: Record<Locale, string> };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The shared layout: greeting, paragraphs, an optional button, signature and footer. */
export function layout(locale: Locale, input: { name: string; title: string; paragraphs: string[]; action?: { url: string; label: string } }): RenderedMail {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const align = locale === 'ar' ? 'right' : 'left';
  const greeting = input.name ? t(locale, 'mail.greeting', { name: input.name }) : t(locale, 'mail.greeting_anonymous');
  const textParts = [greeting, '', ...input.paragraphs.flatMap((p) => [p, ''])];
  if (input.action) textParts.push(`${input.action.label}: ${input.action.url}`, '');
  textParts.push(t(locale, 'mail.signature'), '', t(locale, 'mail.footer'));
  const button = input.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(input.action.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;background:#f4f4f5;font-family:'IBM Plex Sans Arabic',Tahoma,Arial,sans-serif">
<div dir="${dir}" style="max-width:560px;margin:24px auto;background:#fff;border-radius:8px;padding:32px;text-align:${align};color:#18181b;line-height:1.6">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.title)}</h1>
<p>${escapeHtml(greeting)}</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
<p>${escapeHtml(t(locale, 'mail.signature'))}</p>
<hr style="border:none;border-top:1px solid #e4e4e7;margin:24px 0"><p style="font-size:12px;color:#71717a">${escapeHtml(t(locale, 'mail.footer'))}</p>
</div></body></html>`;
  return { subject: input.title, text: textParts.join('\n'), html };
}

export const templates = {
  /** An invitation to join a team (7-day link). */
  teamInvitation(locale: Locale, data: { teamName: string; inviterName: string; link: string; days: number }): RenderedMail {
    const params = { team: data.teamName, inviter: data.inviterName, days: data.days };
    return layout(locale, {
      name: '',
      title: t(locale, 'teams.mail_subject', params),
      paragraphs: [t(locale, 'teams.mail_body', params), t(locale, 'teams.mail_expiry', params)],
      action: { url: data.link, label: t(locale, 'teams.mail_action') },
    });
  },

  /** A general notice whose texts the sender supplies in both languages. */
  notice(locale: Locale, data: NoticeData): RenderedMail {
    return layout(locale, {
      name: data.name,
      title: data.title[locale],
      paragraphs: data.paragraphs[locale],
      action: data.action ? { url: data.action.url, label: data.action.label[locale] } : undefined,
    });
  },
};

export type TemplateName = keyof typeof templates;
export type TemplateData<N extends TemplateName> = Parameters<(typeof templates)[N]>[1];
