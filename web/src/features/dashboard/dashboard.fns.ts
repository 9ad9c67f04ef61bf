import type { User } from '../../api/types';
import type { UsageRow } from '../../components/usage-meters';
import { isAdmin } from '../auth/roles';

/**
 * The dashboard's usage rows: texts today, documents and website pages this month, and the developer
 * API's characters this month (the figures GET /v2/usage reports; the profile has none when the plan
 * has no API), against the user's plan.
 */
export function usageRows(user: Pick<User, 'usage' | 'request_quota' | 'doc_request_quota' | 'web_pages_quota' | 'api_characters_quota'>, label: (key: UsageRow['key']) => string): UsageRow[] {
  const used = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  const rows: Array<{ key: UsageRow['key']; used: number; limit: number | null }> = [
    { key: 'texts', used: used(user.usage?.text_requests_today), limit: user.request_quota },
    { key: 'documents', used: used(user.usage?.doc_requests_this_month), limit: user.doc_request_quota },
    { key: 'pages', used: used(user.usage?.web_pages_this_month), limit: user.web_pages_quota },
    { key: 'apiCharacters', used: used(user.usage?.api_characters_this_month), limit: user.api_characters_quota },
  ];
  // A limit the plan leaves empty has nothing to measure against: that row is left out.
  return rows.flatMap((row) => (typeof row.limit === 'number' ? [{ ...row, limit: row.limit, label: label(row.key) }] : []));
}

/**
 * Whose counters the profile's usage is: the team's for anyone in a team (owner, manager or member),
 * since their units are taken on the team's quota (as GET /v2/usage reports for their keys), else the
 * account's. The dashboard's usage title and labels say so.
 */
export function usageOwner(user: Pick<User, 'team'>): 'team' | 'account' {
  return user.team ? 'team' : 'account';
}

/**
 * What the dashboard says about the plan: trial days left, an ended trial, or the plan's name alone. An
 * administrator's account buys no plan (the first admin sits on the trial plan without an end): theirs says
 * "Administrator account" and points to the admin area, with no trial, plan name or plan to choose.
 */
export function planState(
  user: Pick<User, 'role_id' | 'plan' | 'trial_remaining_days' | 'trial_expired'>,
): { kind: 'admin' } | { kind: 'trial'; days: number } | { kind: 'trialEnded' } | { kind: 'plan' } | { kind: 'none' } {
  if (isAdmin(user)) return { kind: 'admin' };
  if (user.trial_expired || user.plan?.status === 'trial_expired') return { kind: 'trialEnded' };
  // The profile gives trial days only while the user is on the trial plan.
  if (typeof user.trial_remaining_days === 'number') return { kind: 'trial', days: user.trial_remaining_days };
  return user.plan ? { kind: 'plan' } : { kind: 'none' };
}
