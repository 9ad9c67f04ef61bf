import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { formatDate, formatMoney, isolate } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import type { PlanPreview } from './billing-types';
import { confirmChoosesSeats, confirmShowsSeats, confirmTitleKey, paymentBlock, previewIntent } from './billing.fns';
import { NoticeBox, PAYMENTS_OFF, paymentsOffDescription } from './notice-box';
import { useSubscription } from './use-billing';

/**
 * The confirmation before a plan change (nothing is charged until "confirm"): what is
 * charged now and how, when it takes effect, what renews when and for how much, and what
 * happens to the trial days left. While payments are not set up, a change that charges now
 * cannot be confirmed, and the dialog shows the "not set up yet" notice as the reason (the
 * page's own notice is behind the modal); a downgrade stays possible.
 */
export function PlanChangeDialog({
  preview,
  busy,
  seats,
  onSeats,
  onConfirm,
  onCancel,
  opener,
}: {
  preview: PlanPreview | null;
  busy: boolean;
  /** The seats chosen (the confirmation of a team plan bought chooses them: `confirmChoosesSeats`). */
  seats: number;
  /** A seats number chosen: the flow asks its price again. */
  onSeats: (seats: number) => void;
  onConfirm: () => void;
  onCancel: () => void;
  /** The button that asked for the preview: the focus goes back to it when the dialog closes. */
  opener: Element | null;
}) {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const subscription = useSubscription();
  const noticeId = useId();
  // Mounted only while open: every plan card has its own flow, and only the reviewed one shows.
  if (!preview) return null;
  const plan = preview ? (language === 'ar' ? preview.plan.name_ar : preview.plan.name_en) : '';
  // Isolated, so that an amount ending an Arabic sentence keeps its sign before its digits ("$9.00.", not "9.00$.").
  const money = (amount: number) => isolate(formatMoney(amount, language));
  const date = (iso: string) => formatDate(iso, language);
  const blockedBy = paymentsOffDescription(paymentBlock(subscription, previewIntent(preview)), noticeId);
  const submitLabel = !preview
    ? ''
    : preview.kind === 'downgrade'
      ? t('confirmChange.submitScheduled')
      : preview.kind === 'keep'
        ? t('confirmChange.submitKeep')
        : preview.payment === 'checkout'
          ? t('confirmChange.submitCheckout')
          : preview.charge_now > 0
            ? t('confirmChange.submitPay', { amount: money(preview.charge_now) })
            : t('confirmChange.submitFree');
  return (
    <FormDialog
      open={preview !== null}
      title={t(`confirmChange.title.${confirmTitleKey(preview, subscription.data)}`, { plan, count: preview.seats })}
      submitLabel={submitLabel}
      cancelLabel={t('confirmChange.cancel')}
      busy={busy}
      submitBlockedBy={blockedBy}
      testId="plan-change-confirm"
      returnFocusTo={opener}
      onSubmit={onConfirm}
      onCancel={onCancel}
    >
      {blockedBy && <NoticeBox notice={{ tone: 'warning', key: PAYMENTS_OFF }} id={blockedBy} />}
      {confirmChoosesSeats(preview, subscription.data) && <SeatsChoice key={preview.plan.id} seats={seats} onSeats={onSeats} />}
      {preview && (
        <ul className="plan-change" data-kind={preview.kind}>
          {preview.kind !== 'downgrade' && preview.kind !== 'keep' && (
            <li data-testid="confirm-charge">
              <strong>{t('confirmChange.chargeNow', { amount: money(preview.charge_now) })}</strong>{' '}
              {preview.payment !== 'none' && t(`confirmChange.payment.${preview.payment as 'saved_card' | 'checkout' | 'card_required'}`)}
            </li>
          )}
          {preview.credit !== null && <li>{t('confirmChange.credit', { amount: money(preview.credit) })}</li>}
          {preview.kind === 'upgrade' && <li>{t('confirmChange.prorated')}</li>}
          {preview.kind === 'downgrade' && <li data-testid="confirm-effective">{t('confirmChange.downgrade', { date: date(preview.takes_effect_at), plan })}</li>}
          {preview.kind === 'keep' && <li>{t('confirmChange.keep', { plan })}</li>}
          {confirmShowsSeats(preview) && <li data-testid="confirm-seats">{t('confirmChange.seats', { seats: preview.seats })}</li>}
          <li data-testid="confirm-renewal">
            {t(`confirmChange.renews.${preview.frequency}`, { date: date(preview.renews_at), amount: money(preview.renewal_amount) })}
          </li>
          {preview.trial_days_left !== null && <li data-testid="confirm-trial">{t('confirmChange.trial', { days: preview.trial_days_left })}</li>}
          <li className="muted">{t('confirmChange.cancelAnyTime')}</li>
        </ul>
      )}
    </FormDialog>
  );
}

/**
 * The seats of a team plan bought, 1 to 1000 (the server's limits), one by default: typed, each whole number in range
 * is priced again by the server's preview; anything else keeps the last one and says the range.
 */
function SeatsChoice({ seats, onSeats }: { seats: number; onSeats: (seats: number) => void }) {
  const { t } = useTranslation('billing');
  const [typed, setTyped] = useState(String(seats));
  const hintId = useId();
  const inputId = useId();
  return (
    <div className="plan-change__seats">
      <label htmlFor={inputId}>{t('membership.seats')}</label>
      <input
        id={inputId}
        className="input"
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        step={1}
        required
        value={typed}
        aria-describedby={hintId}
        data-testid="confirm-seats-input"
        onChange={(event) => {
          setTyped(event.target.value);
          const n = Number(event.target.value);
          if (Number.isInteger(n) && n >= 1 && n <= 1000 && n !== seats) onSeats(n);
        }}
      />
      <p id={hintId} className="muted">
        {t('confirmChange.seatsHint')}
      </p>
    </div>
  );
}
