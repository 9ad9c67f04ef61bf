import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import type { CardForm } from './billing-types';
import { PaymentsOffNotice } from './billing-notices';
import { paymentBlock, validateCard } from './billing.fns';
import { CardFields } from './card-fields';
import { paymentsOffDescription } from './notice-box';
import { useSubscription, useUpdateBillingCard } from './use-billing';

const EMPTY: CardForm = { card_name: '', card_number: '', expiry: '', cvv: '' };

/**
 * /user/billing-card: add or update the card (sent to the payment gateway; we keep its token).
 * While payments are not set up there is no gateway to take it: the page says so and saving
 * is disabled.
 */
export function BillingCardPage() {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const { showDialog, showError } = useDialog();
  const save = useUpdateBillingCard();
  const subscription = useSubscription();
  const block = paymentBlock(subscription, 'payment');
  const [card, setCard] = useState<CardForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CardForm, string>>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateCard(card, new Date());
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key as 'card.errors.nameRequired')])));
    if (Object.keys(found).length) return;
    try {
      const answer = await save.mutateAsync(card);
      setCard(EMPTY);
      showDialog({ modalType: 'success', message: answer?.message, onConfirm: () => void navigate('/user/payment-management') });
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list[0]])));
        return;
      }
      showError(error);
    }
  }

  return (
    <section className="container page-section billing-page" data-testid="billing-card-page">
      <header className="billing-page__header">
        <h1>{t('card.title')}</h1>
        <p className="muted">{t('card.subtitle')}</p>
      </header>
      <PaymentsOffNotice />
      <form className="panel billing-form" onSubmit={(event) => void submit(event)} noValidate>
        <CardFields value={card} errors={errors} onChange={setCard} />
        <p className="muted billing-form__note">{t('card.security')}</p>
        <div className="billing-summary__actions">
          <button type="submit" className="button button--primary" disabled={save.isPending || block !== null} aria-describedby={paymentsOffDescription(block)} data-testid="save-card">
            {t('card.save')}
          </button>
          <Link className="button button--ghost" to="/user/payment-management">
            {t('card.cancel')}
          </Link>
        </div>
      </form>
    </section>
  );
}
