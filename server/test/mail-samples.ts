import { messages, type Locale } from '../src/i18n/messages';
import type { MailJob } from '../src/mail/mailer';
import { templates, type BillingMailData, type TemplateData, type TemplateName } from '../src/mail/templates';

/**
 * One or more realistic jobs of every mail Lisan sends, in the recipient's language: long names, a name in the
 * other script than the mail's, an address with a plus sign, an amount over a thousand, dates. The structural test
 * (server/src/mail/mail-structure.test.ts) and the browser test (tests/e2e/mails.test.ts) render each of them.
 *
 * The object is typed by template, so a new template does not compile until it has a sample here; billing kinds
 * are listed by the catalog (`billing.mail.<kind>.subject`), and the test fails for one without a sample.
 */
export interface MailSample {
  /** "verifyEmail", "billing invoice_paid", "billing subscription_ended (seats)". */
  label: string;
  job: MailJob;
  /** What users or admins typed (names, a team's, a plan's, an address, a file's name): isolated wherever the mail puts it. */
  typed: string[];
  /** The mail's kind for subject comparisons: one template, or one billing kind. */
  kind: string;
  /** The site's address (APP_URL) the mail is rendered with, linked in its footer: renderMail(sample.job, sample.site). */
  site: string;
}

export const SAMPLE_APP_URL = 'https://lisan.example.com';

type Samples = { [N in TemplateName]: Array<{ label?: string; data: TemplateData<N>; typed: string[] }> };

/** Every billing kind the catalog has texts for. */
export const BILLING_KINDS = [...new Set(Object.keys(messages.en).flatMap((key) => /^billing\.mail\.([a-z_]+)\.subject/.exec(key)?.[1] ?? []))];

