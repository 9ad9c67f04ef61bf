import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../i18n/format';
import { usePaymentsStatus, type RevenueLine } from './use-admin';

/**
 * The admins' banner when subscribing cannot take real money: payments not set up (production
 * without a gateway) or in test mode (the sandbox). Nothing when a real gateway is chosen.
 * `settingsLink` false on the site settings page itself (the link would lead to the same page).
 */
export function PaymentsBanner({ settingsLink = true }: { settingsLink?: boolean }) {
  const { t } = useTranslation('admin');
  const status = usePaymentsStatus();
  const mode = status.data?.data.mode;
  if (!mode || mode === 'live') return null;
  const off = mode === 'off';
  return (
    <div className={`notice ${off ? 'notice--error' : 'notice--warning'} payments-banner`} role={off ? 'alert' : 'status'} data-testid={`payments-banner-${mode}`}>
      <strong>{t(off ? 'payments.offTitle' : 'payments.sandboxTitle')}</strong>
      <p>{t(off ? 'payments.offBody' : 'payments.sandboxBody')}</p>
      {settingsLink ? <Link to="/admin/site-settings">{t('payments.settingsLink')}</Link> : null}
    </div>
  );
}

function RevenueList({ lines }: { lines: RevenueLine[] }) {
  const { t, i18n } = useTranslation('admin');
  if (!lines.length) return <span className="muted">{t('payments.none')}</span>;
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  // Prices are in US dollars, written as everywhere else; another currency gets its own sign.
  const money = (line: RevenueLine) => formatMoney(line.amount, language, line.currency);
  return (
    <ul className="revenue-figures__list">
      {lines.map((line) => (
        <li key={line.currency}>
          <bdi>{money(line)}</bdi>{' '}
          <span className="muted">({t('payments.invoices', { count: line.invoices })})</span>
        </li>
      ))}
    </ul>
  );
}

/** Paid revenue of the last 30 days: real payments, and sandbox (test) payments apart, never added in. */
export function RevenueFigures() {
  const { t } = useTranslation('admin');
  const status = usePaymentsStatus();
  const revenue = status.data?.data.revenue;
  if (!revenue) return null;
  return (
    <section className="revenue-figures" data-testid="revenue-figures">
      <h2>{t('payments.revenueTitle')}</h2>
      <dl>
        <dt>{t('payments.revenueLive')}</dt>
        <dd data-testid="revenue-live">
          <RevenueList lines={revenue.live} />
        </dd>
        {revenue.sandbox.length > 0 && (
          <>
            <dt>{t('payments.revenueSandbox')}</dt>
            <dd data-testid="revenue-sandbox">
              <RevenueList lines={revenue.sandbox} />
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
