import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldErrors, FormErrors, TextField } from '../../components/form-field';
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
  const [values, setValues] = useState({ email: linkedEmail, password: '', password_confirmation: '' });
  const set = (field: keyof typeof values) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));

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
    reset.mutate(
      { token, ...values },
      { onSuccess: () => navigate(`/login?reset=1&email=${encodeURIComponent(values.email)}`, { replace: true }) },
    );
  };

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} footer={<Link to="/forgot-password">{t('reset.requestNew')}</Link>}>
      <form className="form" onSubmit={submit} noValidate>
        <FormErrors error={reset.error} shownFields={FIELDS} />
        <TextField
          label={t('reset.email')}
          name="email"
          type="email"
          dir="ltr"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          errors={fieldErrors(reset.error, 'email')}
        />
        <TextField
          label={t('reset.password')}
          name="password"
          type="password"
          dir="ltr"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          errors={fieldErrors(reset.error, 'password')}
        />
        <TextField
          label={t('reset.passwordConfirmation')}
          name="password_confirmation"
          type="password"
          dir="ltr"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          errors={fieldErrors(reset.error, 'password_confirmation')}
        />
        <button type="submit" className="button button--primary" disabled={reset.isPending}>
          {reset.isPending ? t('reset.submitting') : t('reset.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
