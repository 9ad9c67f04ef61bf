import { createElement, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import type { PlanPreview, SubscribeAnswer } from './billing-types';
import { PlanChangeDialog } from './plan-change-dialog';
import { subscribeErrorMessage, subscribeOutcome } from './billing.fns';
import { useCaptureInvoice, usePlanPreview, useSubscribe, type PlanChoice } from './use-billing';

/** Sends the browser to a hosted checkout: our own pages by route, a gateway's by address. */
export function useGoToCheckout() {
  const navigate = useNavigate();
  return (url: string) => (url.startsWith('/') ? navigate(url) : window.location.assign(url));
}

/**
 * Subscribe (or pay an invoice) with the answers of spec section 4: 200 -> success dialog,
 * then /user/membership (or a hosted checkout); 201 -> error dialog with the message; any
 * other status -> error dialog with the first of error_codes. A plan change is never one
 * click: `review` asks the server what it will charge (plan-preview) and shows `dialog`;
 * only its confirm subscribes.
 */
export function useSubscribeFlow() {
  const { t } = useTranslation('billing');
  const { showDialog } = useDialog();
  const navigate = useNavigate();
  const goToCheckout = useGoToCheckout();
  const subscribe = useSubscribe();
  const capture = useCaptureInvoice();
  const preview = usePlanPreview();
  // The button that asked for the review: disabled while the preview loads, it has lost the focus when the dialog opens.
  const [review, setReview] = useState<{ choice: PlanChoice; preview: PlanPreview; opener: Element | null } | null>(null);
  // Each preview asked for is numbered: only the latest one's answer is shown (seats typed one after another ask
  // in turn, and an earlier answer may come last).
  const asked = useRef(0);
  /** The seats chosen in the confirmation: the choice changes at once, and its price is asked of the server again. */
  const choose = (seats: number) => {
    if (!review) return;
    const choice = { ...review.choice, seats };
    const n = ++asked.current;
    setReview({ ...review, choice });
    preview.mutateAsync(choice).then((next) => {
      if (n === asked.current && next.kind !== 'unchanged') setReview((current) => current && { ...current, preview: next });
    }, fail);
  };

  function answer(result: SubscribeAnswer | undefined, after: string) {
    const outcome = subscribeOutcome(result, t('subscribe.done'));
    if (outcome.kind === 'redirect') return goToCheckout(outcome.url);
    if (outcome.kind === 'widget') return navigate(`/checkout/hyperpay?${new URLSearchParams({ id: outcome.checkoutId, script: outcome.scriptUrl })}`);
    if (outcome.kind === 'refused') return showDialog({ modalType: 'error', message: outcome.message });
    return showDialog({ modalType: 'success', message: outcome.message, onConfirm: () => void navigate(after) });
  }

  function fail(error: unknown) {
    showDialog({ modalType: 'error', message: isApiError(error) && error.status !== 0 ? subscribeErrorMessage(error) : t('errors.generic') });
  }

  const start = (choice: PlanChoice) => subscribe.mutateAsync(choice).then((result) => answer(result, '/user/membership'), fail);

  return {
    pending: subscribe.isPending || capture.isPending || preview.isPending,
    review: (choice: PlanChoice) => {
      const opener = document.activeElement;
      ++asked.current;
      return preview.mutateAsync(choice).then(
        (answer) => (answer.kind === 'unchanged' ? showDialog({ modalType: 'info', message: t('confirmChange.unchanged') }) : setReview({ choice, preview: answer, opener })),
        fail,
      );
    },
    dialog: createElement(PlanChangeDialog, {
      preview: review?.preview ?? null,
      // Not confirmed while the seats chosen are not yet the ones priced.
      busy: subscribe.isPending || (review !== null && (preview.isPending || (review.choice.seats ?? review.preview.seats) !== review.preview.seats)),
      seats: review?.choice.seats ?? review?.preview.seats ?? 1,
      onSeats: choose,
      opener: review?.opener ?? null,
      onCancel: () => setReview(null),
      onConfirm: () => {
        const choice = review?.choice;
        setReview(null);
        if (choice) void start(choice);
      },
    }),
    payInvoice: (invoiceId?: number) => capture.mutateAsync(invoiceId).then((result) => answer(result, '/user/payment-management'), fail),
  };
}
