import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BillingPeriod, DisplayPlan } from '../plans/plans.fns';
import { paymentBlock } from './billing.fns';
import { paymentsOffDescription } from './notice-box';
import { useSubscription } from './use-billing';
import { useSubscribeFlow } from './use-subscribe-flow';

export const ENTERPRISE_SLUG = 'enterprise';

/**
 * A plan card's button for a signed-in user: subscribe (or switch) to a paid plan, ask for
 * a quotation for enterprise; the trial and the current plan are labels. Disabled until the
 * subscription is known, and while payments are not set up (described by the page's "not set
 * up yet" notice).
 */
export function SubscribeButton({ plan, period, currentPlanId, seats }: { plan: DisplayPlan; period: BillingPeriod; currentPlanId: number | string | null; seats?: number }) {
  const { t } = useTranslation('billing');
  const flow = useSubscribeFlow();
  const subscription = useSubscription();
  const block = paymentBlock(subscription, 'subscribe');
  const featured = plan.badgeTitle !== '';
  if (plan.slug === ENTERPRISE_SLUG) {
    return (
      <Link className="button button--outline plan-card__button" to="/human-translation?service=quotation" data-testid="quotation-link">
        {t('plans.requestQuotation')}
      </Link>
    );
  }
  if (plan.isTrial || String(plan.id) === String(currentPlanId)) {
    return (
      <span className="button button--ghost plan-card__button plan-card__button--static" aria-disabled="true">
        {String(plan.id) === String(currentPlanId) ? t('plans.current') : t('plans.trialIncluded')}
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        className={`button ${featured ? 'button--primary' : 'button--outline'} plan-card__button`}
        data-testid="subscribe-button"
        disabled={flow.pending || block !== null}
        aria-describedby={paymentsOffDescription(block)}
        onClick={() => void flow.review({ plan_id: Number(plan.id), frequency: period, seats })}
      >
        {t('plans.subscribe')}
      </button>
      {flow.dialog}
    </>
  );
}
