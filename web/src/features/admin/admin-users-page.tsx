import { useQuery } from '@tanstack/react-query';
import { Isolated } from '../../components/isolated';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../components/pagination';
import { useSearchBox } from '../../components/use-search-box';
import { formatDate, valueDirection } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { plansQuery } from '../plans/use-plans';
import { AdminNav, useRoleName } from './admin-nav';
import { useAdminUsers, type UserFilter } from './use-admin';
import { searchFromUserFilter, userFilterFromSearch } from './users.fns';

/**
 * /admin/users: the users, searched as the admin types (once the typing pauses; Enter at once) and filtered by role and
 * plan. The filters and the page are the address's query string, so a search is a link and Back returns to it.
 */
export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const roleName = useRoleName();
  const plans = useQuery(plansQuery);
  const [params, setParams] = useSearchParams();
  const filter = userFilterFromSearch(params);
  // A request left behind by a newer search is cancelled: the query's key changes and its fetch takes react-query's signal.
  const users = useAdminUsers(filter);
  const total = users.data?.meta.total ?? 0;

  // The selects and the pager add a history entry; the words typed replace the address (useSearchBox, which also
  // keeps the box as typed while its own searches arrive).
  const go = (next: Partial<UserFilter>) => setParams(searchFromUserFilter({ ...filter, ...next }));
  const search = useSearchBox(filter.q, (q) => searchFromUserFilter({ ...filter, q, page: 1 }));

  return (
    <section className="container page-section admin-page">
      <AdminNav />
      <h1>{t('users.title')}</h1>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search.submit();
        }}
      >
        <input type="search" value={search.value} onChange={search.onChange} placeholder={t('users.search')} aria-label={t('users.search')} data-testid="admin-user-search" />
        <select aria-label={t('users.role')} value={filter.role_id} onChange={(e) => go({ role_id: e.target.value, page: 1 })} data-testid="admin-user-role">
          <option value="">{t('users.allRoles')}</option>
          {['1', '2', '3', '4', '5'].map((role) => (
            <option key={role} value={role}>
              {roleName(role)}
            </option>
          ))}
        </select>
        <select aria-label={t('users.plan')} value={filter.plan_id} onChange={(e) => go({ plan_id: e.target.value, page: 1 })} data-testid="admin-user-plan">
          <option value="">{t('users.allPlans')}</option>
          {(plans.data ?? []).map((plan) => (
            <option key={plan.id} value={plan.id}>
              {language === 'ar' ? plan.name_ar : plan.name_en}
            </option>
          ))}
        </select>
        <button className="button button--primary button--small" type="submit">
          {t('users.searchButton')}
        </button>
      </form>

      {/* On a phone each user is a card, every cell labelled with its column (.table-cards). */}
      <div className="table-wrap table-cards">
        <table className="data-table" data-testid="admin-users-table">
          <thead>
            <tr>
              <th>{t('users.name')}</th>
              <th>{t('users.email')}</th>
              <th>{t('users.role')}</th>
              <th>{t('users.plan')}</th>
              <th>{t('users.trialDays')}</th>
              <th>{t('users.created')}</th>
            </tr>
          </thead>
          <tbody>
            {users.data?.data.map((user) => (
              <tr key={user.id}>
                {/* On a desktop a long name or e-mail is cut with an ellipsis (.truncate-cell, as the team's members are),
                    its title giving it whole, so it does not squeeze the plan and the date onto two lines. */}
                <td className="truncate-cell" data-label={t('users.name')}>
                  <Link to={`/admin/users/${user.id}`} dir={valueDirection('name', language)} title={user.name}>
                    {user.name}
                  </Link>
                </td>
                <td className="truncate-cell" data-label={t('users.email')}>
                  <Isolated kind="email" title={user.email}>
                    {user.email}
                  </Isolated>
                </td>
                <td data-label={t('users.role')}>{roleName(user.role_id)}</td>
                <td data-label={t('users.plan')}>{user.plan ? (language === 'ar' ? user.plan.name_ar : user.plan.name_en) : '—'}</td>
                <td data-label={t('users.trialDays')}>{user.trial_remaining_days ?? '—'}</td>
                <td data-label={t('users.created')}>{formatDate(user.created_at, language)}</td>
              </tr>
            ))}
            {users.data && users.data.data.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  {t('users.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={filter.page} perPage={users.data?.meta.per_page ?? 20} total={total} onPage={(page) => go({ page })} />
    </section>
  );
}
