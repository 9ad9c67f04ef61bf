import { describe, expect, it } from 'vitest';
import { planState, usageOwner, usageRows } from './dashboard.fns';

describe('dashboard', () => {
  const label = (key: string) => `label:${key}`;
  it('measures texts today, documents, pages and API characters this month against the plan', () => {
    const rows = usageRows(
      {
        usage: { text_requests_today: 3, doc_requests_this_month: 1, web_pages_this_month: 0, api_characters_this_month: 1234 },
        request_quota: 50,
        doc_request_quota: 5,
        web_pages_quota: 20,
        api_characters_quota: 500_000,
      },
      label,
    );
    expect(rows).toEqual([
      { key: 'texts', label: 'label:texts', used: 3, limit: 50 },
      { key: 'documents', label: 'label:documents', used: 1, limit: 5 },
      { key: 'pages', label: 'label:pages', used: 0, limit: 20 },
      { key: 'apiCharacters', label: 'label:apiCharacters', used: 1234, limit: 500_000 },
    ]);
  });

  it('shows no API characters meter when the plan has no API (no figures in the profile)', () => {
    const rows = usageRows(
      { usage: { text_requests_today: 0, doc_requests_this_month: 0, web_pages_this_month: 0, api_characters_this_month: null }, request_quota: 50, doc_request_quota: 5, web_pages_quota: 20, api_characters_quota: null },
      label,
    );
    expect(rows.map((row) => row.key)).toEqual(['texts', 'documents', 'pages']);
  });

  it("says the usage is the team's for anyone in a team (their units count on the team's quota), else the account's", () => {
    expect(usageOwner({ team: null })).toBe('account');
    expect(usageOwner({ team: { id: 4, role: '5' } })).toBe('team');
    expect(usageOwner({ team: { id: 4, role: '3' } })).toBe('team');
  });

  it('says trial days left, an ended trial, or just the plan', () => {
    const plan = { id: 1, slug: 'free-trial', name_en: 'Free trial', name_ar: 'تجربة', is_trial: true, frequency: null, seats: null, starts_at: null, expires_at: null, status: 'trial' };
    expect(planState({ role_id: '2', plan, trial_remaining_days: 4, trial_expired: false })).toEqual({ kind: 'trial', days: 4 });
    expect(planState({ role_id: '2', plan, trial_remaining_days: 0, trial_expired: true })).toEqual({ kind: 'trialEnded' });
    expect(planState({ role_id: '3', plan: { ...plan, is_trial: false, status: 'active' }, trial_remaining_days: null, trial_expired: false })).toEqual({ kind: 'plan' });
  });

  it("says an administrator's account is one, whatever plan or trial it sits on", () => {
    const plan = { id: 1, slug: 'free-trial', name_en: 'Free trial', name_ar: 'تجربة', is_trial: true, frequency: null, seats: null, starts_at: null, expires_at: null, status: 'trial' };
    expect(planState({ role_id: '1', plan, trial_remaining_days: 4, trial_expired: false })).toEqual({ kind: 'admin' });
    expect(planState({ role_id: '1', plan, trial_remaining_days: 0, trial_expired: true })).toEqual({ kind: 'admin' });
    expect(planState({ role_id: '1', plan: { ...plan, is_trial: false, status: 'active' }, trial_remaining_days: null, trial_expired: false })).toEqual({ kind: 'admin' });
  });
});
