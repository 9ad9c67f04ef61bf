import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VerificationSent } from '../../../../contract/auth';
import { api } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import { isEmailNotVerified, useCurrentUser, userKeys } from '../account/use-current-user';
import { homePathFor } from './roles';
import { useSignOut } from './use-sign-out';

/**
 * Where a signed-in user with an unverified e-mail address lands (the user call's 450, known
 * from the signed-in hint without a call): the explanation, "resend" and sign-out. A verified user
 * is pointed home, a guest to sign-in.
 */
export function CheckEmailPage() {
  const { t } = useTranslation();
  const { t: tAuth } = useTranslation('auth');
  const { t: tMessages } = useTranslation('messages');
  const { showError } = useDialog();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const { data: user, error } = useCurrentUser();
  const unverified = isEmailNotVerified(error);
  const resend = useMutation({
    mutationFn: () => api.post<VerificationSent | undefined>('/email/verification-notification'),
    // 204: verified meanwhile (in another tab): load the user again.
    onSuccess: (answer) => (answer ? undefined : queryClient.invalidateQueries({ queryKey: userKeys.current() })),
    onError: (failure) => showError(failure),
  });

  return (
    <section className="container page-section">
      <div className="panel status-page" data-state={user ? 'verified' : unverified ? 'unverified' : 'guest'}>
        <span className="status-page__icon" aria-hidden="true">
          ✉
        </span>
        <h1>{t('pages.checkEmail.title')}</h1>
        {user ? (
          <p className="notice notice--success">{tMessages('success.emailVerified')}</p>
        ) : (
          <p className="muted">{t('checkEmail.body')}</p>
        )}
        {resend.isSuccess && resend.data && (
          <p className="notice notice--success" role="status">
            {t('checkEmail.resent')}
          </p>
        )}
        <div className="status-page__actions">
          {user && (
            <Link className="button button--primary" to={homePathFor(user)}>
              {tAuth('verify.toDashboard')}
            </Link>
          )}
          {unverified && (
            <>
              <button type="button" className="button button--primary" onClick={() => resend.mutate()} disabled={resend.isPending}>
                {t('checkEmail.resend')}
              </button>
              <button type="button" className="button button--ghost" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
                {t('nav.signOut')}
              </button>
            </>
          )}
          {!user && !unverified && (
            <Link className="button button--primary" to="/login">
              {tAuth('verify.signIn')}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
