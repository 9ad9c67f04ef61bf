import { useState } from 'react';
import { Isolated } from '../../components/isolated';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDialog } from '../../app/dialog-context';
import { FormField } from '../../components/form-field';
import { useLanguage } from '../../i18n/use-language';
import { useAdminPlans } from '../plans/use-admin-plans';
import { AdminNav, useRoleName } from './admin-nav';
import { AuditTable } from './audit-table';
import { useAdminMutations, useAdminUser } from './use-admin';
import { seatsLeftEmpty } from './users.fns';

export function AdminUserPage() {
  const { t } = useTranslation('admin');
  const { t: tMessages } = useTranslation('messages');
  const { language } = useLanguage();
  const roleName = useRoleName();
  const id = Number(useParams().id);
  const user = useAdminUser(id);
  const plans = useAdminPlans();
  const { setUserPlan, addTrialDays } = useAdminMutations();
  const { showDialog, showError } = useDialog();
  const [planId, setPlanId] = useState('');
  const [seats, setSeats] = useState('');
  const [days, setDays] = useState('7');
  const data = user.data?.data;

  if (user.isError) return <section className="container page-section"><p className="notice notice--error">{user.error.message}</p></section>;
  if (!data) return <section className="container page-section"><p className="muted">{t('loading')}</p></section>;

  const done = () => showDialog({ modalType: 'success', message: tMessages('success.accountUpdated') });
  // A team plan is granted with a number of seats (left empty: the team's current seats, or the plan's included ones;
  // the placeholder and the hint say which).
  // The select starts on the user's current plan; saving needs another plan or, for a team plan, a number of seats
  // (the current team plan with new seats changes only the seats). Saving nothing is not offered: granting the
  // current plan again would replace a paid subscription with an admin grant.
  const selectedPlanId = planId || (data.plan ? String(data.plan.id) : '');
  const chosenPlan = (plans.data ?? []).find((plan) => String(plan.id) === selectedPlanId);
  const planChanged = selectedPlanId !== (data.plan ? String(data.plan.id) : '') || Boolean(chosenPlan?.is_team && seats);
  // Seats typed for one plan are not carried to another (sent with it unseen, or kept hidden under a plan without seats).
  const choosePlan = (value: string) => {
    setPlanId(value);
    setSeats('');
  };
  const emptySeats = chosenPlan ? seatsLeftEmpty(chosenPlan, data.plan?.seats ?? null) : null;

  return (
    <section className="container page-section admin-page">
      <AdminNav />
      {/* The name and e-mail keep their own direction inside, on the page's start side (an English name in Arabic too). */}
      <h1 data-testid="admin-user-name">
        <Isolated kind="name">{data.name}</Isolated>
      </h1>
      <dl className="detail-list" data-testid="admin-user-detail">
        <dt>{t('users.email')}</dt>
        <dd>
          <Isolated kind="email">{data.email}</Isolated>
        </dd>
        <dt>{t('users.role')}</dt>
        <dd>{roleName(String(data.role_id))}</dd>
        <dt>{t('users.plan')}</dt>
        <dd data-testid="admin-user-plan">{language === 'ar' ? data.plan?.name_ar : data.plan?.name_en}</dd>
        <dt>{t('users.trialDays')}</dt>
        <dd data-testid="admin-user-trial">{data.trial_remaining_days ?? '—'}</dd>
        <dt>{t('user.limits')}</dt>
        {/* One limit a line: run together with dots, a phone broke them mid-phrase, a dot left at a line's end. */}
        <dd>
          <ul className="detail-list__values" data-testid="admin-user-limits">
            <li>{t('user.limitsValues.chars', { value: data.char_limit })}</li>
            <li>{t('user.limitsValues.requests', { value: data.request_quota })}</li>
            <li>{t('user.limitsValues.docs', { value: data.doc_request_quota })}</li>
            <li>{t('user.limitsValues.size', { value: data.max_doc_size })}</li>
          </ul>
        </dd>
      </dl>

      <div className="admin-forms">
        <form
          className="panel admin-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!selectedPlanId || !planChanged) return;
            // Once saved, the form starts again from what the user now has: the seats typed stayed, the save button with
            // them, and a second click granted the same plan again (a new period).
            const saved = () => {
              setPlanId('');
              setSeats('');
              done();
            };
            setUserPlan.mutate({ user_id: id, plan_id: Number(selectedPlanId), ...(chosenPlan?.is_team && seats ? { seats: Number(seats) } : {}) }, { onSuccess: saved, onError: (error) => showError(error) });
          }}
        >
          <h2>{t('user.changePlan')}</h2>
          {/* A team's manager or member works under the owner's plan (the entitlements module's payer). */}
          {(String(data.role_id) === '4' || String(data.role_id) === '5') && (
            <p className="notice notice--warning" data-testid="admin-team-member-plan">
              {t('user.teamMemberPlan')}
            </p>
          )}
          <FormField label={t('users.plan')}>
            <select value={selectedPlanId} onChange={(e) => choosePlan(e.target.value)} data-testid="admin-plan-select" required>
              <option value="">{t('user.choosePlan')}</option>
              {(plans.data ?? []).map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {language === 'ar' ? plan.name_ar : plan.name_en}
                </option>
              ))}
            </select>
          </FormField>
          {chosenPlan?.is_team && emptySeats && (
            <FormField label={t('user.seats')} hint={<span data-testid="admin-plan-seats-hint">{t(emptySeats.kept ? 'user.seatsKept' : 'user.seatsIncluded', { count: emptySeats.seats })}</span>}>
              <input type="number" className="input" min={1} max={1000} value={seats} placeholder={String(emptySeats.seats)} onChange={(e) => setSeats(e.target.value)} data-testid="admin-plan-seats" />
            </FormField>
          )}
          <button className="button button--primary" type="submit" disabled={setUserPlan.isPending || !planChanged} data-testid="admin-plan-save">
            {t('save')}
          </button>
        </form>
        <form
          className="panel admin-form"
          onSubmit={(event) => {
            event.preventDefault();
            addTrialDays.mutate({ user_id: id, days: Number(days) }, { onSuccess: done, onError: (error) => showError(error) });
          }}
        >
          <h2>{t('user.addTrialDays')}</h2>
          <FormField label={t('user.days')}>
            <input type="number" className="input" min={1} max={365} required value={days} onChange={(e) => setDays(e.target.value)} data-testid="admin-trial-days" />
          </FormField>
          <button className="button button--primary" type="submit" disabled={addTrialDays.isPending}>
            {t('user.add')}
          </button>
        </form>
      </div>

      <h2>{t('audit.title')}</h2>
      <AuditTable entries={data.audit} />
    </section>
  );
}
