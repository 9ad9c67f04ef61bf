import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageKey } from '../../components/page-key';
import { formatNumber } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { AdminNav } from './admin-nav';
import './admin.css';

/** The console's navigation, then the screen's title and description, shared by the admin screens. */
export function AdminPageHeader({ page, actions }: { page: PageKey; actions?: ReactNode }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  return (
    <header className="admin-header">
      <AdminNav />
      <div className="admin-header__row">
        <div>
          <h1>{tCommon(`pages.${page}.title`)}</h1>
          <p className="muted">{tCommon(`pages.${page}.description`)}</p>
        </div>
        {actions && <div className="admin-header__actions">{actions}</div>}
      </div>
    </header>
  );
}

/** Previous / next with "page N of M". */
export function Pagination({ page, perPage, total, onPage }: { page: number; perPage: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </button>
      <span className="muted">{t('pagination.status', { page: formatNumber(page, language), pages: formatNumber(pages, language), total: formatNumber(total, language) })}</span>
      <button type="button" className="button button--ghost button--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
      </button>
    </nav>
  );
}
