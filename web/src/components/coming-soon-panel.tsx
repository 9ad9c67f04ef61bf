import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageKey } from './page-key';

/** The placeholder of a screen that later work builds: its title, description and a way home. */
export function ComingSoonPanel({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return (
    <section className="container page-section">
      <div className="panel coming-soon" data-testid="coming-soon" data-page={page}>
        <span className="pill pill--accent">{t('comingSoon.badge')}</span>
        <h1 className="coming-soon__title">{t(`pages.${page}.title`)}</h1>
        <p className="coming-soon__description">{t(`pages.${page}.description`)}</p>
        <p className="muted">{t('comingSoon.body')}</p>
        <Link className="button button--ghost" to="/">
          {t('comingSoon.backHome')}
        </Link>
      </div>
    </section>
  );
}
