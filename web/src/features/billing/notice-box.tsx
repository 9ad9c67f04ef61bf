import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MembershipNotice, PaymentBlock } from './billing.fns';

/** The "payments are not set up yet" notice's id: the controls it disables point at it (aria-describedby). */
export const PAYMENTS_OFF_NOTICE_ID = 'payments-off-notice';

/** The billing catalog key of that notice, the one reason given wherever payments are blocked. */
export const PAYMENTS_OFF = 'notices.paymentsOff';

/** The aria-describedby of a control `paymentBlock` disabled: the notice, while payments being off is the reason. */
export function paymentsOffDescription(block: PaymentBlock, noticeId: string = PAYMENTS_OFF_NOTICE_ID): string | undefined {
  return block === 'payments-off' ? noticeId : undefined;
}

/** One billing notice (title, text and its action), on a page or in a dialog. */
export function NoticeBox({ notice, id, graceDays, children }: { notice: MembershipNotice; id?: string; graceDays?: number; children?: ReactNode }) {
  const { t } = useTranslation('billing');
  return (
    <div
      id={id}
      className={`notice ${notice.tone === 'error' ? 'notice--error' : notice.tone === 'info' ? 'notice--info' : 'notice--warning'} billing-notice`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      data-testid={`notice-${notice.key.split('.').pop()}`}
    >
      <div>
        <strong className="billing-notice__title">{t(`${notice.key}.title` as 'notices.overdue.title', notice.values)}</strong>
        <p className="billing-notice__text">{t(`${notice.key}.body` as 'notices.overdue.body', { count: graceDays ?? 14, ...notice.values })}</p>
      </div>
      {children}
    </div>
  );
}
