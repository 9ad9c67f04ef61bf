import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../i18n/use-language';
import { useCurrentUser } from '../account/use-current-user';
import { isAdmin, usesTeamPlan } from '../auth/roles';
import { PaymentsOffNotice } from '../billing/billing-notices';
import { SubscribeButton } from '../billing/subscribe-button';
import { BillingToggle } from './billing-toggle';
import { PlanCard } from './plan-card';
import { bestYearlySavingPercent, type BillingPeriod } from './plans.fns';
import { usePlans } from './use-plans';

const SKELETON_CARDS = 3;

/** The plan grid's class and column count (--plans): every plan side by side where they fit, none alone on a short row. */
export function pricingGridProps(count: number): { className: string; style: CSSProperties } {
  return { className: `pricing__grid${count > 4 ? ' pricing__grid--many' : ''}`, style: { '--plans': count } as CSSProperties };
}

/** The plans of GET /api/plans in the active language, monthly or yearly. Used on / and /pricing. */
export function PricingSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t } = useTranslation('home');
  const { language } = useLanguage();
  const { t: tBilling } = useTranslation('billing');
  const { data: user } = useCurrentUser();
  const teamPlan = usesTeamPlan(user);
  // An administrator's account buys no plan either: the admin area sets plans, their own account's too.
  const admin = isAdmin(user);
  const plans = usePlans();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const list = plans.data?.[language] ?? [];

  return (
    <section className="pricing" id="pricing" aria-labelledby="pricing-title">
      <div className="container">
        <div className="section-heading">
          <Heading id="pricing-title">{t('pricing.title')}</Heading>
          <p className="muted">{t('pricing.subtitle')}</p>
          <BillingToggle period={period} onChange={setPeriod} savingPercent={bestYearlySavingPercent(list)} />
        </div>

        {user && <PaymentsOffNotice />}
        {/* A team's manager or member works under the team's plan: nothing here is theirs to buy. */}
        {teamPlan && (
          <p className="notice notice--info" data-testid="team-plan-notice">
            {tBilling('membership.teamPlan')}
          </p>
        )}
        {admin && (
          <p className="notice notice--info" data-testid="admin-plan-notice">
            {tBilling('membership.adminPlan')} <Link to="/admin">{tBilling('membership.adminArea')}</Link>
          </p>
        )}

        {plans.isPending && (
          <div className="pricing__grid" aria-busy="true" style={{ '--plans': SKELETON_CARDS } as CSSProperties}>
            <p className="visually-hidden" role="status">
              {t('pricing.loading')}
            </p>
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <div key={index} className="plan-card plan-card--skeleton" aria-hidden="true">
                <span className="skeleton skeleton--title" />
                <span className="skeleton skeleton--price" />
                <span className="skeleton skeleton--line" />
                <span className="skeleton skeleton--line" />
                <span className="skeleton skeleton--button" />
              </div>
            ))}
          </div>
        )}

        {plans.isError && (
          <div className="panel pricing__notice" role="alert">
            <p>{t('pricing.error')}</p>
            <button type="button" className="button button--outline" onClick={() => void plans.refetch()} disabled={plans.isFetching}>
              {t('pricing.retry')}
            </button>
          </div>
        )}

        {plans.isSuccess && list.length === 0 && (
          <div className="panel pricing__notice">
            <p>{t('pricing.empty')}</p>
          </div>
        )}

        {plans.isSuccess && list.length > 0 && (
          <div {...pricingGridProps(list.length)} data-testid="pricing-grid">
            {list.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                period={period}
                language={language}
                signedIn={Boolean(user)}
                headingLevel={headingLevel === 1 ? 2 : 3}
                action={teamPlan || admin ? false : user ? <SubscribeButton plan={plan} period={period} currentPlanId={user.plan?.id ?? null} /> : undefined}
              />
            ))}
          </div>
        )}

        <p className="pricing__enterprise">
          {t('pricing.enterprise')} <Link to="/human-translation?service=quotation">{t('pricing.contactSales')}</Link>
        </p>
      </div>
    </section>
  );
}
