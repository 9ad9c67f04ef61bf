import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useDialog } from '../../app/dialog-context';
import { PageLoading } from '../../components/page-loading';
import { formatDateTime, formatNumber, isolate } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { Pagination } from '../../components/pagination';
import { AdminTable } from '../../components/admin-table';
import { AdminPageHeader } from '../admin/admin-page-header';
import './analytics.css';
import { formatDuration } from './analytics.fns';
import { ReplayPlayer } from './replay-player';
import { useDeleteRecording, useRecording, useRecordings } from './use-analytics';

function browserName(userAgent: string | null): string {
  if (!userAgent) return '—';
  const match = /(Edg|OPR|Firefox|Chrome|Safari)\/(\d+)/.exec(userAgent);
  const names: Record<string, string> = { Edg: 'Edge', OPR: 'Opera' };
  return match ? `${names[match[1]!] ?? match[1]} ${match[2]}` : userAgent.slice(0, 30);
}

/** /admin/replays: the session recordings, newest first. */
export function AdminReplaysPage() {
  const { t } = useTranslation('analytics');
  const { language } = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const recordings = useRecordings(page);
  const number = (value: number) => formatNumber(value, language);
  return (
    <section className="container page-section admin-page" data-testid="admin-replays">
      <AdminPageHeader page="adminReplays" />
      {recordings.data && <p className="muted">{t('replays.retention', { count: recordings.data.meta.retention_days })}</p>}
      <AdminTable
        pending={recordings.isPending}
        count={recordings.data?.data.length ?? 0}
        empty={t('replays.empty')}
        emptyTestId="replays-empty"
        testId="replays-table"
        columns={[
          { key: 'started', label: t('replays.columns.started') },
          { key: 'duration', label: t('replays.columns.duration') },
          { key: 'firstPage', label: t('replays.columns.firstPage') },
          { key: 'visitor', label: t('replays.columns.visitor') },
          { key: 'browser', label: t('replays.columns.browser') },
          { key: 'events', label: t('replays.columns.events') },
          { key: 'actions', label: t('replays.columns.actions'), hiddenLabel: true },
        ]}
      >
        {recordings.data?.data.map((recording) => (
          <tr key={recording.id} data-testid="replay-row" data-id={recording.id}>
            <td data-label={t('replays.columns.started')}>{formatDateTime(recording.started_at, language)}</td>
            <td data-label={t('replays.columns.duration')}>{formatDuration(recording.duration_ms)}</td>
            <td data-label={t('replays.columns.firstPage')}>
              <bdi dir="ltr" className="admin-table__code">
                {recording.first_path}
              </bdi>
            </td>
            <td data-label={t('replays.columns.visitor')}>
              {/* An opaque visitor id; who a signed-in visitor is stays on the user's page. */}
              <span title={recording.visitor_id} data-testid="replay-visitor">
                {t('replays.visitor')}{' '}
                <bdi className="admin-table__code" dir="ltr">
                  {recording.visitor_id.slice(0, 8)}
                </bdi>
              </span>
              {recording.user_id !== null && (
                <div className="small">
                  <Link to={`/admin/users/${recording.user_id}`} data-testid="replay-user">
                    {t('replays.openUser')}
                  </Link>
                </div>
              )}
              <div className="muted small">{t(`replays.locale.${recording.locale}`)}</div>
            </td>
            <td className="small" data-label={t('replays.columns.browser')}>
              {browserName(recording.user_agent)}
            </td>
            <td data-label={t('replays.columns.events')}>{number(recording.events)}</td>
            <td>
              <Link className="button button--ghost button--small" to={`/admin/replays/${recording.id}`} data-testid="replay-open">
                {t('replays.watch')}
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
      {recordings.data && <Pagination page={page} perPage={recordings.data.meta.per_page} total={recordings.data.meta.total} onPage={(p) => setSearchParams({ page: String(p) })} />}
    </section>
  );
}

/** /admin/replays/:id: one recording in rrweb's player. */
export function AdminReplayPage() {
  const { t } = useTranslation('analytics');
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const dialog = useDialog();
  const recording = useRecording(id);
  const remove = useDeleteRecording();
  const onDelete = async () => {
    const shown = recording.data;
    if (!shown) return;
    // Named as the list shows it: when it started and its first page.
    const named = { date: formatDateTime(shown.started_at, language), path: isolate(shown.first_path) };
    if (!(await dialog.ask({ ...t('replay.confirmDelete', { returnObjects: true, ...named }), tone: 'danger', testId: 'confirm-delete-recording' }))) return;
    remove.mutate(id, { onSuccess: () => void navigate('/admin/replays', { replace: true }), onError: (error) => dialog.showError(error) });
  };
  return (
    <section className="container page-section admin-page" data-testid="admin-replay">
      <AdminPageHeader
        page="adminReplay"
        actions={
          <>
            <Link className="button button--ghost button--small" to="/admin/replays">
              {t('replay.back')}
            </Link>
            <button type="button" className="button button--ghost button--small button--danger" onClick={() => void onDelete()} disabled={remove.isPending || !recording.data}>
              {t('replay.delete')}
            </button>
          </>
        }
      />
      {recording.isPending ? (
        <PageLoading />
      ) : !recording.data ? (
        <p className="panel admin-empty">{t('replay.notFound')}</p>
      ) : (
        <>
          <p className="muted">
            {t('replay.meta', { date: formatDateTime(recording.data.started_at, language), path: isolate(recording.data.first_path), count: recording.data.events.length })}
          </p>
          {recording.data.events.length < 2 ? <p className="panel admin-empty">{t('replay.tooShort')}</p> : <ReplayPlayer events={recording.data.events} />}
        </>
      )}
    </section>
  );
}
