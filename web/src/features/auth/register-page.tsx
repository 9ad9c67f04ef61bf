import type { FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmailField, fieldErrors, FormErrors, PasswordField, TextField, useFocusFirstError, useFormValues } from '../../components/form-field';
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
  const formRef = useFocusFirstError<HTMLFormElement>(register.error);
  const { values, set } = useFormValues({ name: '', email: '', password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    register.mutate({ ...values, locale: language }, { onSuccess: () => void navigate(CHECK_EMAIL_PATH, { replace: true }) });
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
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <FormErrors error={register.error} shownFields={FIELDS} />
        <TextField label={t('register.name')} name="name" autoComplete="name" dir="auto" value={values.name} onChange={set('name')} errors={fieldErrors(register.error, 'name')} />
        <EmailField label={t('register.email')} name="email" value={values.email} onChange={set('email')} error={register.error} />
        <PasswordField
          label={t('register.password')}
          name="password"
          hint={t('register.passwordHint')}
          value={values.password}
          onChange={set('password')}
          error={register.error}
        />
        <PasswordField
          label={t('register.passwordConfirmation')}
          name="password_confirmation"
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={register.error}
        />
        <p className="auth-terms">
          <Trans t={t} i18nKey="register.terms" components={{ terms: <Link to="/terms" />, privacy: <Link to="/privacy" /> }} />
        </p>
        <button type="submit" className="button button--primary" aria-disabled={register.isPending || undefined}>
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
