import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format';
import { useLanguage } from '../i18n/use-language';
import { pageCount } from './pagination.fns';

/** The one pager of every paginated list: previous / next with "page N of M (T in all)". */
export function Pagination({ page, perPage, total, onPage }: { page: number; perPage: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const pages = pageCount(total, perPage);
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
