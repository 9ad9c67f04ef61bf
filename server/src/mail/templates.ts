import { formatDate } from '../../../contract/dates';
import { formatNumber, isMessageKey, isolate, t, valueDirection, type Locale, type ValueKind } from '../i18n/messages';

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

/**
 * Escaped text of a heading or paragraph, with each short isolated value that has no space (an
 * invoice's number, a request's reference) kept on one line: on a phone an Arabic line otherwise
 * breaks "INV-2026-0042" at a hyphen, which then hangs at the wrong end ("-INV" / "2026-0042").
 * Longer values (a file name) may still wrap, or they would widen the mail past a phone's screen.
 */
const NOWRAP_MAX = 24;
const htmlText = (value: string) =>
  escapeHtml(value).replace(/[\u2066-\u2068]([^\s\u2066-\u2069]+)\u2069/g, (whole, inner: string) =>
    inner.length <= NOWRAP_MAX && /[-/.]/.test(inner) ? `<span style="white-space:nowrap">${whole}</span>` : whole,
  );

/**
 * Colours for a client in dark mode that honours the mail's own (Apple Mail, iOS, Outlook for Mac,
 * Thunderbird): a dark card with light text, muted text still readable, the link a lighter teal. The
 * button keeps its teal with white text, readable on either. Clients that darken a mail themselves
 * (Gmail, Outlook.com) ignore this and invert the light colours, which every element sets with its
 * background, so no dark text is left on a dark background.
 */
const DARK_STYLE =
  '@media (prefers-color-scheme: dark){' +
  '.mail-bg,body{background:#18181b !important}' +
  '.mail-card{background:#27272a !important;color:#f4f4f5 !important}' +
  '.mail-muted{color:#a1a1aa !important}' +
  '.mail-link{color:#5eead4 !important}' +
  '.mail-rule{border-top-color:#3f3f46 !important}' +
  ' }';

/** Invisible characters after the preheader, so a mail list's preview stops there. */
const PREHEADER_FILLER = '&#847;&zwnj;&nbsp;'.repeat(60);

/** A label and the value someone typed, with the kind that decides its direction (a name when none). */
type Detail = [label: string, value: string, kind?: ValueKind];

/** A sentence that ends in a message from elsewhere (a failure's reason) gets its full stop. */
const withFullStop = (sentence: string) => (/[.!?؟…]$/.test(sentence.trim()) ? sentence : `${sentence.trimEnd()}.`);

/**
 * The shared layout: greeting, paragraphs, an optional table of details under its own heading, an optional button
 * with its link as text below, signature and footer. `site`: the address of the site (APP_URL), linked under the
 * footer, so a reader can tell where the mail comes from and reach the site without following a link of the mail.
 */
