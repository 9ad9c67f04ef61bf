import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AccountCreated, InvitationAccepted } from '../../../../contract/teams';
import { api, flattenErrors, isApiError } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import { useCurrentUser, userKeys } from '../account/use-current-user';
import { signInPathFor } from '../auth/roles';

/** The invitation link: a guest creates their account (then signs in); a signed-in user joins. */
export function InvitationPage() {
  const { t } = useTranslation('team');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showDialog, showError } = useDialog();
  const [form, setForm] = useState({ name: '', password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  if (user) {
    return (
      <section className="container page-section">
        <div className="panel narrow">
          <h1>{t('accept.title')}</h1>
          <button
            className="button button--primary"
            onClick={() =>
              void api
                .post<InvitationAccepted>('/api/team/invitations/accept', { token })
                .then(() => queryClient.invalidateQueries({ queryKey: userKeys.all }))
                .then(() => navigate('/team'))
                .catch((error) => showError(error))
            }
          >
            {t('accept.join')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="container page-section">
      <form
        className="panel narrow form-stack"
        data-testid="invitation-form"
        onSubmit={(event) => void (async () => {
          event.preventDefault();
          setBusy(true);
          setErrors([]);
          try {
            const answer = await api.post<AccountCreated>('/api/create-user', { token, ...form });
            // Spec section 7: accept through create-user, then sign in through /mt/login.
            try {
              await api.post('/mt/login', { email: answer.data.email, password: form.password });
              await queryClient.invalidateQueries({ queryKey: userKeys.all });
              void navigate('/team');
            } catch {
              showDialog({ modalType: 'success', message: answer.message, onConfirm: () => void navigate('/login') });
            }
          } catch (error) {
            if (isApiError(error) && error.status === 422) setErrors(flattenErrors(error.errors));
            else showError(error);
          } finally {
            setBusy(false);
          }
        })()}
      >
        <h1>{t('accept.title')}</h1>
        <p className="muted">{t('accept.body')}</p>
        {errors.length > 0 && (
          <ul className="notice notice--error" role="alert">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        <label className="form-field">
          <span className="form-field__label">{t('name')}</span>
          <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} autoComplete="name" dir="auto" />
        </label>
        <label className="form-field">
          <span className="form-field__label">{t('accept.password')}</span>
          <input type="password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} autoComplete="new-password" />
        </label>
        <label className="form-field">
          <span className="form-field__label">{t('accept.confirmation')}</span>
          <input type="password" value={form.password_confirmation} onChange={(e) => setForm({ ...form, password_confirmation: e.target.value })} autoComplete="new-password" />
        </label>
        <button className="button button--primary" type="submit" disabled={busy}>
          {t('accept.submit')}
        </button>
        <p className="muted">
          {/* Signed in, they come back here to join. */}
          {t('accept.haveAccount')} <Link to={signInPathFor(`/invitation?token=${encodeURIComponent(token)}`)} data-testid="invitation-sign-in">{t('accept.signIn')}</Link>
        </p>
      </form>
    </section>
  );
}
