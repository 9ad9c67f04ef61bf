import { describe, expect, it } from 'vitest';
import type { AuditAction } from '../../../../contract/admin';
import ar from '../../i18n/ar/admin.json';
import en from '../../i18n/en/admin.json';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { auditChangeTexts, auditChanges, auditValueText, type AuditValue } from './audit.fns';

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
      { field: 'plan.id', from: id('1'), to: id('3') },
      { field: 'plan.slug', from: text('free-trial'), to: text('start-up') },
      { field: 'plan.seats', from: null, to: number('7') },
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
      { field: 'day', from: null, to: { raw: '2026-12-29', kind: 'date' } },
      { field: 'guest_text_quota', from: number('20'), to: number('25000') },
      { field: 'phone', from: null, to: text('0501234567') },
      { field: 'user_id', from: null, to: id('1024') },
      { field: 'sandbox', from: { raw: 'false', kind: 'boolean' }, to: { raw: 'true', kind: 'boolean' } },
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
  const words = { en: { yes: en.audit.yes, no: en.audit.no }, ar: { yes: ar.audit.yes, no: ar.audit.no } };
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
    expect(read(before, after, 'en')).toEqual([
      ['ends_at', formatDateTime('2026-12-29T14:05:00.000Z', 'en')],
      ['day', '29 December 2026'],
      ['quota', '25,000'],
      ['price', '9.50'],
      ['chars', '1,500'],
      ['llm', 'Yes'],
      ['off', 'No'],
    ]);
    expect(read(before, after, 'ar')).toEqual([
      ['ends_at', formatDateTime('2026-12-29T14:05:00.000Z', 'ar')],
      ['day', '29 ديسمبر 2026'],
      ['quota', formatNumber(25000, 'ar')],
      ['price', formatNumber(9.5, 'ar', { minimumFractionDigits: 2 })],
      ['chars', formatNumber(1500, 'ar')],
      ['llm', 'نعم'],
      ['off', 'لا'],
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
      ['user_id', '12345'],
      ['plan.id', '1024'],
      ['slug', 'start-up'],
      ['phone', '0501234567'],
      ['formats', 'docx'],
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
