import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AccountCreated, InvitationAccepted, InvitationLookup, InvitationLookupAnswer } from '../../../../contract/teams';
import { api, isApiError } from '../../api/client';
import type { User } from '../../api/types';
import { useDialog } from '../../app/dialog-context';
import { fieldErrors, FormErrors, PasswordField, TextField, useFocusFirstError, useFormValues } from '../../components/form-field';
import { formatDate } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { useCurrentUser, userKeys } from '../account/use-current-user';
import { signInPathFor } from '../auth/roles';
import { useSignOut } from '../auth/use-sign-out';

type LiveInvitation = Extract<InvitationLookup, { state: 'valid' }>;
type DeadInvitation = Exclude<InvitationLookup, LiveInvitation>;

/**
 * The invitation link. The page first asks GET /api/team/invitations/lookup what the link is: a dead one
 * (unknown, expired, used, withdrawn) says so and what to do next instead of offering a form; a live one
 * names the team and role, then a guest creates their account with the invited address (or signs in when
 * the address has one) and a signed-in user joins, or learns why they cannot before pressing Join.
 */
export function InvitationPage() {
  const { t } = useTranslation('team');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data: user, isPending: userPending } = useCurrentUser();
  const lookup = useQuery({
    // The answer depends on who asks (a signed-in user's join refusal): it is asked again after a sign-out.
    queryKey: ['team', 'invitation', token, user?.id ?? null],
    queryFn: ({ signal }) => api.get<InvitationLookupAnswer>(`/api/team/invitations/lookup?token=${encodeURIComponent(token)}`, { signal }).then((r) => r.data),
    enabled: token !== '' && !userPending,
    retry: false,
    staleTime: Infinity,
  });

  let content: ReactNode;
  if (!token) content = <DeadLink invitation={{ state: 'invalid' }} signedIn={Boolean(user)} />;
  else if (lookup.isError) content = <p className="notice notice--error" role="alert">{isApiError(lookup.error) ? lookup.error.message : t('invitation.lookupFailed')}</p>;
  else if (!lookup.data) content = <p className="muted" data-testid="invitation-checking">{t('invitation.checking')}</p>;
  else if (lookup.data.state !== 'valid') content = <DeadLink invitation={lookup.data} signedIn={Boolean(user)} />;
  else if (user) content = <JoinAsUser invitation={lookup.data} token={token} user={user} />;
  else if (lookup.data.has_account) content = <SignInToJoin invitation={lookup.data} token={token} />;
  else content = <CreateAccount invitation={lookup.data} token={token} />;

  return <section className="container page-section">{content}</section>;
}

/** "You have been invited to join <team> as <role>", and until when the invitation is valid. */
function InvitedTo({ invitation }: { invitation: LiveInvitation }) {
  const { t } = useTranslation('team');
  const { language } = useLanguage();
  return (
    <>
      <p data-testid="invitation-invited">
        <Trans t={t} i18nKey="invitation.invited" values={{ team: invitation.team, role: t(`roles.${invitation.role_id}`, { defaultValue: invitation.role_id }) }} components={{ team: <bdi /> }} />
      </p>
      <p className="muted">{t('invitation.validUntil', { date: formatDate(invitation.expires_at, language) })}</p>
    </>
  );
}

/** A dead link: why, in the team's words, and what to do next (ask the manager again; sign in if already joined). */
function DeadLink({ invitation, signedIn }: { invitation: DeadInvitation; signedIn: boolean }) {
  const { t } = useTranslation('team');
  const state = invitation.state;
  return (
    <div className="panel narrow form-stack" data-testid="invitation-dead" data-state={state}>
      <h1>{t(`invitation.dead.${state}.title`)}</h1>
      <p>
        <Trans t={t} i18nKey={`invitation.dead.${state}.body`} values={{ team: 'team' in invitation ? invitation.team : '' }} components={{ team: <bdi /> }} />
      </p>
      <p className="muted">{t('invitation.dead.askManager')}</p>
      {signedIn ? (
        <p>
          <Link className="button button--outline" to="/team">
            {t('invitation.dead.openTeam')}
          </Link>
        </p>
      ) : (
        <p className="muted">
          {t('invitation.dead.alreadyJoined')}{' '}
          <Link to={signInPathFor('/team')} data-testid="invitation-sign-in">
            {t('accept.signIn')}
          </Link>
        </p>
      )}
    </div>
  );
}

