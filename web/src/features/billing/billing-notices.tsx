import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Subscription } from './billing-types';
import { membershipNotices, paymentBlock, type PaymentBlock } from './billing.fns';
import { NoticeBox, PAYMENTS_OFF, PAYMENTS_OFF_NOTICE_ID, paymentsOffDescription } from './notice-box';
import { useSubscription } from './use-billing';
import { useSubscribeFlow } from './use-subscribe-flow';

/**
 * Overdue invoice (with pay now, or contact us while payments are not set up), downgraded plan, trial expired or expiring soon, and how
 * payments work now; `only` keeps the notices of those keys. While payments are not set up,
 * pay now and add a card are disabled, described by the "not set up yet" notice.
 */
export function BillingNotices({ subscription, only }: { subscription: Subscription | undefined; only?: string[] }) {
  const { t } = useTranslation('billing');
  const flow = useSubscribeFlow();
  const notices = membershipNotices(subscription).filter((notice) => !only || only.includes(notice.key));
  if (!notices.length) return null;
  const block = paymentBlock({ data: subscription, isPending: false }, 'payment');
  return (
    <div className="billing-notices">
      {notices.map((notice) => (
        <NoticeBox key={notice.key} notice={notice} id={notice.key === PAYMENTS_OFF ? PAYMENTS_OFF_NOTICE_ID : undefined} graceDays={subscription?.grace_days}>
          {notice.action === 'payNow' && (
            <button
              type="button"
              className="button button--primary button--small"
              data-testid="pay-now"
              disabled={flow.pending || block !== null}
              aria-describedby={paymentsOffDescription(block)}
              onClick={() => void flow.payInvoice(subscription?.pending_invoice?.id)}
            >
              {t('notices.payNow')}
            </button>
          )}
          {notice.action === 'choosePlan' && (
            <a className="button button--primary button--small" href="#change-plan">
              {t('notices.choosePlan')}
            </a>
          )}
          {notice.action === 'addCard' && <AddCardLink block={block} label={t('notices.addCard')} />}
          {notice.action === 'contactUs' && (
            <Link className="button button--primary button--small" to="/contact" data-testid="contact-us">
              {t('notices.contactUs')}
            </Link>
          )}
        </NoticeBox>
      ))}
    </div>
  );
}

/**
 * The way to the card form; while payments are not set up a card cannot be saved (the gateway
 * takes it), so a disabled button described by the notice stands in for the link.
 */
export function AddCardLink({ block, label, testId, tone = 'primary' }: { block: PaymentBlock; label: string; testId?: string; tone?: 'primary' | 'ghost' }) {
  const className = `button button--${tone} button--small`;
  if (block !== null) {
    return (
      <button type="button" className={className} disabled aria-describedby={paymentsOffDescription(block)} data-testid={testId}>
        {label}
      </button>
    );
  }
  return (
    <Link className={className} to="/user/billing-card" data-testid={testId}>
      {label}
    </Link>
  );
}

/** The pricing cards' and the card form's notice, for a signed-in user, when payments are not set up (their buttons are disabled). */
export function PaymentsOffNotice() {
  const subscription = useSubscription();
  return <BillingNotices subscription={subscription.data} only={[PAYMENTS_OFF]} />;
}