export function mailSamples(locale: Locale, app = SAMPLE_APP_URL): MailSample[] {
  const ar = locale === 'ar';
  // The reader's own name in their language, the other person's in the other script (the case that flips words).
  const name = ar ? 'عبد الرحمن بن محمد آل سعود الهاشمي القحطاني' : 'Maximilian Alexander von Hohenzollern-Sigmaringen';
  const other = ar ? 'Maximilian von Hohenzollern' : 'ليلى أحمد';
  const email = 'layla+work@example.com';
  const newEmail = 'layla+new@example.com';
  const file = ar ? 'Quarterly Board Report – Al Noor Holding (signed) 2026-11.docx' : 'تقرير مجلس الإدارة الربعي – النسخة النهائية.docx';
  const team = ar ? 'Nadia & Co Translation Partners' : 'دار نادية للترجمة';
  const plan = { en: 'Professional Team', ar: 'الاحترافية للفرق' };
  const invoice = { number: 'INV-2026-0042', amount: '1299.00' };
  const date = '2026-12-20T00:00:00Z';
  const billing = (data: Omit<BillingMailData, 'name'>) => ({ label: `${data.kind}${data.variant ? ` (${data.variant})` : ''}`, data: { name, ...data }, typed: [name, ...(data.localized ? [plan[locale]] : [])] });
  const request = {
    reference: 'REQ-00042',
    service: 'translation',
    name,
    email,
    phone: '+971 50 123 4567',
    company: ar ? 'Al Noor Holding Company' : 'شركة النور القابضة',
    sourceLang: 'en',
    targetLang: 'ar',
    words: 13500,
    seats: 12,
    deadline: '2026-12-15',
    fileName: file,
    message: ar ? 'Please keep the formatting of the tables.' : 'يرجى الحفاظ على تنسيق الجداول.',
  } as const;

  const samples: Samples = {
    verifyEmail: [{ data: { name, url: `${app}/email/verify/12/0f8e2b7c41d9a6e3?expires=1764579600&signature=5b1f0c9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c`, expiresInMinutes: 60 }, typed: [name] }],
    resetPassword: [{ data: { name, url: `${app}/reset-password?token=abcDEF123_-xyz`, expiresInMinutes: 60 }, typed: [name] }],
    passwordChanged: [{ data: { name, resetUrl: `${app}/forgot-password` }, typed: [name] }],
    confirmEmailChange: [{ data: { name, newEmail, url: `${app}/email/change?token=abcDEF123`, expiresInMinutes: 60 }, typed: [name, newEmail] }],
    emailChangeRequested: [{ data: { name, newEmail }, typed: [name, newEmail] }],
    emailChanged: [{ data: { name, newEmail }, typed: [name, newEmail] }],
    accountDeleted: [{ data: { name }, typed: [name] }],
    billing: [
      billing({ kind: 'trial_reminder', params: { count: 3 }, dates: { date }, action: { url: `${app}/user/membership`, label: 'plans' } }),
      billing({ kind: 'trial_expired', params: {}, action: { url: `${app}/user/membership`, label: 'plans' } }),
      billing({ kind: 'invoice_paid', params: invoice, localized: { plan }, action: { url: `${app}/user/payment-management`, label: 'invoices' }, sandbox: true }),
      billing({ kind: 'payment_failed', params: { ...invoice, count: 14 }, action: { url: `${app}/user/payment-management`, label: 'pay' } }),
      billing({ kind: 'plan_downgraded', params: { number: invoice.number }, localized: { plan }, action: { url: `${app}/user/membership`, label: 'plans' } }),
      billing({ kind: 'subscription_canceled', params: {}, dates: { date }, localized: { plan }, action: { url: `${app}/user/membership`, label: 'membership' } }),
      billing({ kind: 'subscription_resumed', params: {}, dates: { date }, localized: { plan }, action: { url: `${app}/user/membership`, label: 'membership' } }),
      billing({ kind: 'subscription_ended', params: {}, localized: { plan }, action: { url: `${app}/user/membership`, label: 'plans' } }),
      billing({ kind: 'subscription_ended', params: {}, localized: { plan }, variant: 'seats', action: { url: `${app}/user/membership`, label: 'plans' } }),
      billing({ kind: 'subscription_ended', params: {}, variant: 'team', action: { url: `${app}/user/membership`, label: 'membership' } }),
    ],
    teamInvitation: [{ data: { teamName: team, inviterName: other, link: `${app}/invitation?token=abcDEF123`, days: 7 }, typed: [team, other] }],
    teamRemoved: [{ data: { name, teamName: team, removerName: other, link: `${app}/login` }, typed: [name, team, other] }],
    teamOwnership: [{ data: { name, teamName: team, previousName: other, link: `${app}/team` }, typed: [name, team, other] }],
    teamJoined: [{ data: { name, teamName: team, memberName: other, memberEmail: newEmail, roleId: 5, link: `${app}/team` }, typed: [name, team, other, newEmail] }],
    notice: [
      {
        data: {
          name,
          title: { en: 'Scheduled maintenance on 20 December 2026', ar: 'صيانة مجدولة في 20 ديسمبر 2026' },
          paragraphs: { en: ['Lisan will be unavailable for one hour.'], ar: ['لن تتوفر خدمة لسان لمدة ساعة واحدة.'] },
          action: { url: `${app}/help`, label: { en: 'Open the help centre', ar: 'فتح مركز المساعدة' } },
        },
        typed: [name],
      },
    ],
    documentReady: [
      {
        data: {
          name,
          fileName: file,
          target: ar ? 'ar' : 'en',
          url: `${app}/api/translated-file-url/?id=5f0c9e8d`,
          applied: { memorySegments: 11, memoryFuzzySegments: 3, correctionSegments: 2, termCount: 5, terms: [{ source: 'board', target: 'مجلس الإدارة' }, { source: 'holding', target: 'القابضة' }] },
        },
        typed: [name, file],
      },
    ],
    documentFailed: [{ data: { name, fileName: file, target: 'ar', url: `${app}/user/translation-history`, reason: { key: 'documents.error_too_many_pages', params: { count: 50 } } }, typed: [name, file] }],
    serviceRequestReceived: [{ data: request, typed: [name, email, file] }],
    serviceRequestOperator: [{ data: { ...request, consoleUrl: `${app}/admin/requests` }, typed: [name, email, file] }],
    contactMessageOperator: [{ data: { name, email, subject: ar ? 'Invoices' : 'الفواتير', message: ar ? 'Where is my invoice INV-2026-0042?' : 'أين فاتورتي INV-2026-0042؟', consoleUrl: `${app}/admin/requests?tab=messages` }, typed: [name, email] }],
  };

  return (Object.keys(samples) as TemplateName[]).flatMap((template) =>
    (samples[template] as Samples[TemplateName]).map((sample) => ({
      label: template === 'billing' ? `billing ${sample.label}` : template,
      kind: template === 'billing' ? `billing ${(sample.data as BillingMailData).kind}` : template,
      job: { to: email, locale, template, data: sample.data } as MailJob,
      typed: sample.typed,
      site: app,
    })),
  );
}

/** The templates the samples cover (every one: the test compares with the renderer's list). */
export const TEMPLATE_NAMES = Object.keys(templates) as TemplateName[];
