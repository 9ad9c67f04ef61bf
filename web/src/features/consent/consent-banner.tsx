import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConsent } from './use-consent';

/** Asks for cookie consent until the visitor accepts or declines. */
export function ConsentBanner() {
  const { t } = useTranslation();
  const { choice, accept, decline } = useConsent();
  if (choice) return null;
  return (
    <section className="consent-banner" data-testid="consent-banner" role="region" aria-labelledby="consent-title">
      <div className="consent-banner__text">
        <h2 id="consent-title" className="consent-banner__title">
          {t('consent.title')}
        </h2>
        <p>
          {t('consent.message')} <Link to="/privacy">{t('consent.privacyLink')}</Link>
        </p>
      </div>
      <div className="consent-banner__actions">
        <button type="button" className="button button--ghost" data-testid="consent-decline" onClick={decline}>
          {t('consent.decline')}
        </button>
        <button type="button" className="button button--primary" data-testid="consent-accept" onClick={accept}>
          {t('consent.accept')}
        </button>
      </div>
    </section>
  );
}
