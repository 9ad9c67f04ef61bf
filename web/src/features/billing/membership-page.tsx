import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { useLanguage } from '../../i18n/use-language';
import { BillingToggle } from '../plans/billing-toggle';
import { PlanCard } from '../plans/plan-card';
import type { BillingPeriod } from '../plans/plans.fns';
import { usePlans } from '../plans/use-plans';
import { BillingNotices } from './billing-notices';
import { formatDate, formatMoney } from './billing.fns';
import { SubscribeButton } from './subscribe-button';
import { useSavePlan, useSubscription } from './use-billing';

/** /user/membership: the current plan, trial days left, warnings, and changing plan. */
export function MembershipPage() {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const subscription = useSubscription();
  const plans = usePlans();
  const [params] = useSearchParams();
  const savePlan = useSavePlan();
  const [period, setPeriod] = useState<BillingPeriod>(params.get('frequency') === 'yearly' ? 'yearly' : 'monthly');
  const [seats, setSeats] = useState(1);
  const saved = useRef(false);
  const wanted = params.get('plan');
  const list = (plans.data?.[language] ?? []).filter((plan) => !plan.isTrial);

  // Coming from the pricing page with a plan: remember the choice (save-plan) once.
  useEffect(() => {
    if (saved.current || !wanted || !plans.data) return;
    const plan = plans.data.en.find((p) => p.slug === wanted || String(p.id) === wanted);
    if (!plan || plan.isTrial) return;
    saved.current = true;
    savePlan.mutate({ plan_id: Number(plan.id), frequency: period, seats: 1 });
  }, [wanted, plans.data, period, savePlan]);

  if (subscription.isPending) return <PageLoading />;
  const sub = subscription.data;
  const planName = sub?.plan ? (language === 'ar' ? sub.plan.name_ar : sub.plan.name_en) : '';
  const selectedId = sub?.selected_plan?.plan_id ?? null;
  const nextName = sub?.next_change?.plan ? (language === 'ar' ? sub.next_change.plan.name_ar : sub.next_change.plan.name_en) : '';

  return (
    <section className="container page-section billing-page" data-testid="membership-page">
      <header className="billing-page__header">
        <h2>{t('membership.title')}</h2>
        <p className="muted">{t('membership.subtitle')}</p>
      </header>

      <BillingNotices subscription={sub} />

      <div className="panel billing-summary" data-testid="current-plan">
        <div className="billing-summary__head">
          <div>
            <p className="billing-summary__label">{t('membership.currentPlan')}</p>
            <h3 className="billing-summary__plan" dir="auto">
              {planName}
            </h3>
          </div>
          {sub && <span className={`pill billing-status billing-status--${sub.status}`} data-testid="plan-status">{t(`status.${sub.status}`)}</span>}
        </div>
        {sub?.trial && !sub.trial.expired && (
          <p data-testid="trial-days">
            <strong>{t('membership.trialDaysLeft', { count: sub.trial.remaining_days })}</strong> · {t('membership.trialEnds', { date: formatDate(sub.trial.ends_at, language) })}
          </p>
        )}
        {sub?.trial?.expired && <p>{t('membership.trialEnded', { date: formatDate(sub.trial.ends_at, language) })}</p>}
        {sub && (sub.status === 'active' || sub.status === 'past_due') && (
          <dl className="billing-facts">
            <div>
              <dt>{t('membership.billing')}</dt>
              <dd>{t(`frequency.${sub.frequency ?? 'monthly'}`)}</dd>
            </div>
            <div>
              <dt>{t('membership.seats')}</dt>
              <dd>{sub.seats}</dd>
            </div>
            <div>
              <dt>{t('membership.amount')}</dt>
              <dd>
                <bdi>{formatMoney(sub.amount ?? 0, language)}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('membership.renews')}</dt>
              <dd>{formatDate(sub.expires_at, language)}</dd>
            </div>
          </dl>
        )}
        {sub?.next_change && (
          <p className="muted" data-testid="next-change">
            {t('membership.nextChange', { plan: nextName, date: formatDate(sub.next_change.starts_at, language) })}
          </p>
        )}
        <div className="billing-summary__actions">
          <Link className="button button--ghost button--small" to="/user/payment-management">
            {t('membership.paymentManagement')}
          </Link>
          <Link className="button button--ghost button--small" to="/user/invoices">
            {t('membership.invoices')}
          </Link>
        </div>
      </div>

      <div id="change-plan" className="billing-plans">
        <div className="billing-plans__head">
          <h3>{sub?.status === 'active' ? t('membership.changePlan') : t('membership.choosePlan')}</h3>
          <BillingToggle period={period} onChange={setPeriod} />
          <label className="billing-seats">
            {t('membership.seatsLabel')}
            <input type="number" min={1} max={1000} value={seats} onChange={(event) => setSeats(Math.max(1, Number(event.target.value) || 1))} data-testid="seats" />
          </label>
        </div>
        <p className="muted">{t('membership.changeRules')}</p>
        <div className="pricing__grid">
          {list.map((plan) => (
            <div key={plan.id} className={String(plan.id) === String(selectedId) ? 'billing-plans__selected' : undefined}>
              <PlanCard
                plan={plan}
                period={period}
                language={language}
                signedIn
                action={<SubscribeButton plan={plan} period={period} currentPlanId={sub?.status === 'active' || sub?.status === 'past_due' ? (sub.plan?.id ?? null) : null} seats={seats} />}
              />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
