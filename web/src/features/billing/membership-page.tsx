import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDialog } from '../../app/dialog-context';
import { FormDialog } from '../../components/form-dialog';
import { PageLoading } from '../../components/page-loading';
import { useLanguage } from '../../i18n/use-language';
import { BillingToggle } from '../plans/billing-toggle';
import { PlanCard } from '../plans/plan-card';
import { pricingGridProps } from '../plans/pricing-section';
import { bestYearlySavingPercent, type BillingPeriod } from '../plans/plans.fns';
import { usePlans } from '../plans/use-plans';
import { AddCardLink, BillingNotices } from './billing-notices';
import { formatMoney } from '../../i18n/format';
import { hasSeatsForm, membershipLinks, paymentBlock, pickedPlanId, seatsIntent, statusBadge } from './billing.fns';
import { paymentsOffDescription } from './notice-box';
import { SavedCard } from './saved-card';
import { SubscribeButton } from './subscribe-button';
import type { Subscription } from './billing-types';
import { useInvoices, useSavePlan, useSubscription, useSubscriptionCancel } from './use-billing';
import { useSubscribeFlow } from './use-subscribe-flow';
import { formatDate, isolate } from '../../i18n/format';
import { useCurrentUser } from '../account/use-current-user';
import { isAdmin, usesTeamPlan } from '../auth/roles';

