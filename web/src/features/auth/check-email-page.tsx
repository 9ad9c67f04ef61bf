import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import { useSignOut } from './use-sign-out';

/** Where a signed-in user with an unverified e-mail address lands (the user call answered 450). */
export function CheckEmailPage() {
  const { t } = useTranslation();
  const { showError } = useDialog();
  const signOut = useSignOut();
  const resend = useMutation({
    mutationFn: () => api.post('/email/verification-notification'),
    onError: (error) => showError(error),
  });

  return (
    <section className="container page-section">
      <div className="panel status-page">
        <span className="status-page__icon" aria-hidden="true">
          ✉
        </span>
        <h1>{t('pages.checkEmail.title')}</h1>
        <p className="muted">{t('checkEmail.body')}</p>
        {resend.isSuccess && (
          <p className="notice notice--success" role="status">
            {t('checkEmail.resent')}
          </p>
        )}
        <div className="status-page__actions">
          <button type="button" className="button button--primary" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {t('checkEmail.resend')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t('nav.signOut')}
          </button>
        </div>
      </div>
    </section>
  );
}
