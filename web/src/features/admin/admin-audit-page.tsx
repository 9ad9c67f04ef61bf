import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminNav } from './admin-nav';
import { AuditTable } from './audit-table';
import { useAuditLog } from './use-admin';

export function AdminAuditPage() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const pages = Math.max(1, Math.ceil((log.data?.meta.total ?? 0) / (log.data?.meta.per_page ?? 50)));
  return (
    <section className="container page-section admin-page">
      <AdminNav />
      <h1>{t('audit.title')}</h1>
      <AuditTable entries={log.data?.data ?? []} />
      <div className="pagination">
        <button className="button button--ghost button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('pagination.previous')}
        </button>
        <span>{t('pagination.status', { page, pages, total: log.data?.meta.total ?? 0 })}</span>
        <button className="button button--ghost button--small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('pagination.next')}
        </button>
      </div>
    </section>
  );
}
