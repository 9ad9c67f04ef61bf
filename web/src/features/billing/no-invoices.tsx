import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * No invoice yet: says so and, to whoever buys their own plan, leads to the plans (the first
 * invoice comes with the first purchase). A team's member or an administrator buys none, so
 * `canChoosePlan` false leaves the way to the plans out.
 */
export function NoInvoices({ canChoosePlan }: { canChoosePlan: boolean }) {
  const { t } = useTranslation('billing');
  return (
    <div className="billing-empty" data-testid="no-invoices">
      <p className="muted">
        {t('invoices.empty')}
        {canChoosePlan && <> {t('invoices.emptyHint')}</>}
      </p>
      {canChoosePlan && (
        <Link className="button button--primary button--small" to="/user/membership#change-plan" data-testid="no-invoices-plans">
          {t('invoices.emptyAction')}
        </Link>
      )}
    </div>
  );
}
