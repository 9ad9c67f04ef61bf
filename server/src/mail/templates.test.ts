import { describe, expect, it } from 'vitest';
import { messages, type Locale } from '../i18n/messages';
import { templates, type BillingMailData, type RenderedMail } from './templates';

// A name a user or an admin typed (a team's, an inviter's, a plan's, a contact form sender's) is
// wrapped in first-strong isolates wherever a mail puts it: in the subject and the HTML heading
// as in the body. Without them a Latin name in an Arabic subject (or an Arabic one in an English
// subject) pulls the words and punctuation beside it to its own side.

const FSI = '\u2068';
const PDI = '\u2069';
const isolated = (name: string) => `${FSI}${name}${PDI}`;

/** The name in the other script than the mail's language: the case that flips the words around it. */
const foreign = (locale: Locale, latin: string, arabic: string) => (locale === 'ar' ? latin : arabic);

/** The subject, the HTML's title and heading, and the plain text, each with the name isolated. */
function expectIsolatedEverywhere(mail: RenderedMail, name: string) {
  expect(mail.subject).toContain(isolated(name));
  expect(mail.subject.replaceAll(isolated(name), '')).not.toContain(name);
  const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(mail.html)![1]!;
  expect(heading).toBe(mail.subject.replaceAll('&', '&amp;'));
  expect(/<title>([^<]*)<\/title>/.exec(mail.html)![1]).toBe(heading);
  expect(mail.text).toContain(isolated(name));
}

describe.each(['en', 'ar'] as const)('names in e-mail subjects (%s)', (locale) => {
  const team = foreign(locale, 'Nadia & Co', 'دار نادية');
  const person = foreign(locale, 'Nadia Owner', 'نادية العلي');

  it('team invitation: the team named in the subject and heading, the inviter in the body', () => {
    const mail = templates.teamInvitation(locale, { teamName: team, inviterName: person, link: 'https://lisan.example/invitation?token=x', days: 7 });
    expectIsolatedEverywhere(mail, team);
    expect(mail.subject).toBe(locale === 'ar' ? `دعوة للانضمام إلى «${isolated(team)}» في لسان` : `You are invited to join ${isolated(team)} on Lisan`);
    expect(mail.text).toContain(isolated(person));
  });

  it('removed from a team', () => {
    const mail = templates.teamRemoved(locale, { name: 'Sami', teamName: team, removerName: person, link: 'https://lisan.example/login' });
    expectIsolatedEverywhere(mail, team);
    expect(mail.subject).toBe(locale === 'ar' ? `لم تعد ضمن أعضاء «${isolated(team)}» في لسان` : `You are no longer a member of ${isolated(team)} on Lisan`);
  });

  it('team handed over', () => {
    const mail = templates.teamOwnership(locale, { name: 'Sami', teamName: team, previousName: person, link: 'https://lisan.example/team' });
    expectIsolatedEverywhere(mail, team);
    expect(mail.subject).toBe(locale === 'ar' ? `أصبحت مالك «${isolated(team)}» في لسان` : `You are now the owner of ${isolated(team)} on Lisan`);
  });

  it('a colleague joined: the member and the team named in the subject and heading, the address left to right', () => {
    const mail = templates.teamJoined(locale, { name: 'Layla', teamName: team, memberName: person, memberEmail: 'sami@example.com', roleId: 5, link: 'https://lisan.example/team' });
    expectIsolatedEverywhere(mail, team);
    expect(mail.subject).toBe(locale === 'ar' ? `انضمام ${isolated(person)} إلى «${isolated(team)}» في لسان` : `${isolated(person)} joined ${isolated(team)} on Lisan`);
    expect(mail.text).toContain('\u2066sami@example.com\u2069');
  });

  it("a subscription's mails: the plan's name in that language", () => {
    const plan = { en: 'Pro Team', ar: 'Pro Team' };
    const mail = templates.billing(locale, { kind: 'subscription_ended', name: 'Sami', params: {}, localized: { plan } });
    expectIsolatedEverywhere(mail, plan[locale]);
    expect(mail.subject).toBe(locale === 'ar' ? `انتهى اشتراكك في باقة ${isolated('Pro Team')}` : `Your ${isolated('Pro Team')} subscription has ended`);
    const canceled = templates.billing(locale, { kind: 'subscription_canceled', name: 'Sami', params: {}, dates: { date: '2026-08-01T00:00:00Z' }, localized: { plan: { en: 'مؤسسات', ar: 'Enterprise' } } });
    expect(canceled.subject).toContain(isolated(locale === 'ar' ? 'Enterprise' : 'مؤسسات'));
    // A name the admin typed as «باقة الأعمال» / "Business Plan" gets no second «باقة» / "plan" (contract/plan-names.ts).
    const named = { en: 'Business Plan', ar: 'باقة الأعمال' };
    const downgraded = templates.billing(locale, { kind: 'plan_downgraded', name: 'Sami', params: { number: 'INV-000042' }, localized: { plan: named } });
    const resumed = templates.billing(locale, { kind: 'subscription_resumed', name: 'Sami', params: {}, dates: { date: '2026-08-01T00:00:00Z' }, localized: { plan: named } });
    if (locale === 'ar') {
      expect(resumed.subject).toBe(`عاد اشتراكك في ${isolated('باقة الأعمال')} نشطًا`);
      expect(downgraded.text).toContain(`لذا خُفِّضت باقتك من ${isolated('باقة الأعمال')}.`);
    } else {
      expect(downgraded.text).toContain(`so your ${isolated('Business Plan')} was downgraded.`);
    }
    for (const mail of [downgraded, resumed]) expect(mail.text).not.toMatch(/باقة\s*\u2068باقة|Plan\u2069 plan/);
  });

  it("the contact form's sender, in the operator's mail", () => {
    const mail = templates.contactMessageOperator(locale, { name: person, email: 'nadia@example.com', subject: '', message: 'Hello', consoleUrl: 'https://lisan.example/admin/requests' });
    expect(mail.subject).toBe(locale === 'ar' ? `رسالة تواصل جديدة من ${isolated(person)}` : `New contact message from ${isolated(person)}`);
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(mail.html)![1]).toBe(mail.subject);
  });
});

