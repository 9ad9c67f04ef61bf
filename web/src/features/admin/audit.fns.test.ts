import { describe, expect, it } from 'vitest';
import type { AuditAction } from '../../../../contract/admin';
import ar from '../../i18n/ar/admin.json';
import arBilling from '../../i18n/ar/billing.json';
import arContent from '../../i18n/ar/content.json';
import en from '../../i18n/en/admin.json';
import enBilling from '../../i18n/en/billing.json';
import enContent from '../../i18n/en/content.json';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { AUDIT_FIELD_LABELS, AUDIT_VALUE_LABELS, auditChangeTexts, auditChanges, auditFieldText, auditValueText, type AuditValue, type AuditWords, type CatalogKey } from './audit.fns';

const catalogs = { en: { admin: en, billing: enBilling, content: enContent }, ar: { admin: ar, billing: arBilling, content: arContent } };

/** A catalog text by its namespaced key ("billing:status.active"), as i18next finds it; undefined when there is none. */
function catalogText(language: 'en' | 'ar', key: CatalogKey): string | undefined {
  const [namespace, path] = key.split(':') as [keyof (typeof catalogs)['en'], string];
  let node: unknown = catalogs[language][namespace];
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** i18next's interpolation, enough for the audit's labels ("{{field}} in English"). */
const translator = (language: 'en' | 'ar') => (key: CatalogKey, options?: Record<string, string>) =>
  (catalogText(language, key) ?? options?.defaultValue ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => options?.[name] ?? '');

const words: Record<'en' | 'ar', AuditWords> = {
  en: { yes: en.audit.yes, no: en.audit.no, translate: (key, fallback) => translator('en')(key, { defaultValue: fallback }) },
  ar: { yes: ar.audit.yes, no: ar.audit.no, translate: (key, fallback) => translator('ar')(key, { defaultValue: fallback }) },
};

const text = (raw: string): AuditValue => ({ raw, kind: 'text' });
const number = (raw: string): AuditValue => ({ raw, kind: 'number' });
const id = (raw: string): AuditValue => ({ raw, kind: 'id' });

describe('auditChanges', () => {
  it('lists only the fields that changed, with their stored values and kinds', () => {
    expect(auditChanges({ plan_id: 1, seats: null, name: 'Nadia' }, { plan_id: 3, seats: 7, name: 'Nadia' })).toEqual([
      { field: 'plan_id', from: id('1'), to: id('3') },
      { field: 'seats', from: null, to: number('7') },
    ]);
  });

  it('shows added and removed fields, booleans and nested values', () => {
    expect(auditChanges(null, { llm_enabled: true, formats: ['docx', 'pdf'] })).toEqual([
      { field: 'llm_enabled', from: null, to: { raw: 'true', kind: 'boolean' } },
      { field: 'formats', from: null, to: { raw: '["docx","pdf"]', kind: 'json' } },
    ]);
    expect(auditChanges({ trial_days: 2 }, null)).toEqual([{ field: 'trial_days', from: number('2'), to: null }]);
  });

  it('names the fields of nested objects with dots', () => {
    expect(auditChanges({ plan: { id: 1, slug: 'free-trial', seats: null } }, { plan: { id: 3, slug: 'start-up', seats: 7 } })).toEqual([
      { field: 'plan.slug', from: text('free-trial'), to: text('start-up') },
      { field: 'plan.id', from: id('1'), to: id('3') },
      { field: 'plan.seats', from: null, to: number('7') },
    ]);
  });

  it('lists the fields in the order the audit names them, not as stored, those it does not name last by name', () => {
    // A plan grant as PostgreSQL's jsonb gives it back: its keys by length.
    const before = { plan: { id: 1, slug: 'free-trial', name_ar: 'تجربة', name_en: 'Free trial' }, subscription: { seats: null, source: null, status: null, plan_id: null, frequency: null, period_end: null } };
    const after = {
      plan: { id: 3, slug: 'start-up', name_ar: 'الشركات الناشئة', name_en: 'Start-up' },
      subscription: { seats: 7, source: 'admin', status: 'active', plan_id: 3, frequency: 'monthly', period_end: '2026-12-31T00:00:00.000Z' },
    };
    expect(auditChanges(before, after).map((change) => change.field)).toEqual([
      'plan.name_en',
      'plan.name_ar',
      'plan.slug',
      'subscription.status',
      'subscription.period_end',
      'subscription.seats',
      'subscription.frequency',
      'subscription.source',
      'plan.id',
      'subscription.plan_id',
    ]);
    // A plan's edit: its name before its price, its quotas after; unnamed fields last, by name.
    expect(auditChanges({ zeta: 1, id: 4, price: '9', alpha: 1, char_limit: 100, name_en: 'Pro' }, { zeta: 2, id: 5, price: '19', alpha: 2, char_limit: 200, name_en: 'Pro+' }).map((change) => change.field)).toEqual([
      'name_en',
      'price',
      'char_limit',
      'id',
      'alpha',
      'zeta',
    ]);
  });

  it('tells moments, days, numbers written as text and ids apart', () => {
    expect(
      auditChanges(
        { trial_ends_at: null, day: null, guest_text_quota: '20', phone: null, user_id: null, sandbox: 'false' },
        { trial_ends_at: '2026-12-29T14:05:00.000Z', day: '2026-12-29', guest_text_quota: '25000', phone: '0501234567', user_id: '1024', sandbox: 'true' },
      ),
    ).toEqual([
      { field: 'trial_ends_at', from: null, to: { raw: '2026-12-29T14:05:00.000Z', kind: 'datetime' } },
      { field: 'guest_text_quota', from: number('20'), to: number('25000') },
      { field: 'day', from: null, to: { raw: '2026-12-29', kind: 'date' } },
      { field: 'phone', from: null, to: text('0501234567') },
      { field: 'sandbox', from: { raw: 'false', kind: 'boolean' }, to: { raw: 'true', kind: 'boolean' } },
      { field: 'user_id', from: null, to: id('1024') },
    ]);
  });

  it('is empty when nothing changed', () => {
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('shows a side that is not an object as one field', () => {
    expect(auditChanges('off', ['docx'])).toEqual([{ field: 'value', from: text('off'), to: { raw: '["docx"]', kind: 'json' } }]);
  });
});

describe('auditValueText', () => {
  const read = (before: unknown, after: unknown, language: 'en' | 'ar') =>
    auditChanges(before, after).map((change) => [change.field, change.to && auditValueText(change.to, language, words[language])]);

  it('writes lists as their items, not as JSON (a plan’s features, stored as JSON text or as an array)', () => {
    const features = '[{"1": "الوصول إلى الواجهة البرمجية"}, {"2": "50 ترجمة نصية يوميًا"}]';
    expect(read({ features_ar: null, formats: null }, { features_ar: features, formats: ['docx', 'pdf'] }, 'ar')).toEqual([
      ['features_ar', 'الوصول إلى الواجهة البرمجية · 50 ترجمة نصية يوميًا'],
      ['formats', 'docx · pdf'],
    ]);
    // Text that only looks like a list stays as written.
    expect(read({ note: null }, { note: '[draft' }, 'en')).toEqual([['note', '[draft']]);
  });

  it('writes dates with the one date formatter, numbers with the one number formatter, booleans as Yes/No', () => {
    const after = { ends_at: '2026-12-29T14:05:00.000Z', day: '2026-12-29', quota: '25000', price: '9.50', chars: 1500, llm: true, off: false };
    const before = { ends_at: null, day: null, quota: null, price: null, chars: null, llm: null, off: null };
    // A plan's price first (a field the audit names), the others by their stored names.
    expect(read(before, after, 'en')).toEqual([
      ['price', '9.50'],
      ['chars', '1,500'],
      ['day', '29 December 2026'],
      ['ends_at', formatDateTime('2026-12-29T14:05:00.000Z', 'en')],
      ['llm', 'Yes'],
      ['off', 'No'],
      ['quota', '25,000'],
    ]);
    expect(read(before, after, 'ar')).toEqual([
      ['price', formatNumber(9.5, 'ar', { minimumFractionDigits: 2 })],
      ['chars', formatNumber(1500, 'ar')],
      ['day', '29 ديسمبر 2026'],
      ['ends_at', formatDateTime('2026-12-29T14:05:00.000Z', 'ar')],
      ['llm', 'نعم'],
      ['off', 'لا'],
      ['quota', formatNumber(25000, 'ar')],
    ]);
    // Never the stored ISO text, and Western digits in Arabic.
    for (const [, shown] of read(before, after, 'ar')) expect(shown).not.toMatch(/T\d{2}:|[\u0660-\u0669]|true|false/);
  });

  it('writes two sides that would read alike (the same minute) as stored, never "X → X"', () => {
    const [renewed] = auditChanges({ period_end: '2026-12-29T07:54:10.000Z' }, { period_end: '2026-12-29T07:54:40.000Z' });
    expect(auditChangeTexts(renewed!, 'en', words.en)).toEqual({ from: '2026-12-29T07:54:10.000Z', to: '2026-12-29T07:54:40.000Z' });
    const [extended] = auditChanges({ period_end: '2026-12-29T07:54:10.000Z' }, { period_end: '2027-01-29T07:54:10.000Z' });
    expect(auditChangeTexts(extended!, 'en', words.en)).toEqual({ from: formatDateTime('2026-12-29T07:54:10.000Z', 'en'), to: formatDateTime('2027-01-29T07:54:10.000Z', 'en') });
    const [added] = auditChanges({}, { llm: false });
    expect(auditChangeTexts(added!, 'ar', words.ar)).toEqual({ from: null, to: 'لا' });
  });

  it('keeps ids, codes and texts as stored (a list: its items)', () => {
    expect(read({}, { user_id: 12345, 'plan.id': 1024, slug: 'start-up', phone: '0501234567', formats: ['docx'] }, 'ar')).toEqual([
      ['plan.id', '1024'],
      ['slug', 'start-up'],
      ['formats', 'docx'],
      ['phone', '0501234567'],
      ['user_id', '12345'],
    ]);
  });
});

// Every action the server records (its audit() takes only these) has an English label: the type check fails
// otherwise. The log showed "engines.models.check" as it is.
const labels: Record<AuditAction, string> = en.audit.actions;

describe('audit actions', () => {
  it('are labelled in English and in Arabic alike', () => {
    expect(Object.keys(ar.audit.actions).sort()).toEqual(Object.keys(labels).sort());
  });
});

describe('audit field and value names', () => {
  it('name every field the server writes by a text both catalogs have', () => {
    for (const language of ['en', 'ar'] as const) {
      for (const [field, { key }] of Object.entries(AUDIT_FIELD_LABELS)) expect(catalogText(language, key), `${language} ${field}: ${key}`).toBeTruthy();
    }
  });

  it('name a field in the page’s language, one of a pair with its language, an unknown one as stored', () => {
    expect(auditFieldText('subscription.status', translator('en'))).toBe('Subscription status');
    expect(auditFieldText('subscription.status', translator('ar'))).toBe('حالة الاشتراك');
    // Borrowed from the plan editor and the site settings page, not written twice.
    expect(auditFieldText('char_limit', translator('ar'))).toBe(arBilling.admin.quotas.char_limit);
    expect(auditFieldText('guest_text_quota', translator('en'))).toBe(en.settings.fields.guest_text_quota);
    expect(auditFieldText('name_ar', translator('en'))).toBe('Name in Arabic');
    expect(auditFieldText('plan.name_en', translator('ar'))).toBe('اسم الباقة بالإنجليزية');
    expect(auditFieldText('terms_conditions_ar', translator('ar'))).toBe('شروط الاستخدام (Markdown) بالعربية');
    expect(auditFieldText('glossary.terms', translator('ar'))).toBe('glossary.terms');
  });

  // The values each enumerated field takes (server: billing's subscription summary, the gateways, content sections).
  const VALUES: Record<string, string[]> = {
    'subscription.status': ['active', 'past_due', 'ended'],
    'subscription.frequency': ['monthly', 'yearly'],
    frequency: ['monthly'],
    'subscription.source': ['admin', 'paid'],
    payment_gateway: ['sandbox', 'stripe', 'hyperpay'],
    section: ['page', 'blog', 'case-studies'],
  };

  it('name every value of an enumerated field in both languages', () => {
    expect(Object.keys(VALUES).sort()).toEqual(Object.keys(AUDIT_VALUE_LABELS).sort());
    for (const language of ['en', 'ar'] as const) {
      for (const [field, values] of Object.entries(VALUES)) {
        for (const value of values) expect(catalogText(language, `${AUDIT_VALUE_LABELS[field]!}.${value}` as CatalogKey), `${language} ${field}=${value}`).toBeTruthy();
      }
    }
  });

  it('write a status by its name, an unknown one as stored', () => {
    const [status, source] = auditChanges({ subscription: { status: 'past_due', source: 'paid' } }, { subscription: { status: 'active', source: 'admin' } });
    expect(status).toEqual({ field: 'subscription.status', from: { raw: 'past_due', kind: 'choice', key: 'billing:status.past_due' }, to: { raw: 'active', kind: 'choice', key: 'billing:status.active' } });
    expect(auditChangeTexts(status!, 'ar', words.ar)).toEqual({ from: 'دفعة متأخرة', to: 'مفعَّلة' });
    expect(auditChangeTexts(source!, 'en', words.en)).toEqual({ from: 'Paid', to: 'Granted by an admin' });
    const [unknown] = auditChanges({ subscription: { status: 'trialing' } }, { subscription: { status: 'paused' } });
    expect(auditChangeTexts(unknown!, 'ar', words.ar)).toEqual({ from: 'trialing', to: 'paused' });
  });
});
