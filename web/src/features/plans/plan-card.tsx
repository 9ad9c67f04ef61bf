import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '../../api/types';
import { isolate } from '../../i18n/format';
import { badgeTextColor, formatPlanPrice, planPriceLabel, yearlySaving, type BillingPeriod, type DisplayPlan } from './plans.fns';

const ENTERPRISE_SLUG = 'enterprise';

function planLink(plan: DisplayPlan, period: BillingPeriod, signedIn: boolean): string {
  if (plan.slug === ENTERPRISE_SLUG) return '/human-translation?service=quotation';
  const query = new URLSearchParams({ plan: String(plan.slug || plan.id), frequency: period });
  return signedIn ? `/user/membership?${query}` : `/register?${query}`;
}

function isCssColor(value: string): boolean {
  return value !== '' && (typeof CSS === 'undefined' || CSS.supports('color', value));
}

export function PlanCard({
  plan,
  period,
  language,
  signedIn,
  action,
  headingLevel = 3,
}: {
  plan: DisplayPlan;
  period: BillingPeriod;
  language: Language;
  signedIn: boolean;
  /** Replaces the card's link (signed-in screens put their subscribe button here); `false`: no button at all. */
  action?: ReactNode | false;
  /** The level of the plan's name: one below the heading of the section the cards sit in. */
  headingLevel?: 2 | 3 | 4;
}) {
  const { t } = useTranslation('home');
  const NameHeading = `h${headingLevel}` as const;
  const FeaturesHeading = `h${headingLevel + 1}` as 'h3' | 'h4' | 'h5';
  const badgeStyle: CSSProperties | undefined = isCssColor(plan.badgeColor)
    ? { backgroundColor: plan.badgeColor, color: badgeTextColor(plan.badgeColor) }
    : undefined;
  const featured = plan.badgeTitle !== '';
  // The admin's own lines, then what the plan's switches include that users compare plans on.
  const features = plan.api ? [...plan.features, t('pricing.api')] : plan.features;
  // Enterprise is sold by quotation: no list price.
  const byQuotation = plan.slug === ENTERPRISE_SLUG;
  // Billed yearly, a card says what that saves against paying monthly (DeepL and Google say it too).
  const saving = period === 'yearly' && !byQuotation && !plan.isTrial ? yearlySaving(plan) : null;
  const periodLabel = byQuotation
    ? t('pricing.customNote')
    : plan.isTrial
    ? t('pricing.trialPeriod')
    : period === 'yearly'
      ? t('pricing.perUserYear')
      : t('pricing.perUserMonth');

  return (
    <article className={`plan-card${featured ? ' plan-card--featured' : ''}`} data-testid="plan-card" data-plan={plan.slug}>
      <header className="plan-card__header">
        <NameHeading className="plan-card__name" dir="auto">
          {plan.name}
        </NameHeading>
        {featured && (
          <span className="plan-card__badge" style={badgeStyle} dir="auto">
            {plan.badgeTitle}
          </span>
        )}
      </header>
      <p className="plan-card__price">
        <span className="plan-card__amount">
          <bdi>{byQuotation ? t('pricing.custom') : planPriceLabel(plan, period, language)}</bdi>
        </span>
        <span className="plan-card__period">{periodLabel}</span>
      </p>
      {saving && (
        <p className="plan-card__saving" data-testid="plan-yearly-saving">
          {t('pricing.yearlySaving', { amount: isolate(formatPlanPrice(saving.amount, plan.symbol, language)) })}
        </p>
      )}
      {plan.description && (
        <p className="plan-card__description">
          {plan.description}
        </p>
      )}
      {action === false ? null : (action ?? (
        <Link className={`button ${featured ? 'button--primary' : 'button--outline'} plan-card__button`} to={planLink(plan, period, signedIn)}>
          {plan.buttonText || t('pricing.choosePlan')}
        </Link>
      ))}
      {plan.textUnderButton && (
        <p className="plan-card__under-button">
          {plan.textUnderButton}
        </p>
      )}
      {features.length > 0 && (
        <>
          <FeaturesHeading className="plan-card__features-title">{t('pricing.features')}</FeaturesHeading>
          <ul className="plan-card__features">
            {features.map((feature, index) => (
              <li key={index} data-feature={plan.api && index === features.length - 1 ? 'api' : undefined}>
                {feature}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