/** The four team mails, with a team of this name, as the recipient reads them (subject and plain text). */
function teamMails(locale: Locale, teamName: string): Array<[string, RenderedMail]> {
  const link = 'https://lisan.example/team';
  return [
    ['teamInvitation', templates.teamInvitation(locale, { teamName, inviterName: 'Nadia Owner', link, days: 7 })],
    ['teamRemoved', templates.teamRemoved(locale, { name: 'Sami', teamName, removerName: 'Nadia Owner', link })],
    ['teamOwnership', templates.teamOwnership(locale, { name: 'Sami', teamName, previousName: 'Nadia Owner', link })],
    ['teamJoined', templates.teamJoined(locale, { name: 'Layla', teamName, memberName: 'Sami Qahtani', memberEmail: 'sami@example.com', roleId: 5, link })],
  ];
}

// A team's name is whatever its owner typed: "فريق الترجمة" starts with the word for team, "Nadia & Co" and
// "دار نادية" do not. The mails put the name alone (in Arabic between «», as the web app's invitation page does),
// never after the word فريق / "the team", so no name reads "فريق فريق الترجمة" or "the team Translation Team".
describe("a team's name in the team mails, whatever it is", () => {
  it.each(['فريق الترجمة', 'Nadia & Co', 'دار نادية'])('Arabic, a team named %s: the name alone between «», no فريق before it', (teamName) => {
    for (const [template, mail] of teamMails('ar', teamName)) {
      for (const part of [mail.subject, mail.text, mail.html.replaceAll('&amp;', '&')]) {
        expect(part, template).toContain(`«${isolated(teamName)}»`);
        expect(part.replaceAll(`«${isolated(teamName)}»`, ''), template).not.toContain(teamName);
        expect(part, template).not.toMatch(/(?:فريق|الفريق)\s*«/);
        expect(part, template).not.toContain('فريق فريق');
      }
    }
  });

  it('Arabic: the sentences read naturally for a name that starts with فريق', () => {
    const [[, invitation], [, removed], [, owner], [, joined]] = teamMails('ar', 'فريق الترجمة') as [[string, RenderedMail], [string, RenderedMail], [string, RenderedMail], [string, RenderedMail]];
    const team = `«${isolated('فريق الترجمة')}»`;
    expect(invitation.subject).toBe(`دعوة للانضمام إلى ${team} في لسان`);
    expect(invitation.text).toContain(`تلقيت دعوة من ${isolated('Nadia Owner')} للانضمام إلى ${team} في لسان، خدمة الترجمة بين الإنجليزية والعربية.`);
    expect(removed.subject).toBe(`لم تعد ضمن أعضاء ${team} في لسان`);
    expect(removed.text).toContain(`تمت إزالتك من ${team} في لسان بطلب من ${isolated('Nadia Owner')}، وسُجّل خروجك.`);
    expect(owner.subject).toBe(`أصبحت مالك ${team} في لسان`);
    expect(owner.text).toContain(`نقل ${isolated('Nadia Owner')} إليك ملكية ${team} في لسان. أصبحت الآن مالك الفريق، ويبقى ${isolated('Nadia Owner')} فيه مديرًا للحساب.`);
    expect(joined.subject).toBe(`انضمام ${isolated('Sami Qahtani')} إلى ${team} في لسان`);
    expect(joined.text).toContain(`للانضمام إلى ${team} في لسان، وأصبح لدى الفريق عضو جديد.`);
  });

  it.each(['Translation Team', 'Nadia & Co', 'دار نادية'])('English, a team named %s: the name alone, never "the team <name>"', (teamName) => {
    for (const [template, mail] of teamMails('en', teamName)) {
      for (const part of [mail.subject, mail.text]) {
        expect(part, template).toContain(isolated(teamName));
        expect(part, template).not.toMatch(/\bteam \u2068/);
      }
    }
    const [, owner] = teamMails('en', teamName)[2]!;
    expect(owner.text).toContain(`${isolated('Nadia Owner')} handed ${isolated(teamName)} over to you on Lisan. You are now the team's owner`);
  });
});

