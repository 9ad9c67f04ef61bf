import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CHECK_EMAIL_PATH, isEmailNotVerified, useCurrentUser, userKeys } from '../account/use-current-user';
import { isEmailChangeStatus, verifyStatusFrom, type VerifyStatus } from './auth.fns';
import { homePathFor } from './roles';

/**
 * The result of an e-mail verification link. The server's link handler
 * (GET /email/verify/{id}/{hash}) redirects here with ?status=verified, already or invalid; the link confirming a
 * change of address (GET /email/change/{token}) with email_changed, change_expired, change_invalid or change_taken.
 */
export function EmailVerifyPage() {
  const { t } = useTranslation();
  const { t: tAuth } = useTranslation('auth');
  const { t: tMessages } = useTranslation('messages');
  const [searchParams] = useSearchParams();
  const status = verifyStatusFrom(searchParams);
  const queryClient = useQueryClient();
  const { data: user, error } = useCurrentUser();
  const unverified = isEmailNotVerified(error);

  useEffect(() => {
    // A user call answered before the link was opened is out of date now.
    if (status === 'verified' || isEmailChangeStatus(status)) void queryClient.invalidateQueries({ queryKey: userKeys.current() });
  }, [status, queryClient]);

  if (isEmailChangeStatus(status)) return <EmailChangeResult status={status} signedIn={Boolean(user)} />;

  const done = status === 'verified' || status === 'already';
  return (
    <section className="container page-section">
      <div className="panel status-page" data-status={status}>
        <span className="status-page__icon" aria-hidden="true">
          {status === 'invalid' ? '!' : '✓'}
        </span>
        <h1>{t('pages.emailVerify.title')}</h1>
        {status === 'verified' && <p className="notice notice--success">{tMessages('success.emailVerified')}</p>}
        {status === 'already' && <p className="notice notice--success">{tAuth('verify.already')}</p>}
        {status === 'invalid' && <p className="notice notice--error">{tMessages('errors.verificationInvalid')}</p>}
        {status === 'unknown' && <p className="muted">{t('pages.emailVerify.description')}</p>}
        <div className="status-page__actions">
          {done && user && (
            <Link className="button button--primary" to={homePathFor(user)}>
              {tAuth('verify.toDashboard')}
            </Link>
          )}
          {!done && unverified && (
            <Link className="button button--primary" to={CHECK_EMAIL_PATH}>
              {tAuth('verify.resend')}
            </Link>
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

/** The result of the link that confirms a new address, in the verification result's style. */
function EmailChangeResult({ status, signedIn }: { status: VerifyStatus; signedIn: boolean }) {
  const { t } = useTranslation('auth');
  const changed = status === 'email_changed';
  const messages = { email_changed: 'emailChange.changed', change_expired: 'emailChange.expired', change_invalid: 'emailChange.invalid', change_taken: 'emailChange.taken' } as const;
  const message = messages[status as keyof typeof messages] ?? messages.change_invalid;
  return (
    <section className="container page-section">
      <div className="panel status-page" data-status={status}>
        <span className="status-page__icon" aria-hidden="true">
          {changed ? '✓' : '!'}
        </span>
        <h1>{t('emailChange.title')}</h1>
        <p className={`notice ${changed ? 'notice--success' : 'notice--error'}`}>{t(message)}</p>
        <div className="status-page__actions">
          {signedIn ? (
            <Link className="button button--primary" to="/user/basic-info">
              {t('emailChange.toAccount')}
            </Link>
          ) : (
            <Link className="button button--primary" to="/login">
              {t('verify.signIn')}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
