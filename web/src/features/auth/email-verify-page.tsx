import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

const VERIFIED_STATUSES = new Set(['verified', 'already-verified', 'success', '1']);
const INVALID_STATUSES = new Set(['invalid', 'expired', 'error', '0']);

/**
 * The result of an e-mail verification link. The server's link handler redirects here
 * with ?status=verified or ?status=invalid (see the report on the API assumption).
 */
export function EmailVerifyPage() {
  const { t } = useTranslation();
  const { t: tMessages } = useTranslation('messages');
  const [searchParams] = useSearchParams();
  const status = (searchParams.get('status') ?? searchParams.get('verified') ?? '').toLowerCase();
  const verified = VERIFIED_STATUSES.has(status);
  const invalid = INVALID_STATUSES.has(status);

  return (
    <section className="container page-section">
      <div className="panel status-page" data-status={verified ? 'verified' : invalid ? 'invalid' : 'unknown'}>
        <h1>{t('pages.emailVerify.title')}</h1>
        {verified && <p className="notice notice--success">{tMessages('success.emailVerified')}</p>}
        {invalid && <p className="notice notice--error">{tMessages('errors.verificationInvalid')}</p>}
        {!verified && !invalid && <p className="muted">{t('pages.emailVerify.description')}</p>}
        <div className="status-page__actions">
          {verified ? (
            <Link className="button button--primary" to="/dashboard">
              {t('nav.dashboard')}
            </Link>
          ) : (
            <Link className="button button--primary" to="/check-email">
              {t('checkEmail.resend')}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
