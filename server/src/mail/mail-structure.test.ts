import { describe, expect, it } from 'vitest';
import { isMessageKey, t, type Locale } from '../i18n/messages';
import { BILLING_KINDS, mailSamples, SAMPLE_APP_URL, TEMPLATE_NAMES, type MailSample } from '../../test/mail-samples';
import { LINKLESS_TEMPLATES, renderMail } from './mailer';
import type { RenderedMail } from './templates';

// The rules every mail Lisan sends keeps, in both languages, checked on every template (and every billing kind) with
// realistic data, so that a new mail or a new wording cannot break them: the language and direction of the HTML, a
// subject that is a sentence (not a key, not a placeholder), a preview line, values that users typed isolated, the
// same content and the same links in the plain-text part as in the HTML, one kind of digits and localised dates, a
// footer that says why the mail came, colours for dark mode, and no "undefined", "NaN" or "{{" anywhere.

const ISOLATE = /[\u2066-\u2068][^\u2066-\u2069]*\u2069/g;
const ARABIC_LETTER = /\p{Script=Arabic}/u;
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ', zwnj: '', '#847': '' };
const decode = (html: string) => html.replace(/&(amp|lt|gt|quot|#39|nbsp|zwnj|#847);/g, (_, name: string) => entities[name]!);
/** Text of an HTML fragment as a reader sees it (tags dropped, line breaks kept, entities decoded). */
const visible = (html: string) => decode(html.replace(/<br>/g, '\n').replace(/<[^>]+>/g, ''));
/** The first letter of a line outside the isolated values in it: what decides its direction (UAX #9 rules P2, P3). */
const firstStrong = (line: string) => /\p{L}/u.exec(line.replace(ISOLATE, ''))?.[0];

/** The parts of a mail's HTML the test reads. */
function parts(mail: RenderedMail) {
  const html = mail.html;
  const body = html.slice(html.indexOf('<body'));
  return {
    root: /<html lang="([a-z]+)" dir="(ltr|rtl)">/.exec(html),
    preheader: /<div class="mail-preheader"[^>]*>([^<]*)<\/div>/.exec(html)?.[1],
    heading: /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1],
    subheadings: [...body.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((m) => m[1]!),
    paragraphs: [...body.matchAll(/<p(?: [^>]*)?>(.*?)<\/p>/g)].map((m) => m[1]!),
    cells: [...body.matchAll(/<t[hd](?: [^>]*)?>([^<]*)<\/t[hd]>/g)].map((m) => m[1]!),
    button: /<td bgcolor="[^"]+"[^>]*><a href="([^"]*)"[^>]*>([^<]*)<\/a><\/td>/.exec(html),
    hrefs: [...html.matchAll(/href="([^"]*)"/g)].map((m) => decode(m[1]!)),
    footer: /<hr [^>]*><p [^>]*>([^<]*)<\/p>/.exec(html)?.[1],
    /** The paragraph after the footer: the site's name and its address, linked. */
    site: /<hr [^>]*><p [^>]*>[^<]*<\/p>\s*<p class="mail-muted"[^>]*>([^<]*)<br><a class="mail-link" href="([^"]*)" dir="ltr"[^>]*>([^<]*)<\/a><\/p>/.exec(html),
    text: visible(body.replace(/<div class="mail-preheader".*?<\/div>/, '')),
  };
}

describe('the samples', () => {
  it('cover every template the renderer has and every billing kind of the catalog', () => {
    for (const locale of ['en', 'ar'] as const) {
      const samples = mailSamples(locale);
      expect(new Set(samples.map((s) => s.job.template))).toEqual(new Set(TEMPLATE_NAMES));
      expect(new Set(samples.filter((s) => s.job.template === 'billing').map((s) => s.kind))).toEqual(new Set(BILLING_KINDS.map((kind) => `billing ${kind}`)));
    }
    expect(BILLING_KINDS.length).toBeGreaterThanOrEqual(8);
  });
});

describe.each(['en', 'ar'] as const)('every mail Lisan sends, in %s', (locale: Locale) => {
  const samples = mailSamples(locale);
  const rendered = samples.map((sample): [string, MailSample, RenderedMail] => [sample.label, sample, renderMail(sample.job, sample.site)]);
  const dir = locale === 'ar' ? 'rtl' : 'ltr';

  it.each(rendered)('%s: the language and direction of the mail, on the document and on its content', (_label, _sample, mail) => {
    const { root } = parts(mail);
    expect(root?.slice(1)).toEqual([locale, dir]);
    expect(mail.html).toContain(`<div class="mail-bg" dir="${dir}"`);
    expect(mail.html).toContain(`text-align:${locale === 'ar' ? 'right' : 'left'}`);
  });

  it.each(rendered)('%s: the subject is a sentence of the language, not a key or a placeholder, and the heading repeats it', (_label, _sample, mail) => {
    const subject = mail.subject;
    expect(subject.trim()).toBe(subject);
    expect(subject.split(/\s+/).length).toBeGreaterThanOrEqual(2);
    expect(isMessageKey(subject)).toBe(false);
    expect(subject).not.toMatch(/^[a-z_]+(\.[a-z_0-9]+)+$/);
    expect(subject).not.toMatch(/(?<![\w/]):[a-z_]{2,}/);
    // Its own words (what a user typed set aside) are in the mail's language.
    const own = subject.replace(ISOLATE, '');
    if (locale === 'ar') expect(own).toMatch(ARABIC_LETTER);
    else expect(own).not.toMatch(ARABIC_LETTER);
    expect(visible(parts(mail).heading ?? '')).toBe(subject);
  });

  it('each kind of mail has its own subject', () => {
    const byKind = new Map<string, string>();
    for (const [, sample, mail] of rendered) if (!byKind.has(sample.kind)) byKind.set(sample.kind, mail.subject.replace(ISOLATE, '…'));
    const subjects = [...byKind.values()];
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it.each(rendered)('%s: the preview line is the first paragraph, not the subject again', (_label, _sample, mail) => {
    const { preheader, paragraphs } = parts(mail);
    expect(preheader).toBeDefined();
    const preview = decode(preheader!).trim();
    expect(preview.length).toBeGreaterThan(10);
    expect(preview).not.toBe(mail.subject);
    // The greeting is the first paragraph of the body; the preview is the one after it.
    expect(visible(paragraphs[1]!)).toBe(preview);
  });

  it.each(rendered)('%s: nothing unfilled: no undefined, null, NaN, {{ }}, :placeholder or message key', (_label, _sample, mail) => {
    for (const part of [mail.subject, mail.text, parts(mail).text]) {
      expect(part).not.toMatch(/undefined|\bnull\b|NaN|\[object Object\]|\{\{|\}\}/);
      expect(part).not.toMatch(/(?<![\w/]):[a-z_]{2,}/);
      expect(part).not.toMatch(/\b(?:auth|billing|teams|documents|requests|mail|common)\.[a-z_]+(?:\.[a-z_]+)*\b(?!\w*@)/);
    }
  });

  it.each(rendered)('%s: what users typed is isolated wherever the mail puts it', (_label, sample, mail) => {
    for (const value of sample.typed) {
      for (const part of [mail.subject, mail.text, decode(mail.html)]) {
        const pieces = part.split(value);
        for (let i = 0; i < pieces.length - 1; i += 1) {
          expect(pieces[i]!.at(-1), `${value} in ${part.slice(0, 80)}`).toMatch(/[\u2066-\u2068]/);
          expect(pieces[i + 1]![0]).toBe('\u2069');
        }
      }
      // Names and addresses are written in the mail (not a typed value the sample did not need).
      expect(mail.text.includes(value) || mail.subject.includes(value), value).toBe(true);
    }
  });

  it.each(rendered)('%s: the plain-text part has what the HTML has, and the same links, each on a line of its own', (_label, sample, mail) => {
    const { subheadings, paragraphs, cells, button, hrefs, footer } = parts(mail);
    const text = mail.text;
    const linkCopy = t(locale, 'mail.link_copy');
    for (const subheading of subheadings) expect(text.split('\n')).toContain(visible(subheading));
    for (const paragraph of paragraphs) {
      for (const line of visible(paragraph).split('\n')) if (line && !line.startsWith(linkCopy)) expect(text, line).toContain(line);
    }
    for (const cell of cells) expect(text).toContain(visible(cell));
    const lines = text.split('\n');
    const textLinks = lines.filter((line) => /https?:/.test(line));
    for (const link of textLinks) expect(link).toMatch(/^https:\/\/\S+$/);
    expect(new Set(textLinks)).toEqual(new Set(hrefs));
    // No link a reader cannot open: all on the configured address (APP_URL), none on localhost.
    for (const href of hrefs) expect(href.startsWith(`${SAMPLE_APP_URL}/`), href).toBe(true);
    expect(mail.html + text).not.toMatch(/localhost|127\.0\.0\.1/);
    if (button) {
      // The button's label introduces its link in the text part; the same link is written out under the button.
      expect(lines[lines.indexOf(decode(button[1]!)) - 1]).toBe(`${decode(button[2]!)}:`);
      expect(mail.html).toContain(linkCopy);
    }
    // The footer, then the site's name and its address, each on a line of its own (the link-less notices: the footer last).
    if (LINKLESS_TEMPLATES.has(sample.job.template)) expect(lines.at(-1)).toBe(decode(footer!));
    else expect(lines.slice(-4)).toEqual([decode(footer!), '', t(locale, 'mail.site'), `${SAMPLE_APP_URL}/`]);
  });

  it.each(rendered)('%s: a notice about a change of the address links nowhere, not even to the site', (_label, sample, mail) => {
    if (LINKLESS_TEMPLATES.has(sample.job.template)) {
      expect(mail.html).not.toContain('href=');
      expect(mail.text).not.toMatch(/https?:/);
    } else {
      expect(parts(mail).site).not.toBeNull();
    }
  });

  it.each(rendered.filter(([, sample]) => !LINKLESS_TEMPLATES.has(sample.job.template)))("%s: under the footer, the site's address (APP_URL), linked and written out", (_label, _sample, mail) => {
    const site = parts(mail).site;
    expect(site, 'the site paragraph after the footer').not.toBeNull();
    const [, label, href, written] = site!;
    expect(decode(label!)).toBe(t(locale, 'mail.site'));
    expect(href).toBe(`${SAMPLE_APP_URL}/`);
    expect(written).toBe(href);
  });

  it.each(rendered)('%s: the footer says why the mail came', (_label, _sample, mail) => {
    const footer = decode(parts(mail).footer ?? '');
    expect(footer).toMatch(locale === 'ar' ? /^تصلك هذه الرسالة لأن/ : /^You receive this e-mail because/);
  });

  it.each(rendered)('%s: one kind of digits (Western, as the web app) and dates written out, never ISO', (_label, _sample, mail) => {
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(EASTERN_DIGITS);
      expect(part.replace(/https?:\S+|href="[^"]*"/g, '')).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b|T\d{2}:\d{2}/);
    }
  });

  it.each(rendered)('%s: colours for a dark-mode client, declared', (_label, _sample, mail) => {
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail.html).toMatch(/@media \(prefers-color-scheme: dark\)\{[^<]*\.mail-card\{background:#[0-9a-f]{6} !important;color:#[0-9a-f]{6} !important\}/);
    // Every coloured text in the card is either in a class the dark style recolours, or white on the button's teal.
    for (const [element] of mail.html.matchAll(/<(?:p|th|a|td|div)[^>]*style="[^"]*(?<![-\w])color:#[0-9a-f]{6}[^"]*"[^>]*>/g)) {
      expect(element, element).toMatch(/class="mail-(?:muted|link|card)"|color:#ffffff/);
    }
  });

  if (locale === 'ar') {
    it.each(rendered)('%s: the plain-text part reads right to left: each line of words starts with an Arabic letter', (_label, _sample, mail) => {
      for (const line of mail.text.split('\n')) {
        if (!line.trim() || /^https?:\/\//.test(line)) continue;
        expect(firstStrong(line), line).toMatch(ARABIC_LETTER);
      }
    });
  }
});

describe('amounts, dates and the wordings the spec fixes', () => {
  const mail = (locale: Locale, label: string) => {
    const sample = mailSamples(locale).find((s) => s.label === label)!;
    return renderMail(sample.job, sample.site);
  };

  it('an amount is written as the web app writes it, with its thousands separator, in both languages', () => {
    expect(mail('en', 'billing invoice_paid').text).toContain('We received 1,299.00 USD for invoice \u2068INV-2026-0042\u2069');
    expect(mail('ar', 'billing invoice_paid').text).toContain('استلمنا 1,299.00 دولار أمريكي عن الفاتورة \u2068INV-2026-0042\u2069');
    expect(mail('ar', 'billing payment_failed').text).toContain('تحصيل 1,299.00 دولار أمريكي');
  });

  it('a date is the day, the month by name and the year', () => {
    expect(mail('en', 'billing trial_reminder').text).toContain('ends on 20 December 2026.');
    expect(mail('ar', 'billing trial_reminder').text).toContain('في 20 ديسمبر 2026.');
    expect(mail('ar', 'serviceRequestReceived').text).toContain('الموعد النهائي: \u206815 ديسمبر 2026\u2069');
  });

  it("the request mail's table has a heading of its own, in both languages", () => {
    for (const locale of ['en', 'ar'] as const) {
      const received = mail(locale, 'serviceRequestReceived');
      const heading = t(locale, 'requests.mail.summary');
      expect(received.html).toMatch(new RegExp(`<h2 style="[^"]*font-size:17px[^"]*">${heading}</h2><table`));
      expect(received.html).not.toContain(`<p>${heading}</p>`);
      // In the text part, the heading stands over the rows.
      expect(received.text).toContain(`${heading}\n${t(locale, 'requests.field.service')}: `);
    }
  });

  it("keeps the spec's messages (section 8) in the English mails", () => {
    expect(mail('en', 'billing trial_expired').subject).toBe('Trial period expired');
    expect(mail('en', 'billing plan_downgraded').subject).toBe('Plan downgraded for overdue invoice');
    expect(mail('en', 'billing payment_failed').text).toContain('Your billing card seems not authorized or added, please add or change your card.');
  });

  it('the Arabic mails use the review\'s wordings (arabic-review.md G4, G13, T8, E2)', () => {
    expect(mail('ar', 'billing payment_failed').text).toContain('يبدو أنه لا توجد بطاقة دفع مضافة أو أن البنك لم يوافق عليها. يُرجى إضافة بطاقة أو تغييرها.');
    expect(mail('ar', 'teamInvitation').text).toContain('تلقيت دعوة من \u2068Maximilian von Hohenzollern\u2069 للانضمام');
    expect(mail('ar', 'verifyEmail').text).toContain('لتبدأ فترتك التجريبية المجانية لمدة 7 أيام.');
    expect(mail('ar', 'verifyEmail').text).toContain('مع أطيب التحيات،\nفريق لسان');
  });
});
