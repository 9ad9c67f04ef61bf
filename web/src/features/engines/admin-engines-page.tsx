import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialog } from '../../app/dialog-context';
import { AdminTable } from '../../components/admin-table';
import { PageLoading } from '../../components/page-loading';
import { formatDateTime, formatFileSize, formatNumber } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { AdminPageHeader } from '../admin/admin-page-header';
import { newestStamp, useCheckModels, useEngines, type EngineDirection, type EnginesWatch } from './use-engines';
import './engines.css';

function DirectionPanel({ direction }: { direction: EngineDirection }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const { t: tTranslate } = useTranslation('translate');
  const { language } = useLanguage();
  const { model, download } = direction;
  const arrow = language === 'ar' ? '←' : '→';
  const engineName = (id: string | null) => (id ? t(`engines.names.${id}`, { defaultValue: id }) : t('engines.none'));
  const state = download?.state ?? (model ? 'installed' : 'missing');
  return (
    <article className="panel engines-direction" data-testid={`engines-${direction.direction}`} data-state={state}>
      <header className="engines-direction__header">
        <h2>
          {tCommon(`language.${direction.source}`)} {arrow} {tCommon(`language.${direction.target}`)}
        </h2>
        <span className={`engines-badge engines-badge--${state}`} data-testid="engines-state">
          {t(`engines.states.${state}`)}
        </span>
      </header>

      <dl className="engines-facts">
        <dt>{t('engines.model')}</dt>
        <dd>
          {model ? (
            <>
              <bdi dir="ltr">{model.model}</bdi>
              {model.version && <> · {t('engines.version', { version: model.version })}</>}
              {model.variant && <> · <bdi dir="ltr">{model.variant}</bdi></>} · <bdi dir="ltr">{formatFileSize(model.bytes, language)}</bdi>
            </>
          ) : (
            t('engines.noModel')
          )}
        </dd>
        {(model?.source ?? download?.source_url) && (
          <>
            <dt>{t('engines.source')}</dt>
            <dd>
              <bdi dir="ltr" className="engines-url">
                {model?.source ?? download?.source_url}
              </bdi>
            </dd>
          </>
        )}
      </dl>

      {download && download.files.length > 0 && download.state !== 'installed' && (
        <div className="engines-progress" data-testid="engines-progress">
          <p>
            {t('engines.progress', {
              done: formatFileSize(download.bytes_done, language),
              total: formatFileSize(download.bytes_total, language),
              percent: formatNumber((download.percent ?? 0) / 100, language, { style: 'percent' }),
            })}
          </p>
          <progress max={100} value={download.percent ?? 0} aria-label={t('engines.progressLabel')} />
          <ul className="engines-files">
            {download.files.map((file) => (
              <li key={file.name}>
                <bdi dir="ltr">{file.name}</bdi>
                <span className="muted">
                  {formatNumber(file.percent, language)}% · <bdi dir="ltr">{formatFileSize(file.bytes, language)}</bdi> / <bdi dir="ltr">{formatFileSize(file.size, language)}</bdi>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}

      {download?.last_error && (
        <div className="engines-error" data-testid="engines-error">
          <strong>{t('engines.lastError')}</strong>{' '}
          <bdi dir="ltr">{download.last_error}</bdi>
          <div className="muted small">
            {download.last_error_at && t('engines.errorAt', { date: formatDateTime(download.last_error_at, language), attempts: formatNumber(download.attempts, language) })}
            {download.next_attempt_at && <> · {t('engines.nextAttempt', { date: formatDateTime(download.next_attempt_at, language) })}</>}
          </div>
        </div>
      )}

      <AdminTable
        pending={false}
        count={direction.domains.length}
        empty={null}
        testId="engines-chains"
        columns={[
          { key: 'domain', label: tTranslate('domain.label') },
          { key: 'active', label: t('engines.active') },
          { key: 'chain', label: t('engines.chain') },
        ]}
      >
        {direction.domains.map((row) => (
          <tr key={row.domain} data-domain={row.domain}>
            <td data-label={tTranslate('domain.label')}>{tTranslate(`domain.${row.domain}`)}</td>
            <td data-label={t('engines.active')}>
              <strong data-testid="engines-active">{engineName(row.active)}</strong>
            </td>
            <td data-label={t('engines.chain')}>{row.chain.map(engineName).join(language === 'ar' ? '، ' : ', ')}</td>
          </tr>
        ))}
      </AdminTable>
    </article>
  );
}

/** /admin/engines: which engine answers each direction, the models and their download. */
export function AdminEnginesPage() {
  const { t } = useTranslation('admin');
  const [watch, setWatch] = useState<EnginesWatch | null>(null);
  const engines = useEngines(watch);
  const check = useCheckModels();
  const { showDialog, showError } = useDialog();
  const run = (force: boolean) => {
    // What the worker's answer must be newer than: the newest state on screen before the check.
    const after = newestStamp(engines.data?.data.directions ?? []);
    check.mutate(force, {
      onSuccess: (answer) => {
        setWatch({ after, until: Date.now() + 60_000 });
        showDialog({ modalType: 'success', message: answer.message });
      },
      onError: (error) => showError(error),
    });
  };
  const status = engines.data?.data;
  return (
    <section className="container page-section admin-page" data-testid="admin-engines">
      <AdminPageHeader
        page="adminEngines"
        actions={
          <>
            <button className="button button--primary" type="button" disabled={check.isPending} onClick={() => run(false)} data-testid="engines-check">
              {t('engines.check')}
            </button>
            <button className="button" type="button" disabled={check.isPending} onClick={() => run(true)} data-testid="engines-redownload">
              {t('engines.redownload')}
            </button>
          </>
        }
      />
      {!status ? (
        <PageLoading />
      ) : (
        <>
          <p className="muted engines-source">
            {t('engines.sourceLine')} <bdi dir="ltr" className="engines-url">{status.source_url}</bdi> ·{' '}
            {status.auto_download ? t('engines.autoOn') : t('engines.autoOff')}
          </p>
          <div className="engines-grid">
            {status.directions.map((direction) => (
              <DirectionPanel key={direction.direction} direction={direction} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
