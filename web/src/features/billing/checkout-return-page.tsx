import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { PageLoading } from '../../components/page-loading';
import { useCheckoutReturn } from './use-billing';

/**
 * /checkout/return: where every hosted checkout sends the shopper back. Stripe and the
 * sandbox add session_id (a 3-D Secure check: setup_intent), HyperPay adds id and
 * resourcePath. The server asks the gateway how it ended; a replayed return is harmless.
 */
export function CheckoutReturnPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const checkout = useCheckoutReturn();
  const started = useRef(false);
  const resourcePath = params.get('resourcePath');
  const sessionId = params.get('session_id') ?? params.get('setup_intent') ?? undefined;
  const hyperpayId = params.get('id');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const input = resourcePath && hyperpayId ? { hyperpay: { id: hyperpayId, path: resourcePath } } : { sessionId };
    // A payment that went through is said once, by the page itself (no success dialog on top of it).
    checkout.mutate(input);
  }, [checkout, hyperpayId, resourcePath, sessionId]);

  const answer = checkout.data;
  return (
    <section className="container page-section billing-page" data-testid="checkout-return">
      <div className="panel checkout-result">
        {(checkout.isPending || checkout.isIdle) && (
          <>
            <h1>{t('checkout.checking')}</h1>
            <PageLoading />
          </>
        )}
        {checkout.isError && (
          <>
            <h1>{t('checkout.failedTitle')}</h1>
            <p className="notice notice--error" role="alert">
              {isApiError(checkout.error) ? checkout.error.message : t('errors.generic')}
            </p>
            <Link className="button button--primary" to="/user/membership">
              {t('checkout.toMembership')}
            </Link>
          </>
        )}
        {answer?.status === 'paid' && (
          <>
            <h1 data-testid="checkout-paid">{t('checkout.paidTitle')}</h1>
            <p>{answer.message}</p>
            <Link className="button button--primary" to={answer.purpose === 'subscribe' ? '/user/membership' : '/user/payment-management'} data-testid="checkout-continue">
              {t('checkout.continue')}
            </Link>
          </>
        )}
        {answer?.status === 'open' && (
          <>
            <h1>{t('checkout.pendingTitle')}</h1>
            <p>{answer.message}</p>
            <button type="button" className="button button--primary" onClick={() => checkout.mutate(resourcePath && hyperpayId ? { hyperpay: { id: hyperpayId, path: resourcePath } } : { sessionId })}>
              {t('checkout.checkAgain')}
            </button>
          </>
        )}
        {answer?.status === 'failed' && (
          <div data-testid="checkout-failed">
            <h1>{answer.message}</h1>
            <p>{answer.hint}</p>
            <div className="billing-summary__actions">
              {answer.checkout_url ? (
                <a className="button button--primary" href={answer.checkout_url} data-testid="back-to-checkout">
                  {answer.back_to_checkout}
                </a>
              ) : (
                <Link className="button button--primary" to="/user/membership" data-testid="back-to-checkout">
                  {answer.back_to_checkout}
                </Link>
              )}
              <Link className="button button--ghost" to="/user/membership">
                {t('checkout.toMembership')}
              </Link>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
