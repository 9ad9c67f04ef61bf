import { describe, expect, it } from 'vitest';
import type { Locale } from '../i18n/messages';
import { templates, type RenderedMail } from './templates';

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
    expect(mail.subject).toBe(locale === 'ar' ? `دعوة للانضمام إلى ${isolated(team)} في لسان` : `You are invited to join ${isolated(team)} on Lisan`);
    expect(mail.text).toContain(isolated(person));
  });

  it('removed from a team', () => {
    const mail = templates.teamRemoved(locale, { name: 'Sami', teamName: team, removerName: person, link: 'https://lisan.example/login' });
    expectIsolatedEverywhere(mail, team);
    expect(mail.subject).toBe(locale === 'ar' ? `لم تعد عضوًا في فريق ${isolated(team)} في لسان` : `You are no longer a member of ${isolated(team)} on Lisan`);
  });

  it('team handed over', () => {
    const mail = templates.teamOwnership(locale, { name: 'Sami', teamName: team, previousName: person, link: 'https://lisan.example/team' });
    expectIsolatedEverywhere(mail, team);
    expect(mail.subject).toBe(locale === 'ar' ? `أصبحت مالك فريق ${isolated(team)} في لسان` : `You are now the owner of ${isolated(team)} on Lisan`);
  });

  it("a subscription's mails: the plan's name in that language", () => {
    const plan = { en: 'Pro Team', ar: 'Pro Team' };
    const mail = templates.billing(locale, { kind: 'subscription_ended', name: 'Sami', params: {}, localized: { plan } });
    expectIsolatedEverywhere(mail, plan[locale]);
    expect(mail.subject).toBe(locale === 'ar' ? `انتهى اشتراكك في باقة ${isolated('Pro Team')}` : `Your ${isolated('Pro Team')} subscription has ended`);
    const canceled = templates.billing(locale, { kind: 'subscription_canceled', name: 'Sami', params: {}, dates: { date: '2026-08-01T00:00:00Z' }, localized: { plan: { en: 'مؤسسات', ar: 'Enterprise' } } });
    expect(canceled.subject).toContain(isolated(locale === 'ar' ? 'Enterprise' : 'مؤسسات'));
  });

  it("the contact form's sender, in the operator's mail", () => {
    const mail = templates.contactMessageOperator(locale, { name: person, email: 'nadia@example.com', subject: '', message: 'Hello', consoleUrl: 'https://lisan.example/admin/requests' });
    expect(mail.subject).toBe(locale === 'ar' ? `رسالة تواصل جديدة من ${isolated(person)}` : `New contact message from ${isolated(person)}`);
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(mail.html)![1]).toBe(mail.subject);
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