describe.each(['en', 'ar'] as const)('identifiers in e-mail subjects (%s)', (locale) => {
  it("an invoice's number is isolated, its amount and a count are left as digits", () => {
    const paid = templates.billing(locale, { kind: 'invoice_paid', name: 'Sami', params: { number: 'INV-2026-0042', amount: '29.00' } });
    expect(paid.subject).toBe(locale === 'ar' ? `دُفعت الفاتورة ${isolated('INV-2026-0042')}` : `Invoice ${isolated('INV-2026-0042')} paid`);
    expect(paid.text).toContain(isolated('INV-2026-0042'));
    expect(paid.text).toContain('29.00');
    expect(paid.text).not.toContain(isolated('29.00'));
    const failed = templates.billing(locale, { kind: 'payment_failed', name: 'Sami', params: { number: 'INV-2026-0043', amount: '29.00', count: 3 } });
    expect(failed.subject).toContain(isolated('INV-2026-0043'));
    expect(failed.text).not.toContain(isolated('3'));
  });

  it("a service request's reference is isolated in both of its subjects", () => {
    const data = { reference: 'REQ-00042', name: 'Huda', email: 'huda@example.com', service: 'translation', sourceLang: 'en', targetLang: 'ar', words: 1200, message: 'x' } as Parameters<typeof templates.serviceRequestReceived>[1];
    expect(templates.serviceRequestReceived(locale, data).subject).toBe(locale === 'ar' ? `تلقينا طلبك ${isolated('REQ-00042')}` : `We received your request ${isolated('REQ-00042')}`);
    expect(templates.serviceRequestOperator(locale, { ...data, consoleUrl: 'https://lisan.example/admin/requests' }).subject).toContain(isolated('REQ-00042'));
  });
});

