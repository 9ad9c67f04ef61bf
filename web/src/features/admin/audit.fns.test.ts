import { describe, expect, it } from 'vitest';
import type { AuditAction } from '../../../../contract/admin';
import ar from '../../i18n/ar/admin.json';
import en from '../../i18n/en/admin.json';
import { auditChanges } from './audit.fns';

describe('auditChanges', () => {
  it('lists only the fields that changed, with readable values', () => {
    expect(auditChanges({ plan_id: 1, seats: null, name: 'Nadia' }, { plan_id: 3, seats: 7, name: 'Nadia' })).toEqual([
      { field: 'plan_id', from: '1', to: '3' },
      { field: 'seats', from: null, to: '7' },
    ]);
  });

  it('shows added and removed fields, booleans and nested values', () => {
    expect(auditChanges(null, { llm_enabled: true, formats: ['docx', 'pdf'] })).toEqual([
      { field: 'llm_enabled', from: null, to: 'true' },
      { field: 'formats', from: null, to: '["docx","pdf"]' },
    ]);
    expect(auditChanges({ trial_days: 2 }, null)).toEqual([{ field: 'trial_days', from: '2', to: null }]);
  });

  it('names the fields of nested objects with dots', () => {
    expect(auditChanges({ plan: { id: 1, slug: 'free-trial', seats: null } }, { plan: { id: 3, slug: 'start-up', seats: 7 } })).toEqual([
      { field: 'plan.id', from: '1', to: '3' },
      { field: 'plan.slug', from: 'free-trial', to: 'start-up' },
      { field: 'plan.seats', from: null, to: '7' },
    ]);
  });

  it('is empty when nothing changed', () => {
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('shows a side that is not an object as one field', () => {
    expect(auditChanges('off', ['docx'])).toEqual([{ field: 'value', from: 'off', to: '["docx"]' }]);
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
