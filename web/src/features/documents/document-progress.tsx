import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDialog } from '../../app/dialog-context';
import { formatNumber } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { GlossNotice } from '../translator/gloss-notice';
import { AppliedNote } from '../translator/glossary-note';
import { PHASES, phaseStatus } from './documents.fns';
import { downloadTranslatedFile, useCancelDocument, useDocumentStatus } from './use-documents';
import { Isolated } from '../../components/isolated';
import { isApiError } from '../../api/client';

/**
 * A document's journey (spec section 4): Analyzing, Translating, Generating the file, shown
 * as "Translation in Progress" with the e-mail and history notes and a Cancel button; then the
 * download, or the reason it failed. A canceled document (here, or in another tab) hands back
 * to the upload form (onCanceled).
 */
export function DocumentProgress({ projectId, token, signedIn, onRestart, onCanceled }: { projectId: string; token?: string; signedIn: boolean; onRestart: () => void; onCanceled: () => void }) {
  const { t } = useTranslation('documents');
  const { language } = useLanguage();
  const dialog = useDialog();
  const { data: status, error, refetch } = useDocumentStatus(projectId, token);
  const cancel = useCancelDocument();
  const [downloading, setDownloading] = useState(false);
  const canceled = status?.state === 'canceled';
  useEffect(() => {
    if (canceled) onCanceled();
  }, [canceled, onCanceled]);
  // The result (the download, or why it failed) is brought into view when the job ends: on a
  // phone the page may have been scrolled down past it meanwhile.
  const result = useRef<HTMLDivElement>(null);
  const finished = status?.state === 'done' || status?.state === 'failed';
  useEffect(() => {
    const top = result.current?.getBoundingClientRect().top;
    if (finished && top !== undefined && (top < 0 || top > window.innerHeight * 0.8)) result.current!.scrollIntoView({ block: 'start' });
  }, [finished]);

  if (error) {
    return (
      <div className="progress-view" data-testid="document-progress">
        <p className="notice notice--error" role="alert">
          {t('progress.lost')}
        </p>
        <button type="button" className="button button--outline" onClick={onRestart}>
          {t('actions.another')}
        </button>
      </div>
    );
  }

  // Canceled (seen by the status poll before the cancel's own answer, or in another tab): the view stays as it was
  // until the effect above hands back to the form; a spinner here would take the focused Cancel button away first,
  // and the focus with it, to the page's top.
  if (!status) {
    return (
      <div className="progress-view" data-testid="document-progress" role="status">
        <span className="spinner" aria-hidden="true" />
      </div>
    );
  }

  const fileName = (
    <p className="progress-view__file">
      <Isolated kind="file">{status.file_name}</Isolated>
    </p>
  );

  if (status.state === 'done' && status.file_id) {
    const download = async () => {
      setDownloading(true);
      try {
        await downloadTranslatedFile(status.file_id!, status.result_name ?? status.file_name, token);
      } catch (downloadError) {
        dialog.showError(downloadError);
      } finally {
        setDownloading(false);
      }
    };
    return (
      <div className="progress-view progress-view--done" data-testid="document-progress" data-state="done" ref={result}>
        <span className="progress-view__icon progress-view__icon--success" aria-hidden="true">
          ✓
        </span>
        <h2>{t('done.title')}</h2>
        {fileName}
        {status.format === 'pdf' && (
          <p className="muted" data-testid="pdf-to-docx">
            {t('count.pdfToDocx')}
          </p>
        )}
        {status.engine === 'dictionary' && <GlossNotice screen="document" gloss />}
        <AppliedNote applied={status.applied} sourceLang={status.source_lang} targetLang={status.target_lang} manage={signedIn} testId="document-applied" />
        <div className="progress-view__actions">
          <button type="button" className="button button--primary button--large" onClick={() => void download()} disabled={downloading} data-testid="download-document">
            {downloading ? t('actions.downloading') : t('actions.download')}
          </button>
          <button type="button" className="button button--ghost" onClick={onRestart}>
            {t('actions.another')}
          </button>
        </div>
        {signedIn && (
          <p className="muted">
            {t('done.historyNote')} <Link to="/user/translation-history">{t('done.historyLink')}</Link>
          </p>
        )}
      </div>
    );
  }

  if (status.state === 'failed') {
    return (
      <div className="progress-view progress-view--failed" data-testid="document-progress" data-state="failed" ref={result}>
        <span className="progress-view__icon progress-view__icon--error" aria-hidden="true">
          !
        </span>
        <h2>{t('failed.title')}</h2>
        {fileName}
        <p className="notice notice--error" role="alert">
          {status.error?.message}
        </p>
        {signedIn && <p className="muted">{t('failed.quotaNote')}</p>}
        <button type="button" className="button button--primary" onClick={onRestart}>
          {t('actions.another')}
        </button>
      </div>
    );
  }

  const cancelTranslation = () =>
    cancel.mutate(
      { projectId, token },
      {
        onSuccess: onCanceled,
        // Already finished (409): the screen shows how it ended.
        onError: (cancelError) => (isApiError(cancelError) && cancelError.status === 409 ? void refetch() : dialog.showError(cancelError)),
      },
    );

  const progress = Math.max(0, Math.min(100, status.progress));
  return (
    <div className="progress-view" data-testid="document-progress" data-state={status.state}>
      <h2>{t('progress.title')}</h2>
      {fileName}
      <ol className="phases">
        {PHASES.map((phase) => {
          const state = phaseStatus(status.state, phase);
          return (
            <li key={phase} className={`phases__step phases__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="phases__marker" aria-hidden="true">
                {state === 'done' ? '✓' : state === 'current' ? <span className="spinner" /> : ''}
              </span>
              <span>{t(`progress.phases.${phase}`)}</span>
            </li>
          );
        })}
      </ol>
      <div className="progress-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label={t('progress.title')}>
        <span className="progress-bar__fill" style={{ inlineSize: `${progress}%` }} />
      </div>
      <p className="muted progress-view__percent">{t('progress.percent', { value: formatNumber(progress / 100, language, { style: 'percent' }) })}</p>
      <p className="notice">{signedIn ? t('progress.emailNote') : t('progress.guestNote')}</p>
      <div className="progress-view__actions">
        {/* aria-disabled, not disabled, while the cancel is sent: a disabled button would drop the keyboard focus before the form comes back. */}
        <button type="button" className="button button--outline" onClick={() => !cancel.isPending && cancelTranslation()} aria-disabled={cancel.isPending} data-testid="cancel-document">
          {cancel.isPending ? t('actions.canceling') : t('actions.cancel')}
        </button>
      </div>
    </div>
  );
}
