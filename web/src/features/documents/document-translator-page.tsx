import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { isApiError } from '../../api/client';
import { useDialog, useLimitAdvice, useLimitWay } from '../../app/dialog-context';
import { formatFileSize, formatList, formatNumber } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { useCurrentUser } from '../account/use-current-user';
import { usageOwner } from '../dashboard/dashboard.fns';
import { useLimits } from '../account/use-limits';
import { DocumentProgress } from './document-progress';
import { GlossNotice } from '../translator/gloss-notice';
import { acceptAttribute, checkFile, checkWords, DOCUMENT_MODELS, targetFor, type DocumentModel, type FileProblem } from './documents.fns';
import { guestToken } from './guest-token';
import { useCountWords, useStartTranslation } from './use-documents';
import './documents.css';
import { Isolated } from '../../components/isolated';

const ACTIVE_PROJECT_KEY = 'lisan.documentProject';

function readActiveProject(): string | null {
  try {
    return window.sessionStorage.getItem(ACTIVE_PROJECT_KEY);
  } catch {
    return null;
  }
}

function writeActiveProject(projectId: string | null) {
  try {
    if (projectId) window.sessionStorage.setItem(ACTIVE_PROJECT_KEY, projectId);
    else window.sessionStorage.removeItem(ACTIVE_PROJECT_KEY);
  } catch {
    // Storage disabled: the progress simply does not survive a reload.
  }
}

/** The translator's two tabs: text (the home page's translator) and documents (this screen). */
export function TranslatorTabs() {
  const { t } = useTranslation('documents');
  return (
    <nav className="translator-tabs" aria-label={t('tabs.label')}>
      <Link className="translator-tabs__tab" to="/#translator">
        {t('tabs.text')}
      </Link>
      <NavLink className="translator-tabs__tab" to="/translate/documents" aria-current="page">
        {t('tabs.documents')}
      </NavLink>
    </nav>
  );
}

