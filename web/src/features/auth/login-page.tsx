import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EmailField, FormErrors, PasswordField, useFocusFirstError, useFormValues } from '../../components/form-field';
import { AuthCard } from './auth-card';
import { socialErrorFrom } from './auth.fns';
import type { LoginAfterReset } from './reset-password-page';
import { SocialLoginButtons } from './social-login-buttons';
import { useLogin, useWithoutEmailInUrl } from './use-auth';

const FIELDS = ['email', 'password'] as const;

/** /login: e-mail and password with "remember me", or Google / LinkedIn. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const socialError = socialErrorFrom(searchParams);
  const passwordReset = searchParams.get('reset') === '1';
  const login = useLogin();
  const formRef = useFocusFirstError<HTMLFormElement>(login.error);
  // After a reset the address comes in the navigation's state, never in the URL: an `email` in the query (no link
  // of the app makes one any more) is not read, and is taken out of the address bar and the history.
  useWithoutEmailInUrl();
  const afterReset = useLocation().state as Partial<LoginAfterReset> | null;
  const { values, set } = useFormValues({ email: afterReset?.email ?? '', password: '' });
  const [remember, setRemember] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    login.mutate({ ...values, remember });
  };

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <p>
          {t('login.noAccount')} <Link to="/register">{t('login.createAccount')}</Link>
        </p>
      }
    >
      {passwordReset && (
        <p className="notice notice--success" role="status">
          {t('login.resetDone')}
        </p>
      )}
      {socialError && (
        <p className="notice notice--error" role="alert" data-social-error={socialError}>
          {t(`social.errors.${socialError}`)}
        </p>
      )}
      <SocialLoginButtons remember={remember} />
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <FormErrors error={login.error} shownFields={FIELDS} />
        <EmailField label={t('login.email')} name="email" value={values.email} onChange={set('email')} error={login.error} />
        <PasswordField label={t('login.password')} name="password" autoComplete="current-password" value={values.password} onChange={set('password')} error={login.error} />
        <div className="auth-options">
          <label className="checkbox">
            <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            <span>{t('login.remember')}</span>
          </label>
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </div>
        <button type="submit" className="button button--primary" aria-disabled={login.isPending || undefined}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
