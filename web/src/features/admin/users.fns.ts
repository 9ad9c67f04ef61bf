import { searchWords } from '../../components/search-box.fns';
import type { UserFilter } from './use-admin';

const ROLE_IDS = ['1', '2', '3', '4', '5'];

/** The users list's filters from its query string (?q=&role_id=&plan_id=&page=), tolerant of anything odd. */
export function userFilterFromSearch(params: URLSearchParams): Required<UserFilter> {
  const page = Number(params.get('page'));
  const role = params.get('role_id') ?? '';
  const plan = params.get('plan_id') ?? '';
  return {
    q: searchWords(params.get('q') ?? ''),
    role_id: ROLE_IDS.includes(role) ? role : '',
    plan_id: /^[1-9]\d*$/.test(plan) ? plan : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string for the filters; empty ones and the first page are left out so links stay short. */
export function searchFromUserFilter(filter: UserFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.role_id) params.set('role_id', filter.role_id);
  if (filter.plan_id) params.set('plan_id', filter.plan_id);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/**
 * What granting a team plan with the seats field left empty gives (billing's grantPlan on the server): the seats of the
 * user's current subscription when it has more than one (a team keeps its size, whichever team plan is granted), else
 * the chosen plan's included seats. `currentSeats` is the admin user answer's `plan.seats` (null without a subscription).
 */
export function seatsLeftEmpty(plan: { included_seats: number }, currentSeats: number | null): { seats: number; kept: boolean } {
  return currentSeats !== null && currentSeats > 1 ? { seats: currentSeats, kept: true } : { seats: plan.included_seats, kept: false };
}
