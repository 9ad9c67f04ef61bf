import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import type { Invoice } from './billing-types';
import { NoInvoices } from './no-invoices';
import { CardName } from './saved-card';
import { useCurrentUser } from '../account/use-current-user';
import { isAdmin, usesTeamPlan } from '../auth/roles';
import { formatMoney } from '../../i18n/format';
import '../../components/admin-table.css';

/** Invoices with their number, dates, amount, status, the card that paid them and a PDF download. */
export function InvoiceTable({ invoices }: { invoices: Invoice[] }) {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const { data: user } = useCurrentUser();
  if (!invoices.length) return <NoInvoices canChoosePlan={!usesTeamPlan(user) && !isAdmin(user)} />;
  return (
    <div className="table-scroll table-cards">
      <table className="data-table" data-testid="invoice-table">
        <thead>
          <tr>
            <th scope="col">{t('invoices.number')}</th>
            <th scope="col">{t('invoices.date')}</th>
            <th scope="col">{t('invoices.description')}</th>
            <th scope="col">{t('invoices.amount')}</th>
            <th scope="col">{t('invoices.status')}</th>
            <th scope="col">{t('invoices.paidWith')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('invoices.download')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} data-testid="invoice-row" data-status={invoice.status}>
              <td data-label={t('invoices.number')}>
                <bdi>{invoice.number}</bdi>
              </td>
              <td data-label={t('invoices.date')}>{formatDate(invoice.issued_at, language)}</td>
              <td data-label={t('invoices.description')}>
                <bdi>{language === 'ar' ? invoice.description_ar : invoice.description_en}</bdi>
              </td>
              <td data-label={t('invoices.amount')}>
                <bdi>{formatMoney(invoice.amount, language)}</bdi>
              </td>
              <td data-label={t('invoices.status')}>
                <span className={`pill invoice-status invoice-status--${invoice.status}`}>{t(`invoices.statuses.${invoice.status}`)}</span>
              </td>
              <td data-label={t('invoices.paidWith')} data-testid="invoice-paid-card">
                {invoice.paid_card ? <CardName card={invoice.paid_card} /> : <span className="muted">—</span>}
              </td>
              <td>
                <a className="button button--ghost button--small" href={invoice.download_url} download={`${invoice.number}.pdf`} data-testid="invoice-download">
                  {t('invoices.download')}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
