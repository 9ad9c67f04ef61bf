import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Subscription } from './billing-types';
import { membershipNotices } from './billing.fns';
import { useSubscribeFlow } from './use-subscribe-flow';

/** Overdue invoice (with pay now), downgraded plan, trial expired or expiring soon. */
export function BillingNotices({ subscription }: { subscription: Subscription | undefined }) {
  const { t } = useTranslation('billing');
  const flow = useSubscribeFlow();
  const notices = membershipNotices(subscription);
  if (!notices.length) return null;
  return (
    <div className="billing-notices">
      {notices.map((notice) => (
        <div key={notice.key} className={`notice ${notice.tone === 'error' ? 'notice--error' : notice.tone === 'info' ? 'notice--info' : 'notice--warning'} billing-notice`} role={notice.tone === 'error' ? 'alert' : 'status'} data-testid={`notice-${notice.key.split('.').pop()}`}>
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
