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
