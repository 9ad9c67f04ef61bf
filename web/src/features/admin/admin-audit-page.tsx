import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/pagination';
import { AdminNav } from './admin-nav';
import { AuditTable } from './audit-table';
import { useAuditLog } from './use-admin';

export function AdminAuditPage() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  return (
    <section className="container page-section admin-page">
      <AdminNav />
      <h1>{t('audit.title')}</h1>
      <AuditTable entries={log.data?.data ?? []} />
      <Pagination page={page} perPage={log.data?.meta.per_page ?? 50} total={log.data?.meta.total ?? 0} onPage={setPage} />
    </section>
  );
}
