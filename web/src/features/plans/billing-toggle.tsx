import { useTranslation } from 'react-i18next';
import type { BillingPeriod } from './plans.fns';

/** Monthly / yearly switch: one button, so a click anywhere on it toggles. */
export function BillingToggle({ period, onChange }: { period: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const { t } = useTranslation('home');
  const yearly = period === 'yearly';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={yearly}
      aria-label={t('pricing.yearlyBilling')}
      className="billing-toggle"
      data-testid="billing-toggle"
      data-period={period}
      onClick={() => onChange(yearly ? 'monthly' : 'yearly')}
    >
      <span className={`billing-toggle__option${yearly ? '' : ' billing-toggle__option--active'}`}>{t('pricing.monthly')}</span>
      <span className={`billing-toggle__option${yearly ? ' billing-toggle__option--active' : ''}`}>{t('pricing.yearly')}</span>
    </button>
  );
}