/** Every mail, with realistic data: a Latin or an Arabic name, a long file name, an invoice's number and amount. */
function everyMail(locale: Locale): Array<[string, RenderedMail]> {
  const app = 'https://lisan.example';
  const name = foreign(locale, 'Layla Ahmad', 'ليلى أحمد');
  const file = 'Quarterly Board Report – Al Noor Holding Company – Final Version (signed) 2026-11.docx';
  const plan = { en: 'Pro', ar: 'الاحترافية' };
  const request = { reference: 'REQ-00042', service: 'translation', name, email: 'layla@example.com', phone: '+971 50 123 4567', company: 'Al Noor Holding', sourceLang: 'en', targetLang: 'ar', words: 3500, deadline: '2026-12-15', fileName: file, message: 'Please keep the formatting.' } as const;
  const billing = (kind: Parameters<typeof templates.billing>[1]['kind'], extra: Partial<Parameters<typeof templates.billing>[1]> = {}) =>
    templates.billing(locale, { kind, name, params: { number: 'INV-2026-0042', amount: '29.00', count: 3 }, dates: { date: '2026-12-20T00:00:00Z' }, localized: { plan }, action: { url: `${app}/user/membership`, label: 'plans' }, ...extra });
  return [
    ['verifyEmail', templates.verifyEmail(locale, { name, url: `${app}/email/verify/12/0f8e2b7c41d9a6e3?expires=1764579600&signature=5b1f0c9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c`, expiresInMinutes: 60 })],
    ['resetPassword', templates.resetPassword(locale, { name, url: `${app}/reset-password/abc`, expiresInMinutes: 60 })],
    ['passwordChanged', templates.passwordChanged(locale, { name, resetUrl: `${app}/forgot-password` })],
    ['accountDeleted', templates.accountDeleted(locale, { name })],
    ['confirmEmailChange', templates.confirmEmailChange(locale, { name, newEmail: 'layla.new@example.com', url: `${app}/email/change/abc`, expiresInMinutes: 60 })],
    ['emailChangeRequested', templates.emailChangeRequested(locale, { name, newEmail: 'layla.new@example.com' })],
    ['emailChanged', templates.emailChanged(locale, { name, newEmail: 'layla.new@example.com' })],
    ...(['trial_reminder', 'trial_expired', 'invoice_paid', 'payment_failed', 'plan_downgraded', 'subscription_canceled', 'subscription_resumed', 'subscription_ended'] as const).map((kind): [string, RenderedMail] => [kind, billing(kind, { sandbox: kind === 'invoice_paid' })]),
    ['teamInvitation', templates.teamInvitation(locale, { teamName: 'Nadia & Co', inviterName: name, link: `${app}/invitation?token=x`, days: 7 })],
    ['teamRemoved', templates.teamRemoved(locale, { name, teamName: 'دار نادية', removerName: 'Nadia Owner', link: `${app}/login` })],
    ['teamOwnership', templates.teamOwnership(locale, { name, teamName: 'Nadia & Co', previousName: 'Nadia Owner', link: `${app}/team` })],
    ['teamJoined', templates.teamJoined(locale, { name, teamName: 'دار نادية', memberName: 'Sami Qahtani', memberEmail: 'sami@example.com', roleId: 4, link: `${app}/team` })],
    ['documentReady', templates.documentReady(locale, { name, fileName: file, target: 'ar', url: `${app}/api/translated-file-url/?id=5`, applied: { memorySegments: 11, memoryFuzzySegments: 3, correctionSegments: 2, termCount: 5, terms: [{ source: 'board', target: 'مجلس الإدارة' }] } })],
    ['documentFailed', templates.documentFailed(locale, { name, fileName: file, target: 'ar', url: `${app}/history`, reason: { key: 'documents.error_too_many_pages', params: { count: 50 } } })],
    ['serviceRequestReceived', templates.serviceRequestReceived(locale, request)],
    ['serviceRequestOperator', templates.serviceRequestOperator(locale, { ...request, consoleUrl: `${app}/admin/requests` })],
    ['contactMessageOperator', templates.contactMessageOperator(locale, { name, email: 'layla@example.com', subject: 'Invoices', message: 'INV-2026-0042?', consoleUrl: `${app}/admin/requests?tab=messages` })],
  ];
}

