import { describe, expect, it, vi } from 'vitest';
import { renderMarkup } from '../../components/render-markup.test-support';
import { AuditTable } from './audit-table';
import type { AuditEntry } from './use-admin';

// The app's i18n start-up reads the browser's cookies: these render in one language, as renderMarkup sets it.
vi.mock('../../i18n/use-language', () => import('../../i18n/use-language.test-support'));

const entry = (action: string, target_type: string, target_id: string | null): AuditEntry => ({
  id: Math.floor(Math.random() * 1_000_000),
  actor_id: 1,
  actor_email: 'admin@example.com',
  action,
  target_type,
  target_id,
  before: null,
  after: null,
  ip: null,
  created_at: '2026-11-30T09:34:00Z',
});

const entries = [entry('user.plan.update', 'user', '12'), entry('site_settings.update', 'site_settings', null), entry('plan.update', 'plan', '3')];

/** The Target column's cells, as written. */
const targets = (html: string) => [...html.matchAll(/<td data-label="[^"]+"><bdi>([^<]*)<\/bdi><\/td>/g)].map((match) => match[1]);

describe('AuditTable', () => {
  it('names what an entry was about in Arabic, not by the stored type ("user #12")', async () => {
    const html = await renderMarkup('ar', 'admin', <AuditTable entries={entries} />);
    expect(targets(html)).toEqual(['المستخدم #12', 'إعدادات الموقع', 'الباقة #3']);
    expect(html).not.toContain('user #12');
  });

  it('and in English, a type it does not know as stored', async () => {
    const html = await renderMarkup('en', 'admin', <AuditTable entries={[...entries, entry('glossary.update', 'glossary', '7')]} />);
    expect(targets(html)).toEqual(['User #12', 'Site settings', 'Plan #3', 'glossary #7']);
  });
});

/** The Changes column's lines: each field as shown, and its title (the stored name) when it reads otherwise. */
const changeLines = (html: string) =>
  [...html.matchAll(/<li><bdi class="audit-changes__field"(?: title="([^"]*)")?>([^<]*)<\/bdi>: (.*?)<\/li>/g)].map((match) => ({ field: match[2], title: match[1], line: match[3]!.replace(/<[^>]+>/g, '') }));

const planGrant: AuditEntry = {
  ...entry('user.plan.update', 'user', '12'),
  before: { plan: { id: 1, slug: 'free-trial', name_en: 'Free trial', name_ar: 'الفترة التجريبية' }, subscription: { plan_id: 2, status: 'past_due', frequency: 'yearly', seats: 1, source: 'paid' } },
  after: { plan: { id: 3, slug: 'start-up', name_en: 'Start-up', name_ar: 'الناشئة' }, subscription: { plan_id: 3, status: 'active', frequency: 'monthly', seats: 1, source: 'admin', unknown_field: 'x' } },
};
const settingsChange: AuditEntry = { ...entry('site_settings.update', 'site_settings', null), before: { payment_gateway: 'sandbox', terms_conditions_ar: 'قديم' }, after: { payment_gateway: 'stripe', terms_conditions_ar: 'جديد' } };

describe('AuditTable changes', () => {
  it('names the changed fields and their statuses in Arabic, the stored names as titles', async () => {
    const html = await renderMarkup('ar', ['admin', 'billing', 'content'], <AuditTable entries={[planGrant, settingsChange]} />);
    const lines = changeLines(html);
    expect(lines.map((line) => line.field)).toEqual([
      'اسم الباقة بالإنجليزية',
      'اسم الباقة بالعربية',
      'معرّف الباقة',
      'حالة الاشتراك',
      'دورة الفوترة',
      'مصدر الاشتراك',
      'رقم الباقة',
      'رقم باقة الاشتراك',
      'subscription.unknown_field',
      'بوابة الدفع',
      'شروط الاستخدام (Markdown) بالعربية',
    ]);
    expect(lines.find((line) => line.field === 'حالة الاشتراك')).toEqual({ field: 'حالة الاشتراك', title: 'subscription.status', line: 'دفعة متأخرة ← مفعَّلة' });
    expect(lines.find((line) => line.field === 'دورة الفوترة')!.line).toBe('سنوي ← شهري');
    expect(lines.find((line) => line.field === 'مصدر الاشتراك')!.line).toBe('مدفوع ← ممنوح من الإدارة');
    expect(lines.find((line) => line.field === 'subscription.unknown_field')).toEqual({ field: 'subscription.unknown_field', title: undefined, line: '— ← x' });
    expect(lines.find((line) => line.field === 'بوابة الدفع')!.line).toBe('بيئة الاختبار (مدفوعات تجريبية، لا يُخصم أي مبلغ) ← Stripe (سترايب)');
    // The stored value stays at hand as the title.
    expect(html).toContain('title="past_due"');
    expect(html).not.toMatch(/>subscription\.status<|>active<|>past_due</);
  });

  it('and in English', async () => {
    const html = await renderMarkup('en', ['admin', 'billing', 'content'], <AuditTable entries={[planGrant, settingsChange]} />);
    const lines = changeLines(html);
    expect(lines.find((line) => line.title === 'subscription.status')).toEqual({ field: 'Subscription status', title: 'subscription.status', line: 'Payment overdue → Active' });
    expect(lines.find((line) => line.title === 'plan.name_ar')!.field).toBe('Plan name in Arabic');
    expect(lines.find((line) => line.title === 'subscription.source')!.line).toBe('Paid → Granted by an admin');
    expect(lines.find((line) => line.title === 'payment_gateway')).toEqual({ field: 'Payment gateway', title: 'payment_gateway', line: 'Sandbox (test payments, nothing is charged) → Stripe' });
    expect(lines.find((line) => line.title === 'terms_conditions_ar')!.field).toBe('Terms of use (Markdown) in Arabic');
  });
});
