import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import { PageLoading } from '../../components/page-loading';
import { useCurrentUser } from '../account/use-current-user';
import { usesTeamPlan } from '../auth/roles';
import { AddCardLink, BillingNotices } from './billing-notices';
import { paymentBlock } from './billing.fns';
import { InvoiceTable } from './invoice-table';
import { useInvoices, useSubscription, useTest3d } from './use-billing';
import { useGoToCheckout } from './use-subscribe-flow';
import { paymentsOffDescription } from './notice-box';
import { SavedCard } from './saved-card';

const LATEST_INVOICES = 5;

/**
 * /user/payment-management: the billing card, the overdue notice with pay now, and invoices.
 * Adding, changing and checking the card go to the payment gateway: disabled while payments
 * are not set up, like pay now.
 */
export function PaymentManagementPage() {
  const { t } = useTranslation('billing');
  const subscription = useSubscription();
  const invoices = useInvoices();
  const test3d = useTest3d();
  const { showDialog, showError } = useDialog();
  const goToCheckout = useGoToCheckout();
  const { data: user } = useCurrentUser();

  if (subscription.isPending) return <PageLoading />;
  const card = subscription.data?.card;
  const block = paymentBlock(subscription, 'payment');
  // A manager or member works under the team's plan, which its owner pays for: without a card of their own (one kept
  // from before they joined stays shown, to change), there is nothing to add one for.
  const teamPaid = usesTeamPlan(user) && !card;

  const verify = () =>
    test3d.mutateAsync().then(
      // 200: verified, or a 3-D Secure page to go to; 201 {message}: refused (no card, or the check failed).
      (answer) =>
        'redirect_url' in answer ? goToCheckout(answer.redirect_url) : showDialog({ modalType: 'status' in answer ? 'success' : 'error', message: answer.message }),
      (error) => (isApiError(error) ? showError(error) : showError(null)),
    );

  return (
    <section className="container page-section billing-page" data-testid="payment-management-page">
      <header className="billing-page__header">
        <h2>{t('payment.title')}</h2>
        <p className="muted">{t('payment.subtitle')}</p>
      </header>

      <BillingNotices subscription={subscription.data} />

      <div className="panel billing-card-summary" data-testid="card-summary">
        <h3>{t('payment.card')}</h3>
        {card ? (
          <SavedCard card={card} details />
        ) : (
          <p className="muted" data-testid="no-card">
            {t(teamPaid ? 'payment.teamPays' : 'payment.noCard')}
          </p>
        )}
        <div className="billing-summary__actions">
          {!teamPaid && <AddCardLink block={block} label={card ? t('payment.changeCard') : t('payment.addCard')} testId="change-card" />}
          {card && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => void verify()}
              disabled={test3d.isPending || block !== null}
              aria-describedby={paymentsOffDescription(block)}
              data-testid="verify-card"
            >
              {t('payment.verify')}
            </button>
          )}
        </div>
      </div>

      <div className="panel">
        <div className="billing-plans__head">
          <h3>{t('invoices.title')}</h3>
          <Link to="/user/invoices">{t('payment.allInvoices')}</Link>
        </div>
        {invoices.isPending ? <PageLoading /> : <InvoiceTable invoices={(invoices.data ?? []).slice(0, LATEST_INVOICES)} />}
      </div>
    </section>
  );
}
