import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {

  SAMPLE_COUNTS,
  asciiPunctuation,
  baseKey,
  countedKeys,
  countedTextProblem,
  incompletePlurals,
  loadTerminology,
  terminologyProblems,
  unexpectedLatin,
  digitLedLatin,
  imperativeLabel,
  finalStopMismatch,
  type NounName,
} from '../../../tests/i18n/catalog-rules';
import { planFields } from '../modules/plans/schemas';
import { fieldNames } from './catalogs/fields';
import { formatNumber, isolate, messages, normalizeLocale, t, valueDirection } from './messages';

/** The noun each counted message counts (null: Arabic or English uses a label form). */
const COUNTED: Record<string, Partial<Record<'en' | 'ar', NounName | null>>> = {
  'error.too_many_requests': { en: 'second', ar: 'second' },
  'error.too_many_requests_minutes': { en: 'minute', ar: 'minute' },
  'error.too_many_requests_hours': { en: 'hour', ar: 'hour' },
  'validation.string_max': { en: 'character', ar: 'character' },
  'validation.string_min': { en: 'character', ar: 'character' },
  'analytics.too_many_events': { en: 'event', ar: 'event' },
  'analytics.range_too_long': { en: 'day', ar: 'day' },
  'dictionary.too_many_words': { en: 'word', ar: 'word' },
  'documents.error_too_many_pages': { en: 'page', ar: 'page' },
  'auth.mail.verify.expiry': { en: 'minute', ar: 'minute' },
  'auth.mail.email_change_confirm.expiry': { en: 'minute', ar: 'minute' },
  'auth.mail.reset.expiry': { en: 'minute', ar: 'minute' },
  'billing.mail.trial_reminder.subject': { en: 'day', ar: 'day' },
  'billing.mail.payment_failed.body': { en: 'day', ar: 'day' },
  'teams.seats_full': { en: 'seat', ar: null },
  'billing.seats_updated': { en: 'seat', ar: null },
  'billing.seats_change_scheduled': { en: 'seat', ar: null },
  'billing.line.subscription': { en: 'seat', ar: null },
  'billing.line.renewal': { en: 'seat', ar: null },
  'teams.mail_expiry': { en: 'day', ar: 'day' },
  'websites.import_done': { en: 'segment', ar: 'segment' },
  'documents.mail_ready_corrections': { en: 'sentence', ar: 'sentence' },
  'documents.mail_ready_memory': { en: 'sentence', ar: 'sentence' },
  'documents.mail_ready_memory_fuzzy': { en: null, ar: 'sentence' },
  'documents.mail_ready_glossary': { en: 'term', ar: 'term' },
};

/** English words used in another sense than the glossary's term. */
const TERMINOLOGY_EXCEPTIONS = new Set<string>([]);

// `:plan_title` is the `plan` param written as a plan's title (one language may say «باقة :plan_title» where the other says ":plan").
const placeholders = (text: string) => new Set((text.match(/:[a-z_]+/g) ?? []).filter((name) => name !== ':count').map((name) => (name === ':plan_title' ? ':plan' : name)));