/** A signed-in user: Join, or, when the server would refuse it, why and what to do instead of the button. */
function JoinAsUser({ invitation, token, user }: { invitation: LiveInvitation; token: string; user: User }) {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showError } = useDialog();
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  const refusal = invitation.join_refusal;
  return (
    <div className="panel narrow form-stack" data-testid="invitation-join">
      <h1>{t('accept.title')}</h1>
      <InvitedTo invitation={invitation} />
      {refusal ? (
        <>
          <p className="notice notice--warning" role="status" data-testid="invitation-refusal" data-reason={refusal}>
            <Trans
              t={t}
              i18nKey={`invitation.refusal.${refusal}`}
              values={{ team: invitation.team, invited: invitation.email, current: user.email }}
              components={{ team: <bdi />, invited: <bdi />, current: <bdi /> }}
            />
          </p>
          <p>
            {refusal === 'other_email' && (
              <button type="button" className="button button--primary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
                {t('nav.signOut', { ns: 'common' })}
              </button>
            )}
            {refusal === 'already_in_team' && (
              <Link className="button button--outline" to="/team">
                {t('invitation.dead.openTeam')}
              </Link>
            )}
            {refusal === 'own_subscription' && (
              <Link className="button button--outline" to="/user/membership">
                {t('pages.membership.title', { ns: 'common' })}
              </Link>
            )}
          </p>
        </>
      ) : (
        <button
          className="button button--primary"
          disabled={busy}
          data-testid="invitation-join-button"
          onClick={() => {
            setBusy(true);
            void api
              .post<InvitationAccepted>('/api/team/invitations/accept', { token })
              .then(() => queryClient.invalidateQueries({ queryKey: userKeys.all }))
              .then(() => navigate('/team'))
              .catch((error) => showError(error))
              .finally(() => setBusy(false));
          }}
        >
          {t('accept.join')}
        </button>
      )}
    </div>
  );
}

/** A guest whose invited address has an account: they sign in with it and come back here to join. */
function SignInToJoin({ invitation, token }: { invitation: LiveInvitation; token: string }) {
  const { t } = useTranslation('team');
  return (
    <div className="panel narrow form-stack" data-testid="invitation-sign-in-to-join">
      <h1>{t('accept.title')}</h1>
      <InvitedTo invitation={invitation} />
      <p>
        <Trans t={t} i18nKey="invitation.hasAccount" values={{ invited: invitation.email }} components={{ invited: <bdi /> }} />
      </p>
      <p>
        <Link className="button button--primary" to={signInPathFor(`/invitation?token=${encodeURIComponent(token)}`)} data-testid="invitation-sign-in">
          {t('invitation.signInToJoin')}
        </Link>
      </p>
    </div>
  );
}

const ACCOUNT_FIELDS = ['name', 'password', 'password_confirmation'] as const;

/**
 * A guest: their name and a password; the account is made with the invited address, shown and fixed. The shared
 * fields of the other sign-up forms: a refusal's messages under their fields and the focus on the first field to
 * correct; Show / Hide beside each password.
 */
function CreateAccount({ invitation, token }: { invitation: LiveInvitation; token: string }) {
  const { t } = useTranslation('team');
  const { t: tAuth } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showDialog, showError } = useDialog();
  const { values, set } = useFormValues({ name: '', password: '', password_confirmation: '' });
  // The last refusal (422): each field shows its own messages from it, the others go above the fields.
  const [refusal, setRefusal] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useFocusFirstError<HTMLFormElement>(refusal);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const answer = await api.post<AccountCreated>('/api/create-user', { token, ...values });
      setRefusal(null);
      // Spec section 7: accept through create-user, then sign in through /mt/login.
      try {
        await api.post('/mt/login', { email: answer.data.email, password: values.password });
        await queryClient.invalidateQueries({ queryKey: userKeys.all });
        void navigate('/team');
      } catch {
        showDialog({ modalType: 'success', message: answer.message, onConfirm: () => void navigate('/login') });
      }
    } catch (error) {
      if (isApiError(error) && error.status === 422) setRefusal(error);
      else showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="panel narrow form" data-testid="invitation-form" onSubmit={(event) => void submit(event)} noValidate>
      <h1>{t('accept.title')}</h1>
      <div>
        <InvitedTo invitation={invitation} />
        <p className="muted">{t('accept.body')}</p>
      </div>
      <FormErrors error={refusal} shownFields={ACCOUNT_FIELDS} />
      <TextField
        label={t('invitation.email')}
        type="email"
        value={invitation.email}
        onChange={() => {}}
        readOnly
        dir="ltr"
        hint={t('invitation.emailHint')}
        data-testid="invitation-email"
      />
      <TextField label={t('name')} name="name" autoComplete="name" dir="auto" value={values.name} onChange={set('name')} errors={fieldErrors(refusal, 'name')} />
      <PasswordField label={t('accept.password')} name="password" hint={tAuth('register.passwordHint')} value={values.password} onChange={set('password')} error={refusal} />
      <PasswordField label={t('accept.confirmation')} name="password_confirmation" value={values.password_confirmation} onChange={set('password_confirmation')} error={refusal} />
      <button className="button button--primary" type="submit" aria-disabled={busy || undefined}>
        {t('accept.submit')}
      </button>
      <p className="muted">
        {/* Signed in, they come back here to join. */}
        {t('accept.haveAccount')} <Link to={signInPathFor(`/invitation?token=${encodeURIComponent(token)}`)} data-testid="invitation-sign-in">{t('accept.signIn')}</Link>
      </p>
    </form>
  );
}
