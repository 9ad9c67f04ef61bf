import { useTranslation } from 'react-i18next';
import { LINGUISTS } from '../../app/site-links';
import { BetaNotice } from '../../components/beta-notice';
import { Link } from 'react-router';
import { useCurrentUser } from '../account/use-current-user';
import { PricingSection } from '../plans/pricing-section';
import { Translator } from '../translator/translator';
import { useEngineStatus } from '../translator/use-engine-status';
import { HERO_SAMPLE } from './hero-sample';

const DOMAINS = ['general', 'business', 'legal', 'ecommerce'] as const;
const FEATURES = ['text', 'documents', 'websites'] as const;
const TRUST_ITEMS = ['iso', 'linguists', 'formats', 'trial'] as const;

function Hero() {
  const { t } = useTranslation('home');
  const { t: tCommon } = useTranslation();
  // The beta notice's one wording, the translator's (which the home page does not repeat under its translator).
  const { t: tTranslate } = useTranslation('translate');
  const { data: user } = useCurrentUser();
  // While only the dictionary answers, the hero does not promise accurate translation.
  const gloss = useEngineStatus().data?.gloss ?? false;
  return (
    <section className="hero" data-gloss={gloss}>
      <div className="container hero__inner">
        <div className="hero__copy">
          <span className="pill pill--accent">{t('hero.beta')}</span>
          <h1 className="hero__title">{gloss ? t('hero.titleGloss') : t('hero.title')}</h1>
          <p className="hero__subtitle">{gloss ? t('hero.subtitleGloss') : t('hero.subtitle')}</p>
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
          <BetaNotice text={tTranslate('beta')} linkText={tTranslate('orderHuman')} linkTestId="beta-order-link" />
        </div>
        <figure className="hero__sample" aria-label={t('hero.sampleLabel')}>
          <div className="sample-pane">
            <span className="sample-pane__language">{tCommon('language.en')}</span>
            <p lang="en" dir="ltr">
              {HERO_SAMPLE.en}
            </p>
          </div>
          <span className="hero__sample-arrow" aria-hidden="true">
            ⇄
          </span>
          <div className="sample-pane sample-pane--target">
            <span className="sample-pane__language">{tCommon('language.ar')}</span>
            <p lang="ar" dir="rtl">
              {HERO_SAMPLE.ar}
            </p>
          </div>
        </figure>
      </div>
      <ul className="container trust-strip">
        {TRUST_ITEMS.map((item) => (
          <li key={item}>{t(`trust.${item}`, { linguists: LINGUISTS })}</li>
        ))}
      </ul>
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
      <section id="translator" className="container page-section">
        <Translator betaNotice={false} />
      </section>
      <Features />
      <PricingSection />
    </>
  );
}
