import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Subscription } from './billing-types';
import { membershipNotices } from './billing.fns';
import { useSubscription } from './use-billing';
import { useSubscribeFlow } from './use-subscribe-flow';

/** The "payments are not set up yet" notice's id: the buttons it disables point at it (aria-describedby). */
export const PAYMENTS_OFF_NOTICE_ID = 'payments-off-notice';

const PAYMENTS_OFF = 'notices.paymentsOff';

/**
 * Overdue invoice (with pay now), downgraded plan, trial expired or expiring soon, and how
 * payments work now; `only` keeps the notices of those keys.
 */
export function BillingNotices({ subscription, only }: { subscription: Subscription | undefined; only?: string[] }) {
  const { t } = useTranslation('billing');
  const flow = useSubscribeFlow();
  const notices = membershipNotices(subscription).filter((notice) => !only || only.includes(notice.key));
  if (!notices.length) return null;
  return (
    <div className="billing-notices">
      {notices.map((notice) => (
        <div
          key={notice.key}
          id={notice.key === PAYMENTS_OFF ? PAYMENTS_OFF_NOTICE_ID : undefined}
          className={`notice ${notice.tone === 'error' ? 'notice--error' : notice.tone === 'info' ? 'notice--info' : 'notice--warning'} billing-notice`}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          data-testid={`notice-${notice.key.split('.').pop()}`}
        >
          <div>
            <strong className="billing-notice__title">{t(`${notice.key}.title` as 'notices.overdue.title', notice.values)}</strong>
            <p className="billing-notice__text">{t(`${notice.key}.body` as 'notices.overdue.body', { count: subscription?.grace_days ?? 14, ...notice.values })}</p>
          </div>
          {notice.action === 'payNow' && (
            <button type="button" className="button button--primary button--small" data-testid="pay-now" disabled={flow.pending} onClick={() => void flow.payInvoice(subscription?.pending_invoice?.id)}>
              {t('notices.payNow')}
            </button>
          )}
          {notice.action === 'choosePlan' && (
            <a className="button button--primary button--small" href="#change-plan">
              {t('notices.choosePlan')}
            </a>
          )}
          {notice.action === 'addCard' && (
            <Link className="button button--primary button--small" to="/user/billing-card">
              {t('notices.addCard')}
            </Link>
          )}
        </div>
      ))}
    </div>
  );
}

/** The pricing cards' notice, for a signed-in user, when payments are not set up (their subscribe buttons are disabled). */
export function PaymentsOffNotice() {
  const subscription = useSubscription();
  return <BillingNotices subscription={subscription.data} only={[PAYMENTS_OFF]} />;
}