export function layout(
  locale: Locale,
  site: string | undefined,
  input: { name: string; title: string; paragraphs: string[]; action?: { url: string; label: string }; details?: Detail[]; detailsTitle?: string; footer?: string; signed?: boolean },
): RenderedMail {
  // A notice to Lisan's own operators is not signed "The Lisan team" (it is to them, from the system).
  const signed = input.signed ?? true;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const align = locale === 'ar' ? 'right' : 'left';
  const greeting = input.name ? t(locale, 'mail.greeting', { name: isolate(input.name) }) : t(locale, 'mail.greeting_anonymous');
  const textParts = [greeting, '', ...input.paragraphs.flatMap((p) => [p, ''])];
  const footer = input.footer ?? t(locale, 'mail.footer');
  // Plain-text lines keep user values and addresses in Unicode isolates, so a Latin value
  // after an Arabic label does not pull the colon or the label's words across.
  if (input.details?.length && input.detailsTitle) textParts.push(input.detailsTitle);
  if (input.details?.length) textParts.push(...input.details.map(([label, value, kind = 'name']) => `${label}: ${isolate(value, valueDirection(kind, locale))}`), '');
  // The link goes on a line of its own (a paragraph whose first strong character is Latin is
  // left to right in every client), with nothing around it that a linkifier could swallow.
  if (input.action) textParts.push(`${input.action.label}:`, input.action.url, '');
  if (signed) textParts.push(t(locale, 'mail.closing'), t(locale, 'mail.signature'), '');
  textParts.push(footer);
  // The site's address last, on a line of its own as the button's link is.
  const siteHref = site ? `${site.replace(/\/+$/, '')}/` : '';
  if (siteHref) textParts.push('', t(locale, 'mail.site'), siteHref);
  // The details' heading: a smaller heading of the mail's own (its h1 is the subject).
  const detailsTitle = input.details?.length && input.detailsTitle ? `<h2 style="font-size:17px;line-height:1.4;margin:24px 0 0">${htmlText(input.detailsTitle)}</h2>` : '';
  // Label/value rows (a request's fields); values are the sender's own text, in the direction their
  // kind takes (a name its own, dir="auto"; a file's name the mail's; an address left to right), and in
  // Unicode isolates as in the plain text, for a client that drops the attribute (a phone number
  // in an Arabic mail would otherwise show its groups in reverse order).
  const details = input.details?.length
    ? `<table style="border-collapse:collapse;margin:16px 0;width:100%">${input.details
        .map(([label, value, kind = 'name']) => {
          const valueDir = valueDirection(kind, locale);
          return `<tr><th class="mail-muted" style="text-align:${align};padding:6px 12px;vertical-align:top;color:#52525b;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th><td dir="${valueDir}" style="padding:6px 0;white-space:pre-line;overflow-wrap:anywhere">${escapeHtml(isolate(value, valueDir))}</td></tr>`;
        })
        .join('')}</table>`
    : '';
  const href = input.action ? escapeHtml(input.action.url) : '';
  // A table cell carries the button's colour: Outlook's Word engine drops the padding and the
  // inline-block of a link, which left a thin coloured strip behind the label, hard to tap.
  const button = input.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0 12px;border-collapse:separate"><tr><td bgcolor="#0f766e" style="background:#0f766e;border-radius:6px;text-align:center"><a href="${href}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;font-weight:600">${escapeHtml(input.action.label)}</a></td></tr></table>`
    : '';
  // Below the button, its link as text, for a client that blocks or breaks the button (the plain-text
  // part has it on a line of its own). dir="ltr" isolates the address inside Arabic text, where the
  // isolate characters of names would be copied along with it; it breaks anywhere, so a long signed
  // link wraps on a phone instead of widening the mail.
  const linkCopy = input.action
    ? `<p class="mail-muted" style="font-size:12px;color:#71717a;margin:0 0 24px">${escapeHtml(t(locale, 'mail.link_copy'))}<br><a class="mail-link" href="${href}" dir="ltr" style="color:#0f766e;word-break:break-all;overflow-wrap:anywhere">${href}</a></p>`
    : '';
  // The preview a mail list shows beside the subject: the mail's first paragraph, not a repeat of the
  // subject (the heading) and the greeting. Hidden in the mail itself; the filler after it keeps a
  // client from running the heading on after a short one.
  const preheader = input.paragraphs[0] ?? '';
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(input.title)}</title>
<style>${DARK_STYLE}</style></head>
<body style="margin:0;padding:0;background:#f4f4f5">
<div class="mail-preheader" style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;color:transparent;font-size:1px;line-height:1px;mso-hide:all">${escapeHtml(preheader)}${PREHEADER_FILLER}</div>
<div class="mail-bg" dir="${dir}" style="background:#f4f4f5;padding:16px 0;font-family:'IBM Plex Sans Arabic',Tahoma,Arial,sans-serif">
<div class="mail-card" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px 24px;text-align:${align};color:#18181b;line-height:1.6;font-size:16px">
<h1 style="font-size:20px;line-height:1.4;margin:0 0 16px">${htmlText(input.title)}</h1>
<p>${escapeHtml(greeting)}</p>
${input.paragraphs.map((p) => `<p>${htmlText(p)}</p>`).join('\n')}
${detailsTitle}${details}
${button}
${linkCopy}
${signed ? `<p>${escapeHtml(t(locale, 'mail.closing'))}<br>${escapeHtml(t(locale, 'mail.signature'))}</p>` : ''}
<hr class="mail-rule" style="border:none;border-top:1px solid #e4e4e7;margin:24px 0"><p class="mail-muted" style="font-size:12px;color:#71717a">${escapeHtml(footer)}</p>
${siteHref ? `<p class="mail-muted" style="font-size:12px;color:#71717a;margin:0">${escapeHtml(t(locale, 'mail.site'))}<br><a class="mail-link" href="${escapeHtml(siteHref)}" dir="ltr" style="color:#0f766e;word-break:break-all;overflow-wrap:anywhere">${escapeHtml(siteHref)}</a></p>` : ''}
</div></div></body></html>`;
  return { subject: input.title, text: textParts.join('\n'), html };
}

/** Billing e-mails: texts from the billing catalog (billing.mail.<kind>.subject/.body). */
export interface BillingMailData {
  kind: 'trial_reminder' | 'trial_expired' | 'invoice_paid' | 'payment_failed' | 'plan_downgraded' | 'subscription_canceled' | 'subscription_resumed' | 'subscription_ended';
  name: string;
  /** Placeholder values (a numeric `count` picks the plural form); a plan's name goes in `localized`. */
  params: Record<string, string | number>;
  /** Date placeholders as ISO strings, written in the recipient's language ("24 نوفمبر 2026"). */
  dates?: Record<string, string>;
  /**
   * Placeholder values that differ per language: names (a plan's), isolated where they are put. No
   * `plan` where the mail has none to name (an invoice whose plan was deleted since, or whose line is
   * no plan): its texts then read "your subscription" (billingText).
   */
  localized?: Record<string, Record<Locale, string>>;
  /** Another wording of the body (`billing.mail.<kind>.body_<variant>`): a subscription that ended with team seats, or because its user joined a team. */
  variant?: 'seats' | 'team';
  /** The button: `membership` for a subscription that goes on (canceled or resumed), `plans` where one is to be chosen. */
  action?: { url: string; label: 'plans' | 'membership' | 'invoices' | 'pay' };
  /** The payment went through the sandbox gateway (test card): the mail says no money was charged. */
  sandbox?: boolean;
}

export interface DocumentMailData {
  name: string;
  fileName: string;
  target: Locale;
  /** Download link (ready) or the history page (failed). */
  url: string;
  /** Failure reason: a message key of the documents catalog and its parameters. */
  reason?: { key: string; params?: Record<string, string | number> };
  /** Ready: sentences answered by approved corrections, the others from translation memory (those with only their numbers changed among them), and the glossary terms applied (how many, and the first few). */
  applied?: { memorySegments: number; memoryFuzzySegments?: number; correctionSegments?: number; termCount: number; terms: Array<{ source: string; target: string }> };
}

/** Glossary terms named in a mail: "board → مجلس الإدارة, …" (the arrow and comma of the mail's language). */
const MAIL_TERMS_SHOWN = 3;
function mailTerms(locale: Locale, applied: NonNullable<DocumentMailData['applied']>): string {
  const arrow = locale === 'ar' ? '←' : '→';
  const named = applied.terms.slice(0, MAIL_TERMS_SHOWN).map((term) => `${isolate(term.source)} ${arrow} ${isolate(term.target)}`);
  if (applied.termCount > named.length) named.push('…');
  return named.join(locale === 'ar' ? '، ' : ', ');
}

/** ", including 1 with only its numbers changed": the web note's wording, nothing without fuzzy hits. */
function memoryFuzzyClause(locale: Locale, fuzzy: number): string {
  return fuzzy > 0 ? t(locale, 'documents.mail_ready_memory_fuzzy', { count: fuzzy }) : '';
}

/** What approved corrections, translation memory and the glossary did, a sentence each (none when none did anything). */
function appliedParagraphs(locale: Locale, applied: DocumentMailData['applied']): string[] {
  if (!applied) return [];
  const corrections = applied.correctionSegments ?? 0;
  return [
    ...(corrections > 0 ? [t(locale, 'documents.mail_ready_corrections', { count: corrections })] : []),
    ...(applied.memorySegments > 0 ? [t(locale, 'documents.mail_ready_memory', { count: applied.memorySegments, fuzzy: memoryFuzzyClause(locale, applied.memoryFuzzySegments ?? 0) })] : []),
    ...(applied.termCount > 0 ? [t(locale, 'documents.mail_ready_glossary', { count: applied.termCount, terms: mailTerms(locale, applied) })] : []),
  ];
}

/** Texts of the account e-mails come from the auth catalog, in the recipient's language. */
const accountMail = (locale: Locale, site: string | undefined, name: string, kind: string, paragraphs: string[], action?: { url: string; labelKey: string }, footerKey?: string) =>
  layout(locale, site, {
    name,
    title: t(locale, `auth.mail.${kind}.title`),
    paragraphs,
    action: action ? { url: action.url, label: t(locale, action.labelKey) } : undefined,
    footer: footerKey ? t(locale, footerKey) : undefined,
  });

/**
 * The catalog key of a billing mail's subject or body. A text that names the plan ("your :plan plan",
 * "invoice :number (:plan)") has a wording without it, `<key>_no_plan`, for a mail with no plan's name;
 * an empty name (a mail queued before there was that wording) counts as none.
 */
function billingText(locale: Locale, data: BillingMailData, part: string): string {
  const key = `billing.mail.${data.kind}.${part}`;
  const named = Boolean(data.localized?.plan?.[locale]?.trim());
  return !named && isMessageKey(`${key}_no_plan`) ? `${key}_no_plan` : key;
}

export const templates = {
  billing(locale: Locale, data: BillingMailData, site?: string): RenderedMail {
    // Identifiers with letters (an invoice's number) are isolated: a Latin "INV-2026-0042" in an Arabic
    // subject would otherwise take the words and punctuation beside it. Counts and amounts ("9.00") are
    // digits, which keep their place in either direction, and stay as they are.
    const params: Record<string, string | number> = Object.fromEntries(Object.entries(data.params).map(([name, value]) => [name, typeof value === 'string' && /\p{L}/u.test(value) ? isolate(value) : value]));
    // An amount comes as the invoice stores it ("1299.00"): written as the web app and the invoice write it, "1,299.00".
    if (data.params.amount !== undefined && Number.isFinite(Number(data.params.amount))) params.amount = formatNumber(Number(data.params.amount), locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Localised values are names an admin typed (a plan's): isolated in the subject and the body alike.
    for (const [name, value] of Object.entries(data.localized ?? {})) params[name] = isolate(value[locale]);
    for (const [name, value] of Object.entries(data.dates ?? {})) params[name] = formatDate(value, locale);
    return layout(locale, site, {
      name: data.name,
      title: t(locale, billingText(locale, data, 'subject'), params),
      paragraphs: [t(locale, billingText(locale, data, data.variant ? `body_${data.variant}` : 'body'), params), ...(data.sandbox ? [t(locale, 'billing.sandbox_mail_note')] : [])],
      action: data.action ? { url: data.action.url, label: t(locale, `billing.mail.action.${data.action.label}`) } : undefined,
    });
  },

  /** An invitation to join a team (7-day link). */
  teamInvitation(locale: Locale, data: { teamName: string; inviterName: string; link: string; days: number }, site?: string): RenderedMail {
    // Names are isolated in the subject (and the HTML heading, the same text) as in the body's sentences:
    // a Latin team name in an Arabic subject, or an Arabic one in an English subject, keeps the words around it in order.
    const params = { team: isolate(data.teamName), inviter: isolate(data.inviterName), count: data.days };
    return layout(locale, site, {
      name: '',
      title: t(locale, 'teams.mail_subject', params),
      paragraphs: [t(locale, 'teams.mail_body', params), t(locale, 'teams.mail_expiry', params)],
      action: { url: data.link, label: t(locale, 'teams.mail_action') },
      // The invitee may have no account: the usual "because of your Lisan account" would be untrue.
      footer: t(locale, 'teams.mail_footer'),
    });
  },

  /** A member was removed from their team: why their next sign-in finds an individual account. */
  teamRemoved(locale: Locale, data: { name: string; teamName: string; removerName: string; link: string }, site?: string): RenderedMail {
    const params = { team: isolate(data.teamName), remover: isolate(data.removerName) };
    return layout(locale, site, {
      name: data.name,
      title: t(locale, 'teams.mail_removed_subject', params),
      paragraphs: [t(locale, 'teams.mail_removed_body', params), t(locale, 'teams.mail_removed_account')],
      action: { url: data.link, label: t(locale, 'teams.mail_removed_action') },
    });
  },

  /** A team was handed over to this member: they are its owner now, and the team works under their plan. */
  teamOwnership(locale: Locale, data: { name: string; teamName: string; previousName: string; link: string }, site?: string): RenderedMail {
    const params = { team: isolate(data.teamName), previous: isolate(data.previousName) };
    return layout(locale, site, {
      name: data.name,
      title: t(locale, 'teams.mail_owner_subject', params),
      paragraphs: [t(locale, 'teams.mail_owner_body', params), t(locale, 'teams.mail_owner_plan')],
      action: { url: data.link, label: t(locale, 'teams.mail_owner_action') },
    });
  },

  /**
   * An invited colleague joined: the team's owner hears who, under which role, and that the member now counts
   * against their plan. Sent once per accepted invitation (the teams service's `once` key).
   */
  teamJoined(locale: Locale, data: { name: string; teamName: string; memberName: string; memberEmail: string; roleId: 4 | 5; link: string }, site?: string): RenderedMail {
    const params = { team: isolate(data.teamName), member: isolate(data.memberName), email: isolate(data.memberEmail, 'ltr') };
    return layout(locale, site, {
      name: data.name,
      title: t(locale, 'teams.mail_joined_subject', params),
      paragraphs: [t(locale, 'teams.mail_joined_body', params), t(locale, `teams.mail_joined_role_${data.roleId}`), t(locale, 'teams.mail_joined_plan')],
      action: { url: data.link, label: t(locale, 'teams.mail_owner_action') },
    });
  },

  /** A general notice whose texts the sender supplies in both languages. */
  notice(locale: Locale, data: NoticeData, site?: string): RenderedMail {
    return layout(locale, site, {
      name: data.name,
      title: data.title[locale],
      paragraphs: data.paragraphs[locale],
      action: data.action ? { url: data.action.url, label: data.action.label[locale] } : undefined,
    });
  },

  /** A translated document is ready to download (issue 5). */
  documentReady(locale: Locale, data: DocumentMailData, site?: string): RenderedMail {
    return layout(locale, site, {
      name: data.name,
      title: t(locale, 'documents.mail_ready_title'),
      paragraphs: [t(locale, 'documents.mail_ready_body', { file: isolate(data.fileName, valueDirection('file', locale)), language: t(locale, `documents.language_${data.target}`) }), ...appliedParagraphs(locale, data.applied)],
      action: { url: data.url, label: t(locale, 'documents.mail_ready_action') },
    });
  },

  /** A document translation failed; its quota was given back. */
  documentFailed(locale: Locale, data: DocumentMailData, site?: string): RenderedMail {
    const reason = data.reason ? t(locale, data.reason.key, data.reason.params) : t(locale, 'documents.error_engine');
    return layout(locale, site, {
      name: data.name,
      title: t(locale, 'documents.mail_failed_title'),
      // Some reasons are the product's legacy messages, which end without a full stop.
      paragraphs: [withFullStop(t(locale, 'documents.mail_failed_body', { file: isolate(data.fileName, valueDirection('file', locale)), reason })), t(locale, 'documents.mail_failed_quota')],
      action: { url: data.url, label: t(locale, 'documents.mail_failed_action') },
    });
  },

  /** To the person who ordered a professional service: what we received, in their language. */
  serviceRequestReceived(locale: Locale, data: ServiceRequestMailData, site?: string): RenderedMail {
    return layout(locale, site, {
      name: data.name,
      title: t(locale, 'requests.mail.received_title', { reference: isolate(data.reference) }),
      paragraphs: [t(locale, 'requests.mail.received_intro')],
      details: serviceRequestDetails(locale, data),
      detailsTitle: t(locale, 'requests.mail.summary'),
      footer: t(locale, 'requests.mail.footer'),
    });
  },

  /** To the operator: a new request, with a link to the admin console. */
  serviceRequestOperator(locale: Locale, data: ServiceRequestMailData & { consoleUrl: string }, site?: string): RenderedMail {
    return layout(locale, site, {
      name: t(locale, 'requests.mail.operator_name'),
      title: t(locale, 'requests.mail.operator_title', { reference: isolate(data.reference), service: t(locale, `requests.service.${data.service}`) }),
      paragraphs: [t(locale, 'requests.mail.operator_intro')],
      details: serviceRequestDetails(locale, data),
      action: { url: data.consoleUrl, label: t(locale, 'requests.mail.open_console') },
      footer: t(locale, 'requests.mail.operator_footer'),
      signed: false,
    });
  },

  /** To the operator: a message from the contact form. */
  contactMessageOperator(locale: Locale, data: { name: string; email: string; subject: string; message: string; consoleUrl: string }, site?: string): RenderedMail {
    const details: Detail[] = [
      [t(locale, 'requests.field.name'), data.name],
      [t(locale, 'requests.field.email'), data.email, 'email'],
    ];
    if (data.subject) details.push([t(locale, 'requests.field.subject'), data.subject]);
    details.push([t(locale, 'requests.field.message'), data.message]);
    return layout(locale, site, {
      name: t(locale, 'requests.mail.operator_name'),
      title: t(locale, 'requests.mail.contact_title', { name: isolate(data.name) }),
      paragraphs: [t(locale, 'requests.mail.contact_intro')],
      details,
      // The link opens the console's contact messages tab, not its requests.
      action: { url: data.consoleUrl, label: t(locale, 'requests.mail.open_messages') },
      footer: t(locale, 'requests.mail.operator_footer'),
      signed: false,
    });
  },

  /** The signed link that verifies a new account's address. */
  verifyEmail(locale: Locale, data: { name: string; url: string; expiresInMinutes: number }, site?: string): RenderedMail {
    const minutes = data.expiresInMinutes;
    return accountMail(locale, site, data.name, 'verify', [t(locale, 'auth.mail.verify.intro'), t(locale, 'auth.mail.verify.expiry', { count: minutes })], {
      url: data.url,
      labelKey: 'auth.mail.verify.action',
    });
  },

  /** The single-use password reset link. */
  resetPassword(locale: Locale, data: { name: string; url: string; expiresInMinutes: number }, site?: string): RenderedMail {
    const minutes = data.expiresInMinutes;
    return accountMail(locale, site, data.name, 'reset', [t(locale, 'auth.mail.reset.intro'), t(locale, 'auth.mail.reset.expiry', { count: minutes })], {
      url: data.url,
      labelKey: 'auth.mail.reset.action',
    });
  },

  /** Sent after a password change or reset, with a way back in for the real owner. */
  passwordChanged(locale: Locale, data: { name: string; resetUrl: string }, site?: string): RenderedMail {
    return accountMail(
      locale,
      site,
      data.name,
      'password_changed',
      [t(locale, 'auth.mail.password_changed.intro'), t(locale, 'auth.mail.password_changed.warning')],
      { url: data.resetUrl, labelKey: 'auth.mail.reset.action' },
    );
  },

  /** To the new address of an e-mail change: the single-use link that makes the change. */
  confirmEmailChange(locale: Locale, data: { name: string; newEmail: string; url: string; expiresInMinutes: number }, site?: string): RenderedMail {
    return accountMail(
      locale,
      site,
      data.name,
      'email_change_confirm',
      [t(locale, 'auth.mail.email_change_confirm.intro', { email: isolate(data.newEmail, valueDirection('email', locale)) }), t(locale, 'auth.mail.email_change_confirm.expiry', { count: data.expiresInMinutes })],
      { url: data.url, labelKey: 'auth.mail.email_change_confirm.action' },
    );
  },

  /** To the current address when a change is asked for: a notice, with no link that changes anything. */
  emailChangeRequested(locale: Locale, data: { name: string; newEmail: string }, site?: string): RenderedMail {
    return accountMail(locale, site, data.name, 'email_change_requested', [
      t(locale, 'auth.mail.email_change_requested.intro', { email: isolate(data.newEmail, valueDirection('email', locale)) }),
      t(locale, 'auth.mail.email_change_requested.warning'),
    ]);
  },

  /** To the old address once the change is made. */
  emailChanged(locale: Locale, data: { name: string; newEmail: string }, site?: string): RenderedMail {
    return accountMail(locale, site, data.name, 'email_changed', [
      t(locale, 'auth.mail.email_changed.intro', { email: isolate(data.newEmail, valueDirection('email', locale)) }),
      t(locale, 'auth.mail.email_changed.warning'),
    ]);
  },

  /** The last e-mail of a deleted account. */
  accountDeleted(locale: Locale, data: { name: string }, site?: string): RenderedMail {
    // The account is gone: the footer says why this mail came, not "because of your Lisan account".
    return accountMail(locale, site, data.name, 'account_deleted', [t(locale, 'auth.mail.account_deleted.intro'), t(locale, 'auth.mail.account_deleted.outro')], undefined, 'auth.mail.account_deleted.footer');
  },
};

export interface ServiceRequestMailData {
  reference: string;
  service: 'translation' | 'proofreading' | 'editing' | 'quotation';
  name: string;
  email: string;
  phone?: string | null;
  company?: string | null;
  sourceLang?: string | null;
  targetLang?: string | null;
  words?: number | null;
  seats?: number | null;
  deadline?: string | null;
  fileName?: string | null;
  message?: string;
}

function serviceRequestDetails(locale: Locale, data: ServiceRequestMailData): Detail[] {
  const lang = (code: string | null | undefined) => (code ? t(locale, `requests.lang.${code}`) : '');
  const rows: Array<[string, string | null | undefined, ValueKind?]> = [
    [t(locale, 'requests.field.service'), t(locale, `requests.service.${data.service}`)],
    [t(locale, 'requests.field.languages'), [lang(data.sourceLang), lang(data.targetLang)].filter(Boolean).join(locale === 'ar' ? ' ← ' : ' → ')],
    [t(locale, 'requests.field.words'), data.words ? formatNumber(data.words, locale) : null],
    [t(locale, 'requests.field.seats'), data.seats ? formatNumber(data.seats, locale) : null],
    [t(locale, 'requests.field.file'), data.fileName, 'file'],
    [t(locale, 'requests.field.deadline'), data.deadline ? formatDate(data.deadline, locale) : null],
    [t(locale, 'requests.field.name'), data.name],
    [t(locale, 'requests.field.email'), data.email, 'email'],
    [t(locale, 'requests.field.phone'), data.phone],
    [t(locale, 'requests.field.company'), data.company],
    [t(locale, 'requests.field.message'), data.message],
  ];
  return rows.filter((row): row is Detail => Boolean(row[1]));
}

export type TemplateName = keyof typeof templates;
export type TemplateData<N extends TemplateName> = Parameters<(typeof templates)[N]>[1];
