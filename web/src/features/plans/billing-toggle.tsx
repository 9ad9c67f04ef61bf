import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import type { BillingPeriod } from './plans.fns';

/**
 * Monthly / yearly switch: one button, so a click anywhere on it toggles. `savingPercent` (the
 * best yearly saving of the plans shown, from bestYearlySavingPercent) is said beside "Yearly",
 * and in the switch's name, so the choice is not made blind.
 */
export function BillingToggle({ period, onChange, savingPercent = null }: { period: BillingPeriod; onChange: (period: BillingPeriod) => void; savingPercent?: number | null }) {
  const { t } = useTranslation('home');
  const { language } = useLanguage();
  const yearly = period === 'yearly';
  const saving = savingPercent === null ? null : t('pricing.yearlySavingUpTo', { percent: formatNumber(savingPercent / 100, language, { style: 'percent' }) });
  return (
    <button
      type="button"
      role="switch"
      aria-checked={yearly}
      aria-label={saving ? `${t('pricing.yearlyBilling')} (${saving})` : t('pricing.yearlyBilling')}
      className="billing-toggle"
      data-testid="billing-toggle"
      data-period={period}
      onClick={() => onChange(yearly ? 'monthly' : 'yearly')}
    >
      <span className={`billing-toggle__option${yearly ? '' : ' billing-toggle__option--active'}`}>{t('pricing.monthly')}</span>
      <span className={`billing-toggle__option${yearly ? ' billing-toggle__option--active' : ''}`}>
        {t('pricing.yearly')}
        {saving && (
          <span className="billing-toggle__saving" data-testid="billing-toggle-saving">
            {saving}
          </span>
        )}
      </span>
    </button>
  );
}