describe.each(['en', 'ar'] as const)('every mail, as sent (%s)', (locale) => {
  it.each(everyMail(locale))('%s: no placeholder or message key left, links absolute, heading = title = subject', (_kind, mail) => {
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/(?<![\w/]):[a-z_]{2,}/); // ":name", ":count"
      expect(part).not.toMatch(/\{\{|\}\}|undefined|null|NaN/);
      expect(part).not.toMatch(/\b(?:auth|billing|teams|documents|requests|mail)\.[a-z_]+(?:\.[a-z_]+)*\b(?!\w*@)/); // a key t() did not find
    }
    for (const href of mail.html.match(/href="[^"]*"/g) ?? []) expect(href).toMatch(/^href="https:\/\//);
    const heading = /<h1[^>]*>(.*?)<\/h1>/.exec(mail.html)![1]!.replace(/<[^>]+>/g, '');
    expect(heading).toBe(escape(mail.subject));
    expect(/<title>([^<]*)<\/title>/.exec(mail.html)![1]).toBe(escape(mail.subject));
    expect(mail.html).toContain('name="viewport"');
  });

  it.each(everyMail(locale).filter(([, mail]) => mail.html.includes('href=')))('%s: the button is a coloured table cell (Outlook drops a link\'s padding)', (_kind, mail) => {
    expect(mail.html).toMatch(/<td bgcolor="#0f766e"[^>]*><a href="https:\/\/[^"]+" style="[^"]*color:#ffffff[^"]*padding:12px 20px/);
  });

  it.each(everyMail(locale).filter(([, mail]) => mail.html.includes('href=')))("%s: the button's link as text below it, once, the plain text's link", (_kind, mail) => {
    const copy = /<p class="mail-muted" style="[^"]*font-size:12px[^"]*">([^<]*)<br><a class="mail-link" href="([^"]*)" dir="ltr" style="[^"]*word-break:break-all[^"]*">([^<]*)<\/a><\/p>/.exec(mail.html);
    expect(copy, mail.html).not.toBeNull();
    const [, sentence, href, shown] = copy!;
    expect(sentence).toBe(LINK_COPY[locale]);
    expect(shown).toBe(href);
    expect(href).toBe(/<td bgcolor="#0f766e"[^>]*><a href="([^"]*)"/.exec(mail.html)![1]);
    expect(mail.html.indexOf(sentence)).toBeGreaterThan(mail.html.indexOf('bgcolor="#0f766e"'));
    expect(mail.html.split(sentence)).toHaveLength(2);
    expect(mail.html.split(`>${shown}</a>`)).toHaveLength(2);
    expect(mail.text.split('\n')).toContain(shown.replaceAll('&amp;', '&'));
  });

  it.each(everyMail(locale).filter(([, mail]) => !mail.html.includes('href=')))('%s: no button, so no line with its link', (_kind, mail) => {
    expect(mail.html).not.toContain(LINK_COPY[locale]);
    expect(mail.html).not.toContain('word-break');
  });

  it("a request's values keep their own direction without dir=\"auto\" too: each cell's value is isolated", () => {
    const mail = everyMail(locale).find(([kind]) => kind === 'serviceRequestOperator')![1];
    expect(mail.html).toContain('<td dir="auto" style="padding:6px 0;white-space:pre-line;overflow-wrap:anywhere">\u2068+971 50 123 4567\u2069</td>');
    expect(mail.html).toContain('<td dir="ltr" style="padding:6px 0;white-space:pre-line;overflow-wrap:anywhere">\u2066layla@example.com\u2069</td>');
  });

  // A file's name is isolated in the mail's direction (docs/decisions.md "Names that users type"): with its
  // own (first-strong) an Arabic name made a right-to-left run in an English mail, "عقد.txt" read "txt.عقد".
  it("a file's name is isolated in the mail's direction, its extension at the end; an address left to right", () => {
    const file = foreign(locale, 'contract.txt', 'عقد.txt');
    const open = locale === 'ar' ? '\u2067' : '\u2066';
    const request = { reference: 'REQ-00042', service: 'translation', name: 'Huda', email: 'huda@example.com', fileName: file } as Parameters<typeof templates.serviceRequestReceived>[1];
    const received = templates.serviceRequestReceived(locale, request);
    expect(received.html).toContain(`<td dir="${locale === 'ar' ? 'rtl' : 'ltr'}" style="padding:6px 0;white-space:pre-line;overflow-wrap:anywhere">${open}${file}\u2069</td>`);
    expect(received.text).toContain(`: ${open}${file}\u2069`);
    expect(received.html).toContain('<td dir="ltr" style="padding:6px 0;white-space:pre-line;overflow-wrap:anywhere">\u2066huda@example.com\u2069</td>');
    expect(received.html).toContain('<td dir="auto" style="padding:6px 0;white-space:pre-line;overflow-wrap:anywhere">\u2068Huda\u2069</td>');
    for (const mail of [templates.documentReady(locale, { name: 'Sami', fileName: file, target: 'ar', url: 'https://lisan.example/x' }), templates.documentFailed(locale, { name: 'Sami', fileName: file, target: 'ar', url: 'https://lisan.example/x' })]) {
      expect(mail.text).toContain(`${open}${file}\u2069`);
      expect(mail.html).toContain(`${open}${file}\u2069`);
      expect(mail.text).not.toContain(isolated(file));
    }
    const changed = templates.emailChanged(locale, { name: 'Sami', newEmail: 'sami.new@example.com' });
    expect(changed.text).toContain('\u2066sami.new@example.com\u2069');
  });

  it("an invoice's number is not broken at its hyphens on a phone; a long file name may wrap", () => {
    const mail = templates.billing(locale, { kind: 'payment_failed', name: 'Sami', params: { number: 'INV-2026-0042', amount: '29.00', count: 3 } });
    const body = /<p>([^\n]*INV-2026-0042[^\n]*)<\/p>/.exec(mail.html)![1]!;
    expect(body).toContain(`<span style="white-space:nowrap">${isolated('INV-2026-0042')}</span>`);
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(mail.html)![1]).toContain(`<span style="white-space:nowrap">${isolated('INV-2026-0042')}</span>`);
    expect(mail.text).not.toContain('white-space');
    const ready = templates.documentReady(locale, { name: 'Sami', fileName: 'Quarterly Board Report – Al Noor Holding Company – Final Version (signed) 2026-11.docx', target: 'ar', url: 'https://lisan.example/x' });
    expect(ready.html).not.toContain('nowrap');
  });

  it("a failed document's reason ends its sentence with a full stop, whatever the reason's own text", () => {
    const failed = templates.documentFailed(locale, { name: 'Sami', fileName: 'a.docx', target: 'ar', url: 'https://lisan.example/history' }); // the engine's legacy message has no stop
    const sentence = failed.text.split('\n').find((line) => line.includes('a.docx'))!;
    expect(sentence).toMatch(/\.$/);
    expect(sentence).not.toMatch(/\.\.$/);
    const encrypted = templates.documentFailed(locale, { name: 'Sami', fileName: 'a.docx', target: 'ar', url: 'https://lisan.example/history', reason: { key: 'documents.error_encrypted' } });
    expect(encrypted.text.split('\n').find((line) => line.includes('a.docx'))).not.toMatch(/\.\.$/);
  });

  it("buttons say where they lead: the contact messages, the membership page of a subscription that goes on", () => {
    const contact = templates.contactMessageOperator(locale, { name: 'Huda', email: 'huda@example.com', subject: '', message: 'Hi', consoleUrl: 'https://lisan.example/admin/requests?tab=messages' });
    expect(contact.text).toContain(locale === 'ar' ? 'فتح رسائل التواصل:' : 'Open the contact messages:');
    const resumed = templates.billing(locale, { kind: 'subscription_resumed', name: 'Sami', params: {}, dates: { date: '2026-12-20T00:00:00Z' }, localized: { plan: { en: 'Pro', ar: 'الاحترافية' } }, action: { url: 'https://lisan.example/user/membership', label: 'membership' } });
    expect(resumed.text).toContain(locale === 'ar' ? 'فتح صفحة العضوية:' : 'Open the membership page:');
  });
});

