import { useTranslation } from 'react-i18next';
import { Isolated } from '../../components/isolated';
import { Link } from 'react-router';
import { UsageMeters } from '../../components/usage-meters';
import { formatNumber } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { usesTeamPlan } from '../auth/roles';
import { useCurrentUser } from '../account/use-current-user';
import { EntryCard } from '../history/history-page';
import { useHistoryList } from '../history/use-history';
import { planState, usageOwner, usageRows } from './dashboard.fns';
import './dashboard.css';

const RECENT_ENTRIES = 5;
const QUICK_LINKS = [
  { key: 'documents', to: '/translate/documents' },
  { key: 'websites', to: '/web-extraction' },
  { key: 'history', to: '/user/translation-history' },
] as const;

/** /dashboard: the translator one click away, the plan and its usage, quick links and the recent history. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const { data: user } = useCurrentUser();
  const recent = useHistoryList({ page: 1, type: null, q: '', scope: 'mine' });
  if (!user) return null;
  const plan = planState(user);
  const teamPlan = usesTeamPlan(user);
  const owner = usageOwner(user);
  const planName = user.plan ? (language === 'ar' ? user.plan.name_ar : user.plan.name_en) : null;
  const entries = (recent.data?.data ?? []).slice(0, RECENT_ENTRIES);

  return (
    <section className="container page-section dashboard" data-testid="dashboard">
      <header className="dashboard__header">
        <h1 data-testid="dashboard-title">
          {/* "Welcome," on the account's first visit (the session sign-up opened), "Welcome back," after. */}
          {t(user.first_session ? 'title.new' : 'title.returning')} <Isolated kind="name">{user.name}</Isolated>
        </h1>
        <Link className="button button--primary button--large" to="/translate" data-testid="dashboard-translate">
          {t('translate')}
        </Link>
      </header>

      <div className="dashboard__grid">
        {plan.kind === 'admin' ? (
          <section className="panel dashboard__plan" data-testid="dashboard-plan" data-state="admin" aria-labelledby="dashboard-plan-title">
            <h2 id="dashboard-plan-title">{t('admin.title')}</h2>
            <p>{t('admin.body')}</p>
            <p className="muted">{t('admin.limits')}</p>
            <div className="dashboard__plan-actions">
              <Link className="button button--primary button--small" to="/admin" data-testid="dashboard-admin-link">
                {t('admin.open')}
              </Link>
            </div>
          </section>
        ) : (
          <section className="panel dashboard__plan" data-testid="dashboard-plan" data-state={teamPlan ? 'team' : plan.kind} aria-labelledby="dashboard-plan-title">
            <h2 id="dashboard-plan-title">{t(teamPlan ? 'plan.teamTitle' : 'plan.title')}</h2>
            {planName && (
              <p className="dashboard__plan-name">
                <bdi>{planName}</bdi>
              </p>
            )}
            {teamPlan ? (
              // A manager or member works under the team's plan: only the owner changes it (membership and pricing say
              // so too), so the card leads to the team, not to membership or the plans.
              <>
                <p className="muted" data-testid="dashboard-team-plan">
                  {t('plan.teamBody')}
                </p>
                <div className="dashboard__plan-actions">
                  <Link className="button button--outline button--small" to="/team" data-testid="dashboard-team-link">
                    {t('plan.team')}
                  </Link>
                </div>
              </>
            ) : (
              <>
                {plan.kind === 'trial' && (
                  <p data-testid="dashboard-trial-days">{t('plan.trialDays', { days: formatNumber(plan.days, language) })}</p>
                )}
                {plan.kind === 'trialEnded' && <p className="notice notice--warning">{t('plan.trialEnded')}</p>}
                {plan.kind === 'none' && <p className="muted">{t('plan.none')}</p>}
                <div className="dashboard__plan-actions">
                  <Link className="button button--outline button--small" to="/user/membership">
                    {t('plan.manage')}
                  </Link>
                  {plan.kind !== 'plan' && (
                    <Link className="button button--primary button--small" to="/pricing">
                      {t('plan.choose')}
                    </Link>
                  )}
                </div>
              </>
            )}
          </section>
        )}

        <nav className="panel dashboard__links" aria-labelledby="dashboard-links-title">
          <h2 id="dashboard-links-title">{t('links.title')}</h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link.key}>
                <Link to={link.to} data-testid={`dashboard-link-${link.key}`}>
                  <strong>{t(`links.${link.key}.label`)}</strong>
                  <span className="muted">{t(`links.${link.key}.body`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      {/* A team's figures are labelled as the team's, not the user's own; an admin's as their own (they have no plan). */}
      <UsageMeters
        title={t(owner === 'team' ? 'usage.team.title' : plan.kind === 'admin' ? 'usage.ownTitle' : 'usage.title')}
        rows={usageRows(user, (key) => t(owner === 'team' ? `usage.team.${key}` : `usage.${key}`))}
        testId="dashboard-usage"
        testIdPrefix="dashboard-usage"
      />

      <section className="panel dashboard__recent" data-testid="dashboard-recent" aria-labelledby="dashboard-recent-title">
        <header className="dashboard__recent-header">
          <h2 id="dashboard-recent-title">{t('recent.title')}</h2>
          {entries.length > 0 && <Link to="/user/translation-history">{t('recent.all')}</Link>}
        </header>
        {recent.isPending && <p className="muted">{t('recent.loading')}</p>}
        {recent.isError && <p className="notice notice--error">{t('recent.error')}</p>}
        {recent.isSuccess && entries.length === 0 && <p className="muted" data-testid="dashboard-recent-empty">{t('recent.empty')}</p>}
        {entries.length > 0 && (
          <ul className="history-list">
            {entries.map((entry) => (
              <EntryCard key={entry.project_id} entry={entry} own />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
