import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatList, formatNumber } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { useCurrentUser } from '../account/use-current-user';
import { useLimits } from '../account/use-limits';
import { PricingSection } from '../plans/pricing-section';

const DOMAINS = ['general', 'business', 'legal', 'ecommerce'] as const;
const FEATURES = ['text', 'documents', 'websites'] as const;
const TRUST_ITEMS = ['iso', 'linguists', 'formats', 'trial'] as const;

function Hero() {
  const { t } = useTranslation('home');
  const { t: tCommon } = useTranslation();
  const { data: user } = useCurrentUser();
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__copy">
          <span className="pill pill--accent">{t('hero.beta')}</span>
          <h1 className="hero__title">{t('hero.title')}</h1>
          <p className="hero__subtitle">{t('hero.subtitle')}</p>
          <div className="hero__actions">
            <a className="button button--primary button--large" href="#translator">
              {t('hero.ctaTranslate')}
            </a>
            {!user && (
              <Link className="button button--outline button--large" to="/register">
                {t('hero.ctaSignUp')}
              </Link>
            )}
          </div>
          <p className="beta-notice" role="note">
            <span className="beta-notice__icon" aria-hidden="true">
              !
            </span>
            <span>
              {t('hero.betaNotice')}{' '}
              <Link to="/human-translation" data-testid="beta-order-link">
                {t('hero.orderHuman')}
              </Link>
            </span>
          </p>
        </div>
        <figure className="hero__sample" aria-label={t('hero.sampleLabel')}>
          <div className="sample-pane">
            <span className="sample-pane__language">{tCommon('language.en')}</span>
            <p lang="en" dir="ltr">
              Our team will review the contract and send the signed copy by Thursday.
            </p>
          </div>
          <span className="hero__sample-arrow" aria-hidden="true">
            ⇄
          </span>
          <div className="sample-pane sample-pane--target">
            <span className="sample-pane__language">{tCommon('language.ar')}</span>
            <p lang="ar" dir="rtl">
              سيراجع فريقنا العقد ويرسل النسخة الموقّعة بحلول يوم الخميس.
            </p>
          </div>
        </figure>
      </div>
      <ul className="container trust-strip">
        {TRUST_ITEMS.map((item) => (
          <li key={item}>{t(`trust.${item}`)}</li>
        ))}
      </ul>
    </section>
  );
}

/** Where the translator goes; until then it shows the limits the visitor has. */
function TranslatorPlaceholder() {
  const { t } = useTranslation('home');
  const { t: tCommon } = useTranslation();
  const { language } = useLanguage();
  const limits = useLimits();
  const number = (value: number) => formatNumber(value, language);
  const items = [
    t('translator.charLimit', { value: number(limits.charLimit) }),
    t('translator.requestQuota', { value: number(limits.requestQuota) }),
    t('translator.docQuota', { value: number(limits.docRequestQuota) }),
    t('translator.maxFileSize', { value: number(limits.maxDocSize) }),
    t('translator.docWords', { value: number(limits.docWordsCount) }),
    t('translator.fileFormats', { value: formatList(limits.fileFormats.map((format) => format.toUpperCase()), language) || '—' }),
    ...(limits.trialRemainingDays !== null ? [t('translator.trialDays', { value: number(limits.trialRemainingDays) })] : []),
  ];
  return (
    <section id="translator" className="container page-section translator-placeholder" aria-labelledby="translator-title">
      <div className="panel">
        <div className="translator-placeholder__heading">
          <h2 id="translator-title">{t('translator.title')}</h2>
          <span className="pill pill--accent">{tCommon('comingSoon.badge')}</span>
        </div>
        <h3 className="translator-placeholder__limits-title">
          {limits.isGuest ? t('translator.limitsGuest') : t('translator.limitsUser')}
        </h3>
        <ul className="limit-list">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        {limits.isGuest && (
          <p className="translator-placeholder__prompt">
            <Link to="/register">{t('translator.guestPrompt')}</Link>
          </p>
        )}
      </div>
    </section>
  );
}

function Features() {
  const { t } = useTranslation('home');
  return (
    <section className="container page-section" aria-labelledby="features-title">
      <div className="section-heading">
        <h2 id="features-title">{t('features.title')}</h2>
      </div>
      <div className="feature-grid">
        {FEATURES.map((feature) => (
          <article key={feature} className="feature-card">
            <h3>{t(`features.${feature}.title`)}</h3>
            <p className="muted">{t(`features.${feature}.body`)}</p>
          </article>
        ))}
      </div>
      <div className="domains">
        <h3 className="domains__title">{t('domains.title')}</h3>
        <ul className="domains__list">
          {DOMAINS.map((domain) => (
            <li key={domain} className="pill">
              {t(`domains.${domain}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function HomePage() {
  return (
    <>
      <Hero />
      <TranslatorPlaceholder />
      <Features />
      <PricingSection />
    </>
  );
}
