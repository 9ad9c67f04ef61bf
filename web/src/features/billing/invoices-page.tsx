import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { InvoiceTable } from './invoice-table';
import { useInvoices } from './use-billing';

/** /user/invoices: every invoice, downloadable as PDF. */
export function InvoicesPage() {
  const { t } = useTranslation('billing');
  const invoices = useInvoices();
  return (
    <section className="container page-section billing-page" data-testid="invoices-page">
      <header className="billing-page__header">
        <h1>{t('invoices.title')}</h1>
        <p className="muted">{t('invoices.subtitle')}</p>
      </header>
      <div className="panel">{invoices.isPending ? <PageLoading /> : <InvoiceTable invoices={invoices.data ?? []} />}</div>
      <p>
        <Link to="/user/payment-management">{t('invoices.back')}</Link>
      </p>
    </section>
  );
}
