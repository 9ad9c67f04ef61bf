import type { User } from '../../api/types';
import type { UsageRow } from '../../components/usage-meters';

/** The meters the dashboard shows; the developer API's characters are on the team page only (the profile has no such figure). */
export type DashboardUsageKey = Exclude<UsageRow['key'], 'apiCharacters'>;

/** The dashboard's usage rows: texts today, documents and website pages this month, against the user's plan. */
export function usageRows(user: Pick<User, 'usage' | 'request_quota' | 'doc_request_quota' | 'web_pages_quota'>, label: (key: DashboardUsageKey) => string): UsageRow[] {
  const used = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  const rows: Array<{ key: DashboardUsageKey; used: number; limit: number | null }> = [
    { key: 'texts', used: used(user.usage?.text_requests_today), limit: user.request_quota },
    { key: 'documents', used: used(user.usage?.doc_requests_this_month), limit: user.doc_request_quota },
    { key: 'pages', used: used(user.usage?.web_pages_this_month), limit: user.web_pages_quota },
  ];
  // A limit the plan leaves empty has nothing to measure against: that row is left out.
  return rows.flatMap((row) => (typeof row.limit === 'number' ? [{ ...row, limit: row.limit, label: label(row.key) }] : []));
}

/** What the dashboard says about the plan: trial days left, an ended trial, or the plan's name alone. */
export function planState(user: Pick<User, 'plan' | 'trial_remaining_days' | 'trial_expired'>): { kind: 'trial'; days: number } | { kind: 'trialEnded' } | { kind: 'plan' } | { kind: 'none' } {
  if (user.trial_expired || user.plan?.status === 'trial_expired') return { kind: 'trialEnded' };
  // The profile gives trial days only while the user is on the trial plan.
  if (typeof user.trial_remaining_days === 'number') return { kind: 'trial', days: user.trial_remaining_days };
  return user.plan ? { kind: 'plan' } : { kind: 'none' };
}
