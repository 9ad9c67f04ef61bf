import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { fieldErrors, FormErrors, TextField } from '../../components/form-field';
import { AuthCard } from './auth-card';
import { socialErrorFrom } from './auth.fns';
import { SocialLoginButtons } from './social-login-buttons';
import { useLogin } from './use-auth';

const FIELDS = ['email', 'password'] as const;

/** /login: e-mail and password with "remember me", or Google / LinkedIn. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const socialError = socialErrorFrom(searchParams);
  const passwordReset = searchParams.get('reset') === '1';
  const login = useLogin();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password, remember });
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
      <form className="form" onSubmit={submit} noValidate>
        <FormErrors error={login.error} shownFields={FIELDS} />
        <TextField
          label={t('login.email')}
          name="email"
          type="email"
          dir="ltr"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          errors={fieldErrors(login.error, 'email')}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          dir="ltr"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          errors={fieldErrors(login.error, 'password')}
        />
        <div className="auth-options">
          <label className="checkbox">
            <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            <span>{t('login.remember')}</span>
          </label>
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </div>
        <button type="submit" className="button button--primary" disabled={login.isPending}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
