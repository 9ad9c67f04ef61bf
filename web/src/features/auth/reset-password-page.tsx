import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { PasswordResetLink } from '../../../../contract/auth';
import { isApiError } from '../../api/client';
import { EmailField, FormErrors, PasswordField, useFocusFirstError, useFormValues } from '../../components/form-field';
import { AuthCard } from './auth-card';
import { resetLinkFrom } from './auth.fns';
import { useLinkLook, useResetPassword, useWithoutEmailInUrl } from './use-auth';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

/** The state a signed-out login page is opened with after a reset: the address to fill in (no URL carries it). */
export interface LoginAfterReset {
  email: string;
}

/**
 * /reset-password?token=: the page the reset e-mail links to. The link names no address: the page asks for it with
 * the token (GET /api/password-reset/{token}) and shows it read-only; a link that no longer works says so at once.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  useWithoutEmailInUrl();
  const link = resetLinkFrom(searchParams);
  if (!link) return <DeadLink message={t('reset.missingToken')} />;
  return <ResetForm key={link.token} token={link.token} look={link.look} />;
}

function ResetForm({ token, look }: { token: string; look: string }) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const link = useLinkLook<PasswordResetLink>(look);
  if (link.data?.status === 'live' && link.data.email) return <NewPasswordForm token={token} email={link.data.email} />;
  if (link.data) return <DeadLink message={t('reset.invalid')} />;
  return (
    <AuthCard title={t('reset.title')}>
      {link.error ? (
        <p className="notice notice--error" role="alert">
          {isApiError(link.error) ? link.error.messages.join(' ') : link.error.message}
        </p>
      ) : (
        <p className="muted" role="status">
          {tCommon('status.loading')}
        </p>
      )}
    </AuthCard>
  );
}

/** The form, for the address the server named (read-only: the token resets that account and no other). */
function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const formRef = useFocusFirstError<HTMLFormElement>(reset.error);
  const { values, set } = useFormValues({ password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    reset.mutate(
      { token, email, ...values },
      { onSuccess: () => void navigate('/login?reset=1', { replace: true, state: { email } satisfies LoginAfterReset }) },
    );
  };

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} footer={<Link to="/forgot-password">{t('reset.requestNew')}</Link>}>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <FormErrors error={reset.error} shownFields={FIELDS} />
        <EmailField label={t('reset.email')} name="email" value={email} onChange={() => undefined} readOnly autoComplete="username" error={reset.error} />
        <PasswordField label={t('reset.password')} name="password" value={values.password} onChange={set('password')} error={reset.error} />
        <PasswordField
          label={t('reset.passwordConfirmation')}
          name="password_confirmation"
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={reset.error}
        />
        <button type="submit" className="button button--primary" aria-disabled={reset.isPending || undefined}>
          {reset.isPending ? t('reset.submitting') : t('reset.submit')}
        </button>
      </form>
    </AuthCard>
  );
}

/** No token, or one that no longer works (expired, used, replaced): why, and the way to a new link. */
function DeadLink({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('reset.title')}>
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      <Link className="button button--primary" to="/forgot-password">
        {t('reset.requestNew')}
      </Link>
    </AuthCard>
  );
}