/** /user/membership: the current plan, trial days left, warnings, and changing plan. */
export function MembershipPage() {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const subscription = useSubscription();
  const { data: user } = useCurrentUser();
  const plans = usePlans();
  const [params] = useSearchParams();
  const savePlan = useSavePlan();
  const teamPlan = usesTeamPlan(user);
  // A team's member has invoices only from before they joined: read to know whether to offer the list (membershipLinks).
  const invoices = useInvoices({ enabled: teamPlan });
  const [period, setPeriod] = useState<BillingPeriod>(params.get('frequency') === 'yearly' ? 'yearly' : 'monthly');
  const [seats, setSeats] = useState(1);
  const saved = useRef(false);
  // The plan picker starts at the seats the live subscription pays for, so changing plan keeps them unless changed.
  const live = subscription.data?.status === 'active' || subscription.data?.status === 'past_due';
  const paidSeats = live ? (subscription.data?.seats ?? 1) : 1;
  useEffect(() => setSeats(paidSeats), [paidSeats]);
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
  const links = membershipLinks(teamPlan, Boolean(sub?.card), invoices.data?.length);
  const planName = sub?.plan ? (language === 'ar' ? sub.plan.name_ar : sub.plan.name_en) : '';
  const selectedId = pickedPlanId(sub);
  const nextName = sub?.next_change?.plan ? (language === 'ar' ? sub.next_change.plan.name_ar : sub.next_change.plan.name_en) : '';
  const seatsForm = hasSeatsForm(sub);

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
          {/* A member without a subscription of their own is on the team's plan, not "No plan". */}
          {sub && !(teamPlan && sub.status === 'none') && <span className={`pill billing-status billing-status--${statusBadge(sub)}`} data-testid="plan-status">{t(`status.${statusBadge(sub)}`)}</span>}
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
              {/* Canceled: the date ends the plan, nothing renews on it (the badge says Canceled). */}
              <dt data-testid="period-end-label">{t(sub.cancellation ? 'membership.ends' : 'membership.renews')}</dt>
              <dd>{formatDate(sub.expires_at, language)}</dd>
            </div>
          </dl>
        )}
        {sub?.next_change && <NextChange subscription={sub} nextName={nextName} />}
        {sub?.card && (
          <div className="billing-summary__card" data-testid="membership-card">
            <div>
              <p className="billing-summary__label">{t('payment.card')}</p>
              <SavedCard card={sub.card} />
            </div>
            <AddCardLink block={paymentBlock({ data: sub, isPending: false }, 'payment')} label={t('payment.changeCard')} testId="membership-change-card" tone="ghost" />
          </div>
        )}
        {links.teamPays && (
          <p className="muted billing-summary__note" data-testid="membership-team-pays">
            {t('payment.teamPays')}
          </p>
        )}
        {(links.paymentManagement || links.invoices) && (
          <div className="billing-summary__actions">
            {links.paymentManagement && (
              <Link className="button button--ghost button--small" to="/user/payment-management" data-testid="membership-payment-management">
                {t('membership.paymentManagement')}
              </Link>
            )}
            {links.invoices && (
              <Link className="button button--ghost button--small" to="/user/invoices" data-testid="membership-invoices">
                {t('membership.invoices')}
              </Link>
            )}
          </div>
        )}
      </div>

      {sub && sub.status === 'active' && sub.source === 'paid' && <SubscriptionControls subscription={sub} seats={seats} onSeatsChange={setSeats} seatsForm={seatsForm} />}

      {teamPlan ? (
        <p id="change-plan" className="notice notice--info" data-testid="team-plan-notice">
          {t('membership.teamPlan')}
        </p>
      ) : isAdmin(user) ? (
        <p id="change-plan" className="notice notice--info" data-testid="admin-plan-notice">
          {t('membership.adminPlan')} <Link to="/admin">{t('membership.adminArea')}</Link>
        </p>
      ) : (
        <div id="change-plan" className="billing-plans">
          <div className="billing-plans__head">
            <h3>{sub?.status === 'active' ? t('membership.changePlan') : t('membership.choosePlan')}</h3>
            <BillingToggle period={period} onChange={setPeriod} savingPercent={bestYearlySavingPercent(list)} />
            {!seatsForm && (
              <label className="billing-seats">
                {t('membership.seatsLabel')}
                <SeatsInput value={seats} onChange={setSeats} testId="seats" />
              </label>
            )}
          </div>
          <p className="muted">{t('membership.changeRules')}</p>
          {seatsForm && (
            <p className="muted" data-testid="seats-from-team">
              {t('membership.seatsFromTeam')}
            </p>
          )}
          {/* Laid out as on the pricing page: three columns by default left Enterprise alone on a row. */}
          <div {...pricingGridProps(list.length)}>
            {list.map((plan) => (
              <div key={plan.id} className={String(plan.id) === String(selectedId) ? 'billing-plans__selected' : undefined}>
                <PlanCard
                  plan={plan}
                  period={period}
                  language={language}
                  signedIn
                  headingLevel={4}
                  action={<SubscribeButton plan={plan} period={period} currentPlanId={sub?.status === 'active' || sub?.status === 'past_due' ? (sub.plan?.id ?? null) : null} seats={seats} />}
                />
              </div>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

/** The number of seats, 1 to 1000: the one input of the membership page (the plan picker's, or a team plan's seats form). */
function SeatsInput({ value, onChange, testId }: { value: number; onChange: (seats: number) => void; testId: string }) {
  return <input type="number" min={1} max={1000} value={value} onChange={(event) => onChange(Math.max(1, Number(event.target.value) || 1))} data-testid={testId} />;
}

/**
 * The change scheduled for the renewal (a downgrade, fewer seats, another billing period), and the
 * way back: reviewing the plan as it is now drops the change ("keep" in the preview), nothing charged.
 */
function NextChange({ subscription: sub, nextName }: { subscription: Subscription; nextName: string }) {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const flow = useSubscribeFlow();
  const planName = sub.plan ? (language === 'ar' ? sub.plan.name_ar : sub.plan.name_en) : '';
  return (
    <div className="billing-next-change" data-testid="next-change">
      <p className="muted">{t('membership.nextChange', { plan: isolate(nextName), date: formatDate(sub.next_change!.starts_at, language) })}</p>
      {sub.plan && (
        <button
          type="button"
          className="button button--outline button--small"
          data-testid="keep-plan"
          disabled={flow.pending}
          onClick={() => void flow.review({ plan_id: sub.plan!.id, frequency: sub.frequency ?? 'monthly', seats: sub.seats ?? 1 })}
        >
          {t('membership.keepPlan', { plan: isolate(planName) })}
        </button>
      )}
      {flow.dialog}
    </div>
  );
}

/**
 * A paid subscription's own controls: seats on a team plan (prorated, confirmed first) and
 * cancel at period end, or resume a cancellation before the period ends. More seats are paid
 * for at once, so they wait while payments are not set up; fewer seats need no payment.
 */
function SubscriptionControls({ subscription: sub, seats, onSeatsChange, seatsForm }: { subscription: Subscription; seats: number; onSeatsChange: (seats: number) => void; seatsForm: boolean }) {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const { showDialog, showError } = useDialog();
  const flow = useSubscribeFlow();
  const { cancel, resume } = useSubscriptionCancel();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const endsAt = formatDate(sub.cancellation?.ends_at ?? sub.expires_at, language);
  const seatsBlock = paymentBlock({ data: sub, isPending: false }, seatsIntent(sub.seats ?? 1, seats));
  const done = (answer: { status?: number; message?: string }) => showDialog({ modalType: answer.status === 201 ? 'error' : 'success', message: answer.message });

  return (
    <div className="billing-controls">
      {seatsForm && (
        <form
          id="seats"
          className="panel billing-controls__seats"
          data-testid="seats-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (sub.plan) void flow.review({ plan_id: sub.plan.id, frequency: sub.frequency ?? 'monthly', seats });
          }}
        >
          <h3>{t('subscriptionControls.seatsTitle')}</h3>
          <p className="muted">{t('subscriptionControls.seatsBody', { count: sub.seats ?? 1 })}</p>
          <label className="billing-seats">
            {t('membership.seats')}
            <SeatsInput value={seats} onChange={onSeatsChange} testId="seats-change" />
          </label>
          <button
            type="submit"
            className="button button--outline button--small"
            disabled={flow.pending || seats === sub.seats || seatsBlock !== null}
            aria-describedby={paymentsOffDescription(seatsBlock)}
            data-testid="seats-review"
          >
            {t('subscriptionControls.seatsReview')}
          </button>
        </form>
      )}
      {flow.dialog}

      <div className="panel billing-controls__cancel" data-testid="subscription-cancel">
        {sub.cancellation ? (
          <>
            <p className="notice notice--warning" data-testid="cancellation-notice">{t('subscriptionControls.canceled', { date: endsAt })}</p>
            <button type="button" className="button button--primary button--small" data-testid="subscription-resume" disabled={resume.isPending} onClick={() => resume.mutate(undefined, { onSuccess: done, onError: (error) => showError(error) })}>
              {t('subscriptionControls.resume')}
            </button>
          </>
        ) : (
          <>
            <p className="muted">{t('subscriptionControls.cancelHint', { date: endsAt })}</p>
            <button type="button" className="button button--ghost button--small" data-testid="subscription-cancel-open" onClick={() => setConfirmCancel(true)}>
              {t('subscriptionControls.cancel')}
            </button>
          </>
        )}
      </div>

      <FormDialog
        open={confirmCancel}
        tone="danger"
        title={t('subscriptionControls.confirmTitle')}
        submitLabel={t('subscriptionControls.confirmSubmit')}
        cancelLabel={t('subscriptionControls.confirmKeep')}
        busy={cancel.isPending}
        testId="confirm-cancel"
        onCancel={() => setConfirmCancel(false)}
        onSubmit={() =>
          cancel.mutate(undefined, {
            onSuccess: (answer) => (setConfirmCancel(false), done(answer)),
            onError: (error) => (setConfirmCancel(false), showError(error)),
          })
        }
      >
        <ul className="plan-change">
          <li>{t('subscriptionControls.confirmUntil', { date: endsAt })}</li>
          <li>{t('subscriptionControls.confirmInvoices')}</li>
          {sub.plan?.is_team && <li>{t('subscriptionControls.confirmSeats', { date: endsAt })}</li>}
          <li>{t('subscriptionControls.confirmResume', { date: endsAt })}</li>
        </ul>
      </FormDialog>
    </div>
  );
}
