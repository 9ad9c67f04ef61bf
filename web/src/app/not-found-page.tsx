import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from './document-title';

/** An address that names no page, or a post that does not exist (ContentState): says so, in the tab as well. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.notFound.title'));
  return (
    <section className="container page-section">
      <div className="panel status-page" data-testid="not-found">
        <p className="status-page__code" aria-hidden="true">
          404
        </p>
        <h1>{t('notFound.title')}</h1>
        <p className="muted">{t('notFound.body')}</p>
        <Link className="button button--primary" to="/">
          {t('notFound.backHome')}
        </Link>
      </div>
    </section>
  );
}
