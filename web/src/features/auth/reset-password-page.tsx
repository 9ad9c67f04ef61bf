import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmailField, FormErrors, PasswordField, useFocusFirstError, useFormValues } from '../../components/form-field';
import { AuthCard } from './auth-card';
import { resetParamsFrom } from './auth.fns';
import { useResetPassword } from './use-auth';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

/** /reset-password?token=&email=: the page the reset e-mail links to. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { token, email: linkedEmail } = resetParamsFrom(searchParams);
  const reset = useResetPassword();
  const formRef = useFocusFirstError<HTMLFormElement>(reset.error);
  const { values, set } = useFormValues({ email: linkedEmail, password: '', password_confirmation: '' });

  if (!token) {
    return (
      <AuthCard title={t('reset.title')}>
        <p className="notice notice--error" role="alert">
          {t('reset.missingToken')}
        </p>
        <Link className="button button--primary" to="/forgot-password">
          {t('reset.requestNew')}
        </Link>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    reset.mutate(
      { token, ...values },
      { onSuccess: () => void navigate(`/login?reset=1&email=${encodeURIComponent(values.email)}`, { replace: true }) },
    );
  };

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} footer={<Link to="/forgot-password">{t('reset.requestNew')}</Link>}>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <FormErrors error={reset.error} shownFields={FIELDS} />
        <EmailField label={t('reset.email')} name="email" value={values.email} onChange={set('email')} error={reset.error} />
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
