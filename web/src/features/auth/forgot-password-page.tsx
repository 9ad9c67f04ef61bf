import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailField, FormErrors, useFocusFirstError } from '../../components/form-field';
import { AuthCard } from './auth-card';
import { useForgotPassword } from './use-auth';

/** /forgot-password: asks for a reset link; the answer is the same whether or not the address exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tMessages } = useTranslation('messages');
  const forgot = useForgotPassword();
  const formRef = useFocusFirstError<HTMLFormElement>(forgot.error);
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (forgot.isPending) return;
    forgot.mutate({ email });
  };

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={<Link to="/login">{t('forgot.backToLogin')}</Link>}>
      {forgot.isSuccess ? (
        <div className="notice notice--success" role="status">
          <p>
            <strong>{tMessages('success.resetLinkEmailed')}</strong>
          </p>
          <p>{t('forgot.sentHint')}</p>
        </div>
      ) : (
        <form ref={formRef} className="form" onSubmit={submit} noValidate>
          <FormErrors error={forgot.error} shownFields={['email']} />
          <EmailField label={t('forgot.email')} name="email" value={email} onChange={setEmail} error={forgot.error} />
          <button type="submit" className="button button--primary" aria-disabled={forgot.isPending || undefined}>
            {forgot.isPending ? t('forgot.submitting') : t('forgot.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
