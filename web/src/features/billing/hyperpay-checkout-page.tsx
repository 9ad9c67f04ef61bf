import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLanguage } from '../../i18n/use-language';

/**
 * /checkout/hyperpay?id=&script=: HyperPay's COPYandPAY widget. The script comes from
 * HyperPay's host (allowed by the Content-Security-Policy when HyperPay is configured);
 * the widget posts the card to HyperPay and sends the shopper to /checkout/return with
 * id and resourcePath.
 */
export function HyperPayCheckoutPage() {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const script = params.get('script') ?? '';
  const valid = /^https?:\/\/[^/]+\/v1\/paymentWidgets\.js\?checkoutId=/.test(script);

  useEffect(() => {
    if (!valid) return;
    (window as unknown as { wpwlOptions: unknown }).wpwlOptions = { locale: language, style: 'card' };
    const element = document.createElement('script');
    element.src = script;
    element.async = true;
    document.body.appendChild(element);
    return () => element.remove();
  }, [script, valid, language]);

  return (
    <section className="container page-section billing-page" data-testid="hyperpay-checkout">
      <div className="panel">
        <h1>{t('checkout.hyperpayTitle')}</h1>
        {valid ? (
          <form action={`${window.location.origin}/checkout/return`} className="paymentWidgets" data-brands="VISA MASTER MADA" />
        ) : (
          // A broken address (no checkout to show): say so, and lead back to where a checkout starts.
          <>
            <p className="notice notice--error" role="alert" data-testid="hyperpay-invalid">
              {t('errors.generic')}
            </p>
            <Link className="button button--primary" to="/user/membership">
              {t('checkout.toMembership')}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
