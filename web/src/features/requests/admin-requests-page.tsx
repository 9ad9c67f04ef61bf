import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDialog } from '../../app/dialog-context';
import { PageLoading } from '../../components/page-loading';
import { Isolated } from '../../components/isolated';
import { formatDate, formatDateTime, formatFileSize, formatNumber } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { Pagination } from '../../components/pagination';
import { AdminTable } from '../../components/admin-table';
import { AdminPageHeader } from '../admin/admin-page-header';
import './requests.css';
import {
  REQUEST_STATUSES,
  useAdminRequests,
  useContactMessages,
  useSetMessageHandled,
  useSetRequestStatus,
  type RequestStatus,
  type ServiceRequest,
} from './use-requests';

export function RequestRow({ request }: { request: ServiceRequest }) {
  const { t } = useTranslation('requests');
  const { t: tCommon } = useTranslation();
  const { language } = useLanguage();
  const setStatus = useSetRequestStatus();
  const dialog = useDialog();
  const languages = [request.source_lang, request.target_lang].filter(Boolean).map((code) => tCommon(`language.${code}` as 'language.en'));
  return (
    <tr data-testid="request-row" data-status={request.status}>
      <td data-label={t('admin.columns.request')}>
        <strong>{request.reference}</strong>
        <div className="muted small">{formatDateTime(request.created_at, language)}</div>
      </td>
      <td data-label={t('admin.columns.service')}>
        {t(`services.${request.service}.title`)}
        {languages.length > 0 && <div className="muted small">{languages.join(language === 'ar' ? ' ← ' : ' → ')}</div>}
      </td>
      <td data-label={t('admin.columns.scope')}>
        {request.words !== null && <div>{t('admin.words', { value: formatNumber(request.words, language) })}</div>}
        {request.seats !== null && <div>{t('admin.seats', { value: formatNumber(request.seats, language) })}</div>}
        {request.file && (
          <div>
            <a href={request.file.url} download>
              <Isolated kind="file">{request.file.name}</Isolated>
            </a>{' '}
            <bdi className="muted small" dir="ltr">
              ({formatFileSize(request.file.size, language)})
            </bdi>
          </div>
        )}
        {request.deadline && <div className="muted small">{t('admin.deadline', { date: formatDate(request.deadline, language) })}</div>}
      </td>
      <td data-label={t('admin.columns.contact')}>
        <div>
          <Isolated kind="name">{request.name}</Isolated>
        </div>
        <a href={`mailto:${request.email}`}>
          <Isolated kind="email">{request.email}</Isolated>
        </a>
        {request.phone && (
          <div className="muted small" dir="ltr">
            {request.phone}
          </div>
        )}
        {request.company && (
          <div className="muted small">
            <Isolated kind="name">{request.company}</Isolated>
          </div>
        )}
      </td>
      <td className="admin-table__message" data-label={t('admin.columns.message')}>
        {request.message ? (
          <details>
            <summary>{t('admin.showMessage')}</summary>
            <p dir="auto">{request.message}</p>
          </details>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td data-label={t('admin.columns.status')}>
        <select
          className="input input--compact"
          aria-label={t('admin.statusLabel', { reference: request.reference })}
          value={request.status}
          disabled={setStatus.isPending}
          data-testid="request-status"
          onChange={(event) => setStatus.mutate({ id: request.id, status: event.target.value as RequestStatus }, { onError: (error) => dialog.showError(error) })}
        >
          {REQUEST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`statuses.${status}`)}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
}

function RequestsTab() {
  const { t } = useTranslation('requests');
  const { language } = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = (REQUEST_STATUSES as readonly string[]).includes(searchParams.get('status') ?? '') ? (searchParams.get('status') as RequestStatus) : null;
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const query = useAdminRequests(status, page);
  const choose = (next: RequestStatus | null) => setSearchParams(next ? { status: next } : {});
  const counts = query.data?.meta.counts;
  // "All" counts every request: the statuses' counts together (meta.total is the chosen status's).
  const all = counts && Object.values(counts).reduce((sum, count) => sum + count, 0);
  return (
    <>
      <div className="filter-chips" role="group" aria-label={t('admin.filterLabel')}>
        <button type="button" className={`filter-chip${status === null ? ' filter-chip--active' : ''}`} aria-pressed={status === null} onClick={() => choose(null)}>
          {t('admin.all')}
          {all !== undefined && <span className="filter-chip__count">{formatNumber(all, language)}</span>}
        </button>
        {REQUEST_STATUSES.map((s) => (
          <button key={s} type="button" className={`filter-chip${status === s ? ' filter-chip--active' : ''}`} aria-pressed={status === s} onClick={() => choose(s)}>
            {t(`statuses.${s}`)}
            {counts && <span className="filter-chip__count">{formatNumber(counts[s] ?? 0, language)}</span>}
          </button>
        ))}
      </div>
      <AdminTable
        pending={query.isPending}
        count={query.data?.data.length ?? 0}
        empty={t('admin.empty')}
        emptyTestId="requests-empty"
        testId="requests-table"
        columns={[
          { key: 'request', label: t('admin.columns.request') },
          { key: 'service', label: t('admin.columns.service') },
          { key: 'scope', label: t('admin.columns.scope') },
          { key: 'contact', label: t('admin.columns.contact') },
          { key: 'message', label: t('admin.columns.message') },
          { key: 'status', label: t('admin.columns.status') },
        ]}
      >
        {query.data?.data.map((request) => (
          <RequestRow key={request.id} request={request} />
        ))}
      </AdminTable>
      {query.data && <Pagination page={page} perPage={query.data.meta.per_page} total={query.data.meta.total} onPage={(p) => setSearchParams({ ...(status ? { status } : {}), page: String(p) })} />}
    </>
  );
}

function MessagesTab() {
  const { t } = useTranslation('requests');
  const { language } = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const query = useContactMessages(page);
  const setHandled = useSetMessageHandled();
  if (query.isPending) return <PageLoading />;
  if (!query.data || query.data.data.length === 0) return <p className="panel admin-empty">{t('admin.noMessages')}</p>;
  return (
    <>
      <ul className="message-list" data-testid="messages-list">
        {query.data.data.map((message) => (
          <li key={message.id} className={`message-card panel${message.handled ? ' message-card--handled' : ''}`}>
            <div className="message-card__head">
              <div>
                <strong>
                  <Isolated kind="name">{message.name}</Isolated>
                </strong>{' '}
                <a href={`mailto:${message.email}`}>
                  <Isolated kind="email">{message.email}</Isolated>
                </a>
                <div className="muted small">{formatDateTime(message.created_at, language)}</div>
              </div>
              <label className="checkbox">
                <input type="checkbox" checked={message.handled} onChange={(event) => setHandled.mutate({ id: message.id, handled: event.target.checked })} />
                {t('admin.handled')}
              </label>
            </div>
            {message.subject && (
              <p className="message-card__subject" dir="auto">
                {message.subject}
              </p>
            )}
            <p className="message-card__body" dir="auto">
              {message.message}
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page} perPage={query.data.meta.per_page} total={query.data.meta.total} onPage={(p) => setSearchParams({ tab: 'messages', page: String(p) })} />
    </>
  );
}

/** /admin/requests: orders for professional services (with status) and contact messages. */
export function AdminRequestsPage() {
  const { t } = useTranslation('requests');
  const [searchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'messages' ? 'messages' : 'requests';
  return (
    <section className="container page-section admin-page" data-testid="admin-requests">
      <AdminPageHeader page="adminRequests" />
      <nav className="tabs" aria-label={t('admin.tabsLabel')}>
        <Link className={`tabs__tab${tab === 'requests' ? ' tabs__tab--active' : ''}`} to="/admin/requests" aria-current={tab === 'requests' ? 'page' : undefined}>
          {t('admin.tabs.requests')}
        </Link>
        <Link className={`tabs__tab${tab === 'messages' ? ' tabs__tab--active' : ''}`} to="/admin/requests?tab=messages" aria-current={tab === 'messages' ? 'page' : undefined}>
          {t('admin.tabs.messages')}
        </Link>
      </nav>
      {tab === 'requests' ? <RequestsTab /> : <MessagesTab />}
    </section>
  );
}
