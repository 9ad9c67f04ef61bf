import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDialog } from '../../app/dialog-context';
import { AdminPageHeader } from '../admin/admin-page-header';
import { PageLoading } from '../../components/page-loading';
import { useLanguage } from '../../i18n/use-language';
import { formatPlanPrice } from './plans.fns';
import { useAdminPlanMutations, useAdminPlans, type AdminPlan } from './use-admin-plans';
import { useAskDeletePlan } from './use-ask-delete-plan';
import { formatNumber } from '../../i18n/format';
import '../../components/admin-table.css';

/** /admin/plans: every plan, archived ones too, with edit and delete. */
export function AdminPlansPage() {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const plans = useAdminPlans();
  const { remove } = useAdminPlanMutations();
  const askDeletePlan = useAskDeletePlan();
  const { showDialog, showError } = useDialog();
  const navigate = useNavigate();

  async function removePlan(plan: AdminPlan) {
    if (!(await askDeletePlan(plan))) return;
    try {
      const answer = await remove.mutateAsync(plan.id);
      showDialog({ modalType: 'success', message: answer.message, onConfirm: () => void navigate('/admin/plans') });
    } catch (error) {
      showError(error);
    }
  }

  return (
    <section className="container page-section admin-page billing-page" data-testid="admin-plans">
      <AdminPageHeader
        page="adminPlans"
        actions={
          <Link className="button button--primary" to="/admin/plans/new" data-testid="new-plan">
            {t('admin.new')}
          </Link>
        }
      />
      <div className="panel">
        {plans.isPending ? (
          <PageLoading />
        ) : (
          <div className="table-scroll table-cards">
            <table className="data-table" data-testid="admin-plans-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.name')}</th>
                  <th scope="col">{t('admin.kind')}</th>
                  <th scope="col">{t('admin.api')}</th>
                  <th scope="col">{t('admin.monthly')}</th>
                  <th scope="col">{t('admin.yearly')}</th>
                  <th scope="col" title={t('admin.subscribersHint')}>
                    {t('admin.subscribers')}
                  </th>
                  <th scope="col">{t('admin.state')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {(plans.data ?? []).map((plan) => (
                  <tr key={plan.id} data-testid="admin-plan-row" data-slug={plan.slug}>
                    <td data-label={t('admin.name')}>
                      <strong dir="auto">{language === 'ar' ? plan.name_ar : plan.name_en}</strong>
                      <div className="muted" dir="ltr">
                        {plan.slug}
                      </div>
                    </td>
                    {/* Who the plan is for and whether it opens the developer API: the editor's two switches, read at a glance. */}
                    <td data-label={t('admin.kind')} data-testid="admin-plan-kind" data-team={plan.is_team}>
                      {plan.is_team ? <span className="pill">{t('admin.team')}</span> : <span className="muted">{t('admin.individual')}</span>}
                    </td>
                    <td data-label={t('admin.api')} data-testid="admin-plan-api" data-api={plan.api_enabled}>
                      {plan.api_enabled ? <span className="pill">{t('admin.apiIncluded')}</span> : <span className="muted">{t('admin.apiNotIncluded')}</span>}
                    </td>
                    <td data-label={t('admin.monthly')}>
                      <bdi>{formatPlanPrice(plan.price, '$', language)}</bdi>
                    </td>
                    <td data-label={t('admin.yearly')}>
                      <bdi>{formatPlanPrice(plan.price_yearly ?? 0, '$', language)}</bdi>
                    </td>
                    <td data-label={t('admin.subscribers')} data-testid="admin-plan-subscribers">
                      {formatNumber(plan.subscribers, language)}
                    </td>
                    <td data-label={t('admin.state')}>
                      <span className={`pill ${plan.archived ? 'pill--accent' : ''}`}>{plan.archived ? t('admin.archived') : t('admin.active')}</span>
                    </td>
                    <td className="data-table__actions">
                      <Link className="button button--ghost button--small" to={`/admin/plans/${plan.id}`}>
                        {t('admin.edit')}
                      </Link>
                      <button type="button" className="button button--ghost button--small" onClick={() => void removePlan(plan)} disabled={remove.isPending}>
                        {t('admin.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {/* What the subscribers column counts, under the table at every width (phone cards show no header to hover). */}
        <p className="muted table-note" id="admin-plans-subscribers-hint" data-testid="admin-plans-subscribers-hint">
          {t('admin.subscribersHint')}
        </p>
      </div>
    </section>
  );
}