describe('server message catalogs', () => {
  it('has every key in both languages (plural forms aside), none empty', () => {
    const en = [...new Set(Object.keys(messages.en).map(baseKey))].sort();
    const ar = [...new Set(Object.keys(messages.ar).map(baseKey))].sort();
    expect(ar).toEqual(en);
    for (const locale of ['en', 'ar'] as const) {
      for (const [key, value] of Object.entries(messages[locale])) expect(value.trim(), `${locale}:${key}`).not.toBe('');
    }
  });

  it('keeps the same placeholders in both languages', () => {
    const byBase = (locale: 'en' | 'ar') => {
      const map = new Map<string, Set<string>>();
      for (const [key, text] of Object.entries(messages[locale])) for (const name of placeholders(text)) map.set(baseKey(key), (map.get(baseKey(key)) ?? new Set()).add(name));
      return map;
    };
    const en = byBase('en');
    const ar = byBase('ar');
    for (const key of new Set([...en.keys(), ...ar.keys()])) expect([...(ar.get(key) ?? [])].sort(), key).toEqual([...(en.get(key) ?? [])].sort());
  });

  it('has every plural form of a counted message: six in Arabic, two in English', () => {
    expect(incompletePlurals('en', Object.keys(messages.en))).toEqual([]);
    expect(incompletePlurals('ar', Object.keys(messages.ar))).toEqual([]);
  });

  it('declares the noun of every counted message', () => {
    expect(countedKeys({ en: Object.keys(messages.en), ar: Object.keys(messages.ar) })).toEqual(Object.keys(COUNTED).sort());
  });

  it.each(Object.keys(COUNTED))('%s is right for 0, 1, 2, 3, 11 and 100 in both languages', (key) => {
    const problems: string[] = [];
    for (const locale of ['en', 'ar'] as const) {
      for (const count of SAMPLE_COUNTS) {
        const text = t(locale, key, { count, fuzzy: '', attribute: 'message', amount: '9.00', number: 'INV-1', remaining: 4, inviter: 'Huda', team: 'Acme', plan: 'Pro', frequency: 'monthly' });
        const problem = countedTextProblem(locale, COUNTED[key]![locale] as NounName | null, count, formatNumber(count, locale), text);
        if (problem) problems.push(`${locale} ${count}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('picks the Arabic plural form by CLDR rules and formats the number', () => {
    expect(t('ar', 'teams.mail_expiry', { count: 1 })).toBe('الدعوة صالحة لمدة يوم واحد.');
    expect(t('ar', 'teams.mail_expiry', { count: 2 })).toBe('الدعوة صالحة لمدة يومين.');
    expect(t('ar', 'teams.mail_expiry', { count: 7 })).toBe('الدعوة صالحة لمدة 7 أيام.');
    expect(t('ar', 'teams.mail_expiry', { count: 14 })).toBe('الدعوة صالحة لمدة 14 يومًا.');
    expect(t('ar', 'teams.mail_expiry', { count: 100 })).toBe('الدعوة صالحة لمدة 100 يوم.');
    expect(t('en', 'teams.mail_expiry', { count: 1 })).toBe('The invitation is valid for 1 day.');
    expect(t('en', 'validation.string_max', { attribute: 'message', count: 5000 })).toBe('The message field must not be greater than 5,000 characters.');
    expect(t('ar', 'validation.string_max', { attribute: 'message', count: 5000 })).toBe('يجب ألا يتجاوز حقل «الرسالة» 5,000 حرف.');
  });

  it('names fields in Arabic in Arabic messages, and every field of the API has an Arabic name', () => {
    expect(t('ar', 'validation.required', { attribute: 'job_title' })).toBe('حقل «المسمى الوظيفي» مطلوب.');
    expect(t('ar', 'validation.invalid', { attribute: 'events.3.type' })).toBe('حقل «النوع» غير صالح.');
    expect(t('en', 'validation.required', { attribute: 'job_title' })).toBe('The job title field is required.');
    const api = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const names = new Set<string>();
    const walk = (schema: unknown) => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as { properties?: Record<string, unknown>; items?: unknown; oneOf?: unknown[]; anyOf?: unknown[]; allOf?: unknown[] };
      for (const [name, child] of Object.entries(node.properties ?? {})) {
        names.add(name);
        walk(child);
      }
      walk(node.items);
      for (const list of [node.oneOf, node.anyOf, node.allOf]) list?.forEach(walk);
    };
    for (const operations of Object.values(api.paths)) {
      for (const operation of Object.values(operations) as Array<{ parameters?: Array<{ name: string }>; requestBody?: { content: Record<string, { schema: unknown }> } }>) {
        for (const parameter of operation.parameters ?? []) if (parameter.name) names.add(parameter.name);
        for (const content of Object.values(operation.requestBody?.content ?? {})) walk(content.schema);
      }
    }
    const missing = [...names].filter((name) => !(name in fieldNames.ar)).sort();
    expect(missing, 'fields without an Arabic name in server/src/i18n/catalogs/fields.ts').toEqual([]);
  });

  it('names every field of the admin plan form in English as the form labels it, not by its key', () => {
    for (const field of [...Object.keys(planFields), 'archived'].filter((name) => !['slug', 'archived'].includes(name))) {
      expect(fieldNames.en, `${field} has no English name in server/src/i18n/catalogs/fields.ts`).toHaveProperty(field);
    }
    expect(t('en', 'validation.required', { attribute: 'daily_text_requests' })).toBe('The text translations per day field is required.');
    expect(t('ar', 'validation.required', { attribute: 'daily_text_requests' })).toBe('حقل «الترجمات النصية يوميًا» مطلوب.');
  });

  it('uses the glossary terms of docs/terminology.md and none of the rejected variants', () => {
    const terms = loadTerminology();
    expect(terms.length).toBeGreaterThan(10);
    const problems = Object.entries(messages.ar).flatMap(([key, arabic]) => terminologyProblems(terms, key, messages.en[key], arabic, TERMINOLOGY_EXCEPTIONS));
    expect(problems).toEqual([]);
  });

  it('writes Arabic punctuation and no Latin words outside the allow-list', () => {
    const punctuation = Object.entries(messages.ar).filter(([, text]) => asciiPunctuation(text).length).map(([key, text]) => `${key}: ${text}`);
    expect(punctuation).toEqual([]);
    const latin = Object.entries(messages.ar).filter(([, text]) => unexpectedLatin(text).length).map(([key, text]) => `${key}: ${unexpectedLatin(text).join(' ')}`);
    expect(latin).toEqual([]);
  });

  it('labels commands (e-mail buttons) with the verbal noun, not the imperative', () => {
    const imperatives = Object.entries(messages.ar).filter(([, text]) => imperativeLabel(text)).map(([key, text]) => `${key}: ${text}`);
    expect(imperatives).toEqual([]);
    expect(imperativeLabel('افتح سجل ترجماتك')).toBe('افتح');
  });

  it('isolates a Latin name that starts with digits ("3-D Secure" would read "D Secure-3")', () => {
    const unisolated = Object.entries(messages.ar).filter(([, text]) => digitLedLatin(text).length).map(([key, text]) => `${key}: ${digitLedLatin(text).join(' ')}`);
    expect(unisolated).toEqual([]);
    expect(digitLedLatin('التحقق عبر 3-D Secure')).toEqual(['3-D Secure']);
  });

  it('ends a sentence with a full stop in both languages or in neither (the spec\'s own messages aside)', () => {
    const mismatched = Object.entries(messages.ar).flatMap(([key, arabic]) => {
      const english = messages.en[key] ?? messages.en[`${baseKey(key)}_other`];
      const problem = english === undefined ? null : finalStopMismatch(english, arabic);
      return problem ? [`${key}: ${problem}`] : [];
    });
    expect(mismatched).toEqual([]);
    expect(finalStopMismatch('Hand over or dissolve your team before deleting your account', 'يجب نقل ملكية فريقك أو حلّه قبل حذف حسابك.')).toMatch(/the Arabic ends a sentence/);
    expect(finalStopMismatch('Saved.', 'تم الحفظ')).toMatch(/the English ends a sentence/);
    expect(finalStopMismatch('Invite <b>:name</b>?', 'هل تريد دعوة <b>:name</b>؟')).toBeNull();
    expect(finalStopMismatch('Team usage', 'استهلاك الفريق')).toBeNull();
    expect(finalStopMismatch('Please upgrade your plan to use this feature', 'يُرجى ترقية باقتك لاستخدام هذه الميزة.')).toBeNull();
  });

  it('uses the spec wording in English', () => {
    expect(t('en', 'validation.email_format')).toBe('wrong email');
    expect(t('en', 'validation.name_required')).toBe('Name is required');
    expect(t('en', 'error.generic')).toBe('Whoops! Something went wrong.');
  });

  it('names a plan once, whether or not its admin-typed name already says it is a plan (contract/plan-names.ts)', () => {
    expect(t('ar', 'billing.subscribed', { plan: 'الهواة' })).toBe('اشتراكك في باقة الهواة مفعَّل.');
    expect(t('ar', 'billing.subscribed', { plan: 'باقة الأعمال' })).toBe('اشتراكك في باقة الأعمال مفعَّل.');
    expect(t('ar', 'billing.plan_updated', { plan: '\u2068الباقة الذهبية\u2069' })).toBe('باقتك الآن هي \u2068الباقة الذهبية\u2069.');
    expect(t('en', 'billing.line.renewal', { plan: 'Business Plan', frequency: 'monthly', count: 2 })).toBe('Business Plan renewal, monthly, 2 seats');
    expect(t('en', 'billing.line.renewal', { plan: 'Hobby', frequency: 'monthly', count: 1 })).toBe('Hobby plan renewal, monthly, 1 seat');
    // No Arabic text puts the word before a plan's name itself: each leaves it to :plan_title.
    for (const [key, text] of Object.entries(messages.ar)) expect(text, key).not.toMatch(/(باقة|باقات|الباقة|بباقة|باقتك)\s*:plans?\b(?!_)/);
    for (const [key, text] of Object.entries(messages.en)) expect(text, key).not.toMatch(/:plans?\s+plans?\b/i);
  });

  it('fills placeholders and passes literal messages through', () => {
    expect(t('en', 'error.too_many_requests', { count: 5 })).toContain('5 seconds');
    expect(t('ar', 'Some literal message')).toBe('Some literal message');
  });

  it('writes numbers and dates with Western digits in Arabic, and isolates embedded values', () => {
    expect(formatNumber(3500, 'ar')).toBe('3,500');
    // A Date param is written as the web app writes it (contract/dates.ts): day, month, year.
    expect(t('ar', 'billing.subscription_canceled', { date: new Date('2026-11-24T10:00:00Z') })).toContain('حتى 24 نوفمبر 2026،');
    expect(t('en', 'billing.subscription_canceled', { date: new Date('2026-11-24T23:30:00Z') })).toContain('until 24 November 2026;');
    expect(isolate('a@b.example')).toBe('\u2068a@b.example\u2069');
  });

  it("isolates a typed value in its kind's direction: a file's name the mail's, an address left to right, a name its own", () => {
    expect(isolate('عقد.txt', valueDirection('file', 'en'))).toBe('\u2066عقد.txt\u2069');
    expect(isolate('contract.txt', valueDirection('file', 'ar'))).toBe('\u2067contract.txt\u2069');
    for (const locale of ['en', 'ar'] as const) {
      expect(valueDirection('email', locale)).toBe('ltr');
      expect(valueDirection('url', locale)).toBe('ltr');
      expect(valueDirection('name', locale)).toBe('auto');
    }
  });

  it('maps locales as the spec says: en is English, anything else Arabic', () => {
    expect(normalizeLocale('en')).toBe('en');
    expect(normalizeLocale('en-US')).toBe('en');
    expect(normalizeLocale('ar')).toBe('ar');
    expect(normalizeLocale('fr')).toBe('ar');
    expect(normalizeLocale('')).toBeUndefined();
  });
});

