import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, isApiError } from '../../api/client';
import { PageLoading } from '../../components/page-loading';
import { useLanguage } from '../../i18n/use-language';
import type { CardForm, SandboxPaid, SandboxSession } from './billing-types';
import { formatMoney } from '../../i18n/format';
import { validateCard } from './billing.fns';
import { CardFields } from './card-fields';
import { billingKeys } from './use-billing';

const TEST_CARDS = [
  { number: '4242 4242 4242 4242', key: 'sandbox.cards.success' },
  { number: '4000 0000 0000 0002', key: 'sandbox.cards.decline' },
  { number: '4000 0000 0000 3220', key: 'sandbox.cards.authentication' },
  { number: '4000 0000 0000 0341', key: 'sandbox.cards.declineLater' },
] as const;

/**
 * /sandbox/checkout/:id: the sandbox gateway's hosted checkout page (test mode, no real
 * money). It plays the part of Stripe's page: the card goes to the gateway, which then
 * sends the shopper back to /checkout/return.
 */
export function SandboxCheckoutPage() {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const session = useQuery({
    queryKey: billingKeys.sandbox(id),
    queryFn: async ({ signal }) => (await api.get<{ data: SandboxSession }>(`/api/sandbox/checkout/${encodeURIComponent(id)}`, { signal })).data,
    retry: false,
  });
  const [card, setCard] = useState<CardForm>({ card_name: '', card_number: '', expiry: '', cvv: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof CardForm, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (session.isPending) return <PageLoading />;
  if (session.isError || !session.data) {
    return (
      <section className="container page-section">
        <p className="notice notice--error">{isApiError(session.error) ? session.error.message : t('errors.generic')}</p>
      </section>
    );
  }
  const data = session.data;
  const authenticate = data.mode === 'authenticate';

  async function pay(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!authenticate) {
      const found = validateCard(card, new Date());
      setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key as 'card.errors.nameRequired')])));
      if (Object.keys(found).length) return;
    }
    setBusy(true);
    try {
      const answer = await api.post<SandboxPaid>(`/api/sandbox/checkout/${encodeURIComponent(id)}/pay`, authenticate ? {} : card);
      window.location.assign(answer.redirect_url);
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.status === 422) setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list[0]])));
      // A declined card (402): the gateway's message says what happened, the hint what to do next.
      else setFailure(isApiError(error) ? (error.status === 402 ? `${error.message} ${t('sandbox.declinedHint')}` : error.message) : t('errors.generic'));
    }
  }

  return (
    <section className="container page-section sandbox-checkout" data-testid="sandbox-checkout">
      <div className="sandbox-checkout__frame">
        <header className="sandbox-checkout__header">
          <span className="sandbox-checkout__brand">{t('sandbox.brand')}</span>
          <span className="pill pill--accent">{t('sandbox.testMode')}</span>
        </header>
        <div className="sandbox-checkout__summary">
          <p className="notice notice--info" role="note" data-testid="sandbox-test-notice">
            {t('sandbox.testNotice')}
          </p>
          <p className="muted">{authenticate ? t('sandbox.authenticateTitle') : t('sandbox.payTo')}</p>
          <p className="sandbox-checkout__amount" data-testid="sandbox-amount">
            <bdi>{authenticate ? data.description : formatMoney(data.amount, language)}</bdi>
          </p>
          {!authenticate && (
            <p className="sandbox-checkout__description" dir="auto">
              {data.description}
            </p>
          )}
        </div>
        {data.status === 'paid' ? (
          <p className="notice notice--success">{t('sandbox.alreadyPaid')}</p>
        ) : (
          <form onSubmit={(event) => void pay(event)} noValidate>
            {authenticate ? <p>{t('sandbox.authenticateBody')}</p> : <CardFields value={card} errors={errors} onChange={setCard} />}
            {failure && (
              <p className="notice notice--error" role="alert" data-testid="sandbox-error">
                {failure}
              </p>
            )}
            <button type="submit" className="button button--primary button--large sandbox-checkout__pay" disabled={busy} data-testid="sandbox-pay">
              {authenticate ? (
                t('sandbox.authenticate')
              ) : (
                <>
                  {t('sandbox.pay')} <bdi>{formatMoney(data.amount, language)}</bdi>
                </>
              )}
            </button>
            <a className="sandbox-checkout__cancel" href={data.cancel_url}>
              {t('sandbox.cancel')}
            </a>
          </form>
        )}
        {!authenticate && (
          <details className="sandbox-checkout__cards">
            <summary>{t('sandbox.testCards')}</summary>
            <ul>
              {TEST_CARDS.map((item) => (
                <li key={item.number}>
                  <code dir="ltr">{item.number}</code> — {t(item.key)}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </section>
  );
}
