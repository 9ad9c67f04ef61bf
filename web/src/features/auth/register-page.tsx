import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fieldErrors, FormErrors, TextField } from '../../components/form-field';
import { useLanguage } from '../../i18n/use-language';
import { CHECK_EMAIL_PATH } from '../account/use-current-user';
import { AuthCard } from './auth-card';
import { SocialLoginButtons } from './social-login-buttons';
import { useRegister } from './use-auth';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

/** /register: a new account on the 7-day free trial; then the check-email screen. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const register = useRegister();
  const [values, setValues] = useState({ name: '', email: '', password: '', password_confirmation: '' });
  const set = (field: keyof typeof values) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate({ ...values, locale: language }, { onSuccess: () => navigate(CHECK_EMAIL_PATH, { replace: true }) });
  };

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <p>
          {t('register.haveAccount')} <Link to="/login">{t('register.signIn')}</Link>
        </p>
      }
    >
      <SocialLoginButtons />
      <form className="form" onSubmit={submit} noValidate>
        <FormErrors error={register.error} shownFields={FIELDS} />
        <TextField label={t('register.name')} name="name" autoComplete="name" dir="auto" value={values.name} onChange={set('name')} errors={fieldErrors(register.error, 'name')} />
        <TextField
          label={t('register.email')}
          name="email"
          type="email"
          dir="ltr"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          errors={fieldErrors(register.error, 'email')}
        />
        <TextField
          label={t('register.password')}
          name="password"
          type="password"
          dir="ltr"
          autoComplete="new-password"
          hint={t('register.passwordHint')}
          value={values.password}
          onChange={set('password')}
          errors={fieldErrors(register.error, 'password')}
        />
        <TextField
          label={t('register.passwordConfirmation')}
          name="password_confirmation"
          type="password"
          dir="ltr"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          errors={fieldErrors(register.error, 'password_confirmation')}
        />
        <p className="auth-terms">
          <Trans t={t} i18nKey="register.terms" components={{ terms: <Link to="/terms" />, privacy: <Link to="/privacy" /> }} />
        </p>
        <button type="submit" className="button button--primary" disabled={register.isPending}>
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
