import { useTranslation } from 'react-i18next';

/** Shown while a guard waits for the user call. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('status.loading')}</span>
    </div>
  );
}