const escape = (value: string) => value.replaceAll('&', '&amp;');

const LINK_COPY = { en: 'If the button does not work, copy this link into your browser:', ar: 'إذا لم يعمل الزر، فانسخ هذا الرابط والصقه في متصفحك:' };

// A billing mail whose invoice has no plan (its plan deleted since, or a line that is no plan) has
// no name to put in "your :plan plan": the texts that name the plan have their own wording.

/** The holes an empty plan name leaves: "()", "your  plan", "باقة .", a subject ending "في باقة ", an empty isolate. */
function planHoles(part: string): string[] {
  return [/\(\s*\)/, / {2}/, /\s[.,،:;)]/, /[^\S\n]$/m, /\u2068\s*\u2069/].filter((hole) => hole.test(part)).map(String);
}

describe.each(['en', 'ar'] as const)('billing mails without a plan (%s)', (locale) => {
  const app = 'https://lisan.example';
  const all: Array<[string, Omit<BillingMailData, 'name' | 'localized'>]> = [
    ['trial_reminder', { kind: 'trial_reminder', params: { count: 3 }, dates: { date: '2026-12-20T00:00:00Z' }, action: { url: `${app}/user/membership`, label: 'plans' } }],
    ['trial_expired', { kind: 'trial_expired', params: {}, action: { url: `${app}/user/membership`, label: 'plans' } }],
    ['invoice_paid', { kind: 'invoice_paid', params: { number: 'INV-2026-0042', amount: '29.00' }, action: { url: `${app}/user/payment-management`, label: 'invoices' } }],
    ['payment_failed', { kind: 'payment_failed', params: { number: 'INV-2026-0042', amount: '29.00', count: 14 }, action: { url: `${app}/user/payment-management`, label: 'pay' } }],
    ['plan_downgraded', { kind: 'plan_downgraded', params: { number: 'INV-2026-0042' }, action: { url: `${app}/user/membership`, label: 'plans' } }],
    ['subscription_canceled', { kind: 'subscription_canceled', params: {}, dates: { date: '2026-12-20T00:00:00Z' }, action: { url: `${app}/user/membership`, label: 'membership' } }],
    ['subscription_resumed', { kind: 'subscription_resumed', params: {}, dates: { date: '2026-12-20T00:00:00Z' }, action: { url: `${app}/user/membership`, label: 'membership' } }],
    ['subscription_ended', { kind: 'subscription_ended', params: {}, action: { url: `${app}/user/membership`, label: 'plans' } }],
    ['subscription_ended (seats)', { kind: 'subscription_ended', params: {}, variant: 'seats', action: { url: `${app}/user/membership`, label: 'plans' } }],
    ['subscription_ended (team)', { kind: 'subscription_ended', params: {}, variant: 'team', action: { url: `${app}/user/membership`, label: 'membership' } }],
  ];

  it.each(all)('%s reads whole, with no plan and with the empty name of a mail queued earlier', (_kind, data) => {
    for (const localized of [undefined, { plan: { en: '', ar: '' } }]) {
      const mail = templates.billing(locale, { ...data, name: 'Sami', ...(localized ? { localized } : {}) });
      for (const part of [mail.subject, mail.text, mail.html.replace(/<br>/g, '\n').replace(/<[^>]+>/g, '')]) {
        expect(planHoles(part), part).toEqual([]);
        expect(part).not.toMatch(/:[a-z_]{2,}\b(?!\/\/)/);
      }
    }
  });

  it('says "your subscription" / «اشتراكك» where the plan would be named', () => {
    const mail = (kind: BillingMailData['kind'], extra: Partial<BillingMailData> = {}) => templates.billing(locale, { kind, name: 'Sami', params: { number: 'INV-2026-0042', amount: '29.00' }, dates: { date: '2026-12-20T00:00:00Z' }, ...extra });
    const ar = locale === 'ar';
    expect(mail('subscription_canceled').subject).toBe(ar ? 'أُلغي اشتراكك' : 'Your subscription is canceled');
    expect(mail('subscription_resumed').subject).toBe(ar ? 'عاد اشتراكك نشطًا' : 'Your subscription is active again');
    expect(mail('subscription_ended').subject).toBe(ar ? 'انتهى اشتراكك' : 'Your subscription has ended');
    expect(mail('subscription_resumed').text).toContain(ar ? 'سيتجدد اشتراكك في 20 ديسمبر 2026 كما كان.' : 'Your subscription will renew on 20 December 2026 as before.');
    expect(mail('invoice_paid').text).toContain(ar ? 'استلمنا 29.00 دولار أمريكي عن الفاتورة \u2068INV-2026-0042\u2069. يمكنك' : 'We received 29.00 USD for invoice \u2068INV-2026-0042\u2069. You can');
    expect(mail('plan_downgraded').text).toContain(ar ? 'لذا خُفِّضت باقتك. يمكنك' : 'so your plan was downgraded. Subscribe');
    // With a plan, the plan is named as before.
    const named = mail('invoice_paid', { localized: { plan: { en: 'Pro', ar: 'الاحترافية' } } });
    expect(named.text).toContain(ar ? '(\u2068الاحترافية\u2069)' : '(\u2068Pro\u2069)');
  });

  it('has a wording without the plan for every billing text that names it', () => {
    const naming = Object.entries(messages[locale]).filter(([key, text]) => key.startsWith('billing.mail.') && text.includes(':plan'));
    expect(naming.length).toBeGreaterThan(0);
    for (const [key] of naming) {
      const without = messages[locale][`${key}_no_plan`];
      expect(without, `${key}_no_plan`).toBeDefined();
      expect(without).not.toContain(':plan');
    }
  });
});

describe.each(['en', 'ar'] as const)("the operators' notices (%s)", (locale) => {
  it('are not signed by the team they are sent to; a mail to a user is', () => {
    const signature = locale === 'ar' ? 'فريق لسان' : 'The Lisan team';
    const closing = locale === 'ar' ? 'مع أطيب التحيات،' : 'Kind regards,';
    const contact = templates.contactMessageOperator(locale, { name: 'Huda', email: 'huda@example.com', subject: 'Prices', message: 'How much?', consoleUrl: 'https://lisan.example/admin/requests?tab=messages' });
    for (const part of [contact.text, contact.html]) {
      expect(part).not.toContain(closing);
      expect(part.split(signature).length - 1).toBeLessThanOrEqual(1); // the greeting names the team, nothing signs as it
    }
    expect(contact.text).not.toMatch(new RegExp(`${closing}\\s*${signature}`));
    const toUser = templates.verifyEmail(locale, { name: 'Sami', url: 'https://lisan.example/email/verify?x=1', expiresInMinutes: 60 });
    expect(toUser.text).toContain(`${closing}\n${signature}`);
    expect(toUser.html).toContain(closing);
  });
});
