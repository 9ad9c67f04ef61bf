import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';

/** The last resort when a screen throws while rendering: no blank page, a way to reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main className="container page-section">
      <div className="panel status-page" role="alert">
        <h1>{t('routeError.title')}</h1>
        <p className="muted">{t('routeError.body')}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
      </div>
    </main>
  );
}