/** /translate/documents: upload, instant word count, limits, domain and languages, then progress and download. */
export function DocumentTranslatorPage() {
  const { t } = useTranslation('documents');
  const { t: tMessages } = useTranslation('messages');
  const { t: tTranslate } = useTranslation('translate');
  const { language } = useLanguage();
  const limits = useLimits();
  const { data: user } = useCurrentUser();
  const dialog = useDialog();
  const inputRef = useRef<HTMLInputElement>(null);
  const browseRef = useRef<HTMLButtonElement>(null);
  const fileCardRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const fileNameId = useId();
  // Choosing, removing or sending a file redraws the control that had the keyboard focus: where the focus goes next.
  const focusNext = useRef<'file' | 'browse' | 'panel' | null>(null);
  const sourceId = useId();
  const targetId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [source, setSource] = useState<'auto' | 'en' | 'ar'>('auto');
  const [target, setTarget] = useState<'en' | 'ar'>(language === 'ar' ? 'en' : 'ar');
  const [model, setModel] = useState<DocumentModel>('general');
  const [projectId, setProjectId] = useState<string | null>(readActiveProject);
  // "Translation canceled.", above the upload form the cancel returned to, until a file is chosen or sent.
  const [canceledNote, setCanceledNote] = useState(false);
  const count = useCountWords();
  const start = useStartTranslation();
  const token = user ? undefined : guestToken();
  // Why the LLM model is locked, in the translator's words: a guest, a plan without it, the team's switch, the server.
  const llmLocked = limits.llmMode === 'available' ? null : tTranslate(`llm.locked.${limits.llmMode}`);
  const number = (value: number) => formatNumber(value, language);

  useEffect(() => writeActiveProject(projectId), [projectId]);
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    ({ file: fileCardRef, browse: browseRef, panel: panelRef })[next].current?.focus();
  }, [file, projectId]);
  /** Moves the focus to `next` after the redraw, when it is in the part that is redrawn (a mouse user's focus stays put). */
  const keepFocus = (next: 'file' | 'browse' | 'panel') => {
    if (panelRef.current?.contains(document.activeElement)) focusNext.current = next;
  };

  const problemMessage = (problem: FileProblem) =>
    problem.kind === 'format'
      ? problem.format === null
        ? tMessages('errors.unsupportedFormat')
        : // A format Lisan reads that this visitor may not use: say which ones they may, and how to get more.
          tMessages(user ? 'errors.formatNotInPlan' : 'errors.formatForAccounts', { format: problem.format.toUpperCase(), formats })
      : problem.kind === 'size'
        ? // The spec's sentence, then the limit itself (the spec's words do not name it).
          [tMessages('errors.documentSize'), t('limits.sizeLimit', { size: problem.limitMb })]
        : tMessages('errors.fileWords', { limit: number(problem.limit) });

  const wordsProblem = count.data ? checkWords(count.data.words, limits) : null;
  // Why Translate stays disabled: brought into view once it appears (it could be below the fold).
  const wordsNotice = useRef<HTMLParagraphElement>(null);
  const hasWordsProblem = wordsProblem !== null;
  useEffect(() => {
    if (hasWordsProblem) wordsNotice.current?.scrollIntoView({ block: 'nearest' });
  }, [hasWordsProblem]);
  // With "Detect language", the language the server will take the chosen file to be in.
  const detected = source === 'auto' ? count.data?.detected_language : undefined;
  const sourceLanguage = source === 'auto' ? detected : source;
  useEffect(() => {
    if (detected) setTarget((current) => targetFor('auto', current, detected));
  }, [detected]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkFile(chosen, limits);
    if (problem) {
      // The spec's "detected and removed": the file is not kept.
      setFile(null);
      count.reset();
      // The visitor's choice, not a fault: the title says what to do.
      dialog.showDialog({ modalType: 'error', title: tMessages('errors.fileProblemTitle'), message: problemMessage(problem) });
      return;
    }
    keepFocus('file');
    setFile(chosen);
    setCanceledNote(false);
    count.reset();
    count.mutate(
      { file: chosen, token },
      {
        onError: (error) => {
          setFile(null);
          // Without an error body the spec's fallback: "error" / "something went wrong".
          const hasBody = isApiError(error) && error.body !== null;
          // A file the server refuses (422: empty, not a document, over a limit) is the visitor's to change, not a fault.
          if (hasBody) dialog.showError(error, isApiError(error) && error.status === 422 ? tMessages('errors.fileProblemTitle') : undefined);
          else dialog.showDialog({ modalType: 'error', title: tMessages('errors.countWordsTitle'), message: tMessages('errors.countWordsFallback') });
        },
      },
    );
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files?.[0]);
  };

  const changeSource = (value: 'auto' | 'en' | 'ar') => {
    setSource(value);
    setTarget((current) => targetFor(value, current));
  };

  const swap = () => {
    const nextSource = target;
    setSource(nextSource);
    setTarget(nextSource === 'en' ? 'ar' : 'en');
  };

  const translate = () => {
    if (!file) return;
    start.mutate(
      { file, model, frontendModel: t(`model.${model}`), source_lang: source, target_lang: target, token },
      {
        onSuccess: (result) => {
          keepFocus('panel');
          setProjectId(result.project_id);
          setFile(null);
          count.reset();
        },
        onError: (error) => {
          // A file the server refuses (nothing to translate in it): the visitor's to change, titled so, and not kept.
          if (isApiError(error) && error.errors.file) {
            setFile(null);
            count.reset();
            dialog.showError(error, tMessages('errors.fileProblemTitle'));
            return;
          }
          // A 402 (the month's documents used up): titled as a limit, with what to do about it, said for the way on
          // beside "Ok" (a guest's is to sign in; a team's member is told the team's plan sets it).
          dialog.showError(error, undefined, { plans: t('limits.upgradeBody'), signIn: t('limits.upgradeBodyGuest') });
        },
      },
    );
  };

  const restart = () => {
    keepFocus('panel');
    setProjectId(null);
    start.reset();
  };

  // The document was canceled: back to the form (the tab forgets it), saying so.
  const canceled = () => {
    keepFocus('panel');
    setProjectId(null);
    setCanceledNote(true);
  };

  // A signed-in user's documents this month (the team's, in a team), as the dashboard counts them: said before a file is chosen.
  const usedThisMonth = typeof user?.usage?.doc_requests_this_month === 'number' ? user.usage.doc_requests_this_month : null;
  const teamAllowance = user ? usageOwner(user) === 'team' : false;
  const usedUp = usedThisMonth !== null && limits.docRequestQuota > 0 && usedThisMonth >= limits.docRequestQuota;
  // The used-up notice's way on is the limit dialog's (limitWayFor): the plans, the admin area, or a member's team.
  const usedUpWay = useLimitWay('doc_request_quota');
  const usedUpAdvice = useLimitAdvice('doc_request_quota', '');
  const formats = useMemo(() => formatList(limits.fileFormats.map((f) => f.toUpperCase()), language), [limits.fileFormats, language]);
  const canTranslate = Boolean(file && count.data && !wordsProblem && !count.isPending && !start.isPending);

  return (
    <section className="container page-section documents" aria-labelledby="documents-title">
      <TranslatorTabs />
      <header className="documents__header">
        <h1 id="documents-title">{t('page.title')}</h1>
        <p className="documents__subtitle">{t('page.subtitle')}</p>
      </header>
      {!projectId && <GlossNotice screen="documents" />}
      {!projectId && usedUp && (
        <p className="notice notice--warning" data-testid="documents-used-up">
          {t('limits.usedUp')} {usedUpAdvice && `${usedUpAdvice} `}
          {usedUpWay && <Link to={usedUpWay.to}>{usedUpWay.label === 'plans' ? t('limits.seePlans') : tTranslate(`limit.${usedUpWay.label}`)}</Link>}
        </p>
      )}

      <div className="panel documents__panel" data-testid="documents-panel" ref={panelRef} tabIndex={-1}>
        {projectId ? (
          <DocumentProgress projectId={projectId} token={token} signedIn={Boolean(user)} onRestart={restart} onCanceled={canceled} />
        ) : (
          <>
            {canceledNote && (
              <p className="notice" role="status" data-testid="document-canceled">
                {t('progress.canceled')}
              </p>
            )}
            <div className="documents__options">
              <div className="documents__languages">
                <label className="documents__field">
                  <span className="documents__label" id={sourceId}>
                    {t('languages.source')}
                  </span>
                  <select aria-labelledby={sourceId} value={source} onChange={(event) => changeSource(event.target.value as 'auto' | 'en' | 'ar')} data-testid="source-language">
                    {/* Once the file is read, "Detect language" says what it found (as Google Translate's "English - detected"). */}
                    <option value="auto" data-testid="detected-language">
                      {detected ? t('languages.detected', { language: t(`languages.${detected}`) }) : t('languages.auto')}
                    </option>
                    <option value="en">{t('languages.en')}</option>
                    <option value="ar">{t('languages.ar')}</option>
                  </select>
                </label>
                <button type="button" className="documents__swap" onClick={swap} aria-label={t('languages.swap')} title={t('languages.swap')}>
                  <span aria-hidden="true">⇄</span>
                </button>
                <label className="documents__field">
                  <span className="documents__label" id={targetId}>
                    {t('languages.target')}
                  </span>
                  <select aria-labelledby={targetId} value={target} onChange={(event) => setTarget(event.target.value as 'en' | 'ar')} data-testid="target-language">
                    <option value="ar" disabled={sourceLanguage === 'ar'}>
                      {t('languages.ar')}
                    </option>
                    <option value="en" disabled={sourceLanguage === 'en'}>
                      {t('languages.en')}
                    </option>
                  </select>
                </label>
              </div>

              <fieldset className="documents__models">
                <legend className="documents__label">{t('model.label')}</legend>
                <div className="documents__model-list" role="radiogroup">
                  {DOCUMENT_MODELS.map((option) => {
                    const locked = option === 'llm' && llmLocked !== null;
                    return (
                      <label key={option} className={`documents__model${model === option ? ' documents__model--active' : ''}${locked ? ' documents__model--locked' : ''}`} title={locked ? llmLocked : undefined}>
                        <input type="radio" name="document-model" value={option} checked={model === option} disabled={locked} onChange={() => setModel(option)} />
                        <span>{t(`model.${option}`)}</span>
                        {locked && (
                          <span className="documents__lock" aria-hidden="true">
                            🔒
                          </span>
                        )}
                      </label>
                    );
                  })}
                </div>
                {llmLocked && (
                  <p className="documents__hint" data-testid="documents-llm-locked" data-reason={limits.llmMode}>
                    {llmLocked}
                  </p>
                )}
              </fieldset>
            </div>

            <div
              className={`drop-zone${dragging ? ' drop-zone--active' : ''}${file ? ' drop-zone--filled' : ''}`}
              data-testid="drop-zone"
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <input
                ref={inputRef}
                className="visually-hidden"
                type="file"
                accept={acceptAttribute(limits.fileFormats)}
                data-testid="document-input"
                // The "Browse files" button is the keyboard's way in: the hidden input takes no Tab stop of its own.
                tabIndex={-1}
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
                aria-label={t('drop.browse')}
              />
              {file ? (
                <div className="file-card" data-testid="file-card" ref={fileCardRef} tabIndex={-1} role="group" aria-labelledby={fileNameId}>
                  <span className="file-card__badge" aria-hidden="true">
                    {(count.data?.format ?? file.name.split('.').pop() ?? '').toUpperCase().slice(0, 5)}
                  </span>
                  <div className="file-card__body">
                    <p className="file-card__name" id={fileNameId}>
                      <Isolated kind="file">{file.name}</Isolated>
                    </p>
                    {count.isPending ? (
                      <p className="file-card__meta muted" role="status">
                        <span className="spinner" aria-hidden="true" /> {t('count.counting')}
                      </p>
                    ) : count.data ? (
                      <dl className="file-card__counts" data-testid="word-count">
                        <div>
                          <dt>{t('count.words')}</dt>
                          <dd>{number(count.data.words)}</dd>
                        </div>
                        <div>
                          <dt>{t('count.characters')}</dt>
                          <dd>{number(count.data.characters)}</dd>
                        </div>
                        {count.data.pages ? (
                          <div>
                            <dt>{t('count.pages')}</dt>
                            <dd>{number(count.data.pages)}</dd>
                          </div>
                        ) : null}
                        <div>
                          <dt>{t('count.size')}</dt>
                          <dd>
                            <bdi>{formatFileSize(file.size, language)}</bdi>
                          </dd>
                        </div>
                      </dl>
                    ) : null}
                    {count.data?.format === 'pdf' && (
                      // What comes back, said where the file is chosen (a PDF in, a DOCX out), not only in the page's subtitle.
                      <p className="file-card__meta muted" data-testid="pdf-to-docx">
                        {t('count.pdfToDocx')}
                      </p>
                    )}
                  </div>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    data-testid="document-remove"
                    onClick={() => {
                      keepFocus('browse');
                      setFile(null);
                      count.reset();
                    }}
                  >
                    {t('drop.remove')}
                  </button>
                </div>
              ) : (
                <div className="drop-zone__empty">
                  <span className="drop-zone__icon" aria-hidden="true">
                    ⬆
                  </span>
                  <p className="drop-zone__title">{dragging ? t('drop.active') : t('drop.title')}</p>
                  <p className="muted drop-zone__or">{t('drop.or')}</p>
                  <button type="button" className="button button--outline" ref={browseRef} data-testid="document-browse" onClick={() => inputRef.current?.click()}>
                    {t('drop.browse')}
                  </button>
                  <p className="drop-zone__hint muted">{t('drop.hint', { formats, size: limits.maxDocSize, count: limits.docWordsCount })}</p>
                </div>
              )}
            </div>

            {wordsProblem && (
              <p className="notice notice--error" role="alert" data-testid="words-problem" ref={wordsNotice}>
                {problemMessage(wordsProblem)}
              </p>
            )}

            <div className="documents__actions">
              <button type="button" className="button button--primary button--large" disabled={!canTranslate} onClick={translate} data-testid="translate-document">
                {start.isPending ? (
                  <>
                    <span className="spinner" aria-hidden="true" /> {t('actions.uploading')}
                  </>
                ) : (
                  t('actions.translate')
                )}
              </button>
            </div>
          </>
        )}
      </div>

      <p className="documents__footnote muted">
        {limits.isGuest ? (
          <>
            {t('limits.guest', { count: limits.docRequestQuota })} <Link to="/register">{t('limits.signUp')}</Link>
          </>
        ) : (
          // In a team (its owner too) the allowance and the month's count are the team's (dashboard usageOwner), and say so.
          [
            t(teamAllowance ? 'limits.team' : 'limits.user', { count: limits.docRequestQuota }),
            usedThisMonth !== null ? t(teamAllowance ? 'limits.teamUsedThisMonth' : 'limits.usedThisMonth', { used: usedThisMonth }) : null,
            t('limits.perDocument', { count: limits.docWordsCount, size: limits.maxDocSize }),
          ]
            .filter(Boolean)
            .join(' ')
        )}
      </p>
    </section>
  );
}
