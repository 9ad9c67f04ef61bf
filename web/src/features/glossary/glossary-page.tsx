import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import { FilePicker } from '../../components/file-picker';
import { AdminTable } from '../../components/admin-table';
import { PageLoading } from '../../components/page-loading';
import { formatNumber, forwardArrow, isolate } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { useTeam } from '../team/use-team';
import { DOMAINS, type Domain, type Lang } from '../translator/types';
import { importTookNothing } from './glossary.fns';
import { exportUrl, useGlossary, useGlossaryActions, type GlossaryConflict, type GlossaryScope, type GlossaryTerm, type ImportAnswer, type TermInput } from './use-glossary';
import './glossary.css';

type Direction = 'en-ar' | 'ar-en';
const DIRECTIONS: readonly Direction[] = ['en-ar', 'ar-en'];
const langsOf = (direction: Direction) => direction.split('-') as [Lang, Lang];

/** My glossary and, for team members, the team glossary: terms by domain, import and export, conflicts. */
export function GlossaryPage() {
  const { t } = useTranslation('glossary');
  const team = useTeam();
  const [scope, setScope] = useState<GlossaryScope>('user');
  const inTeam = Boolean(team.data);
  const shown = inTeam ? scope : 'user';
  return (
    <section className="container page-section glossary-page">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      {inTeam && (
        <div className="glossary-tabs" role="tablist" aria-label={t('tabs.label')}>
          {(['user', 'team'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={shown === key}
              className={`glossary-tabs__tab${shown === key ? ' glossary-tabs__tab--active' : ''}`}
              onClick={() => setScope(key)}
              data-testid={`glossary-tab-${key}`}
            >
              {t(key === 'user' ? 'tabs.personal' : 'tabs.team')}
            </button>
          ))}
        </div>
      )}
      <GlossaryView key={shown} scope={shown} />
    </section>
  );
}

function DomainOptions() {
  const { t } = useTranslation('glossary');
  return DOMAINS.map((domain) => (
    <option key={domain} value={domain}>
      {t(`domains.${domain}`)}
    </option>
  ));
}

const EMPTY_FORM = { source_term: '', target_term: '', direction: 'en-ar' as Direction, domain: 'general' as Domain };

function GlossaryView({ scope }: { scope: GlossaryScope }) {
  const { t } = useTranslation('glossary');
  const { t: tCommon } = useTranslation();
  const { language } = useLanguage();
  const glossary = useGlossary(scope);
  const actions = useGlossaryActions(scope);
  const { showDialog, showError, ask } = useDialog();
  const [form, setForm] = useState(EMPTY_FORM);
  const [editing, setEditing] = useState<number | null>(null);
  const [filter, setFilter] = useState<Domain | 'all'>('all');
  const [file, setFile] = useState<File | null>(null);
  const importId = useId();
  const [imported, setImported] = useState<ImportAnswer | null>(null);
  const sourceInput = useRef<HTMLInputElement>(null);

  if (glossary.isPending) return <PageLoading />;
  if (glossary.isError) return <p className="notice notice--error" role="alert">{glossary.error.message}</p>;
  const { data: terms, conflicts, can_edit: canEdit } = glossary.data;
  const domainName = (domain: Domain) => t(`domains.${domain}`);
  const conflictsOf = (term: GlossaryTerm) => conflicts.filter((conflict) => conflict.term_id === term.id);
  // The other term's target is isolated, so its own direction does not reorder the sentence around it.
  const conflictText = (conflict: GlossaryConflict) => t(`conflicts.${conflict.kind}`, { target: isolate(conflict.other.target_term), domain: domainName(conflict.other.domain) });
  const visible = terms.filter((term) => filter === 'all' || term.domain === filter);

  const submitTerm = async (event: FormEvent) => {
    event.preventDefault();
    const [source_lang, target_lang] = langsOf(form.direction);
    const input: TermInput = { domain: form.domain, source_lang, target_lang, source_term: form.source_term, target_term: form.target_term };
    const done = {
      onSuccess: () => {
        setForm({ ...EMPTY_FORM, direction: form.direction, domain: form.domain });
        setEditing(null);
        // The button is disabled while it saves, which drops the focus: back to the source term, ready for the next one.
        sourceInput.current?.focus();
      },
      onError: (error: unknown) => showError(error),
    };
    // Adding a source term the glossary has (same languages and domain) replaces its target: asked first.
    const same = (text: string) => text.trim().toLocaleLowerCase();
    const existing = editing === null ? terms.find((term) => term.source_lang === source_lang && term.target_lang === target_lang && term.domain === form.domain && same(term.source_term) === same(form.source_term)) : undefined;
    if (existing && existing.target_term !== form.target_term.trim()) {
      const values = { term: isolate(existing.source_term), old: isolate(existing.target_term), new: isolate(form.target_term.trim()), domain: domainName(form.domain) };
      if (!(await ask({ ...t('confirmReplace', { returnObjects: true, ...values }), testId: 'confirm-replace-term' }))) return;
    }
    if (editing === null) actions.add.mutate(input, done);
    else actions.update.mutate({ id: editing, ...input }, done);
  };

  const startEdit = (term: GlossaryTerm) => {
    setEditing(term.id);
    setForm({ source_term: term.source_term, target_term: term.target_term, direction: `${term.source_lang}-${term.target_lang}` as Direction, domain: term.domain });
    // The form is above the list (far above it on a phone): bring it to the term's row's "Edit".
    sourceInput.current?.scrollIntoView({ block: 'center' });
    sourceInput.current?.focus({ preventScroll: true });
  };

  const submitImport = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    const [source_lang, target_lang] = langsOf(form.direction);
    const format = /\.(tsv|tab|txt)$/i.test(file.name) ? 'tsv' : 'csv';
    const content = await file.text();
    // A spreadsheet or document (XLSX, DOCX...) is binary: say so, rather than the server's "NUL characters".
    if (content.includes('\u0000')) {
      setImported(null);
      showDialog({ modalType: 'error', title: t('import.failed'), message: t('import.notText') });
      return;
    }
    try {
      setImported(await actions.importFile.mutateAsync({ format, content, source_lang, target_lang, domain: form.domain }));
    } catch (error) {
      setImported(null);
      // Past the server's body limit the answer is "The request is too large": the reader chose a file.
      // Titled by what failed (not the app's "Something went wrong"): the reader's file, not Lisan.
      if (isApiError(error) && error.status === 413) showDialog({ modalType: 'error', title: t('import.failed'), message: t('import.tooLarge') });
      // A plan's limit (402) keeps its own title.
      else showError(error, isApiError(error) && error.status === 402 ? undefined : t('import.failed'));
    }
  };

  const remove = async (term: GlossaryTerm) => {
    if (!(await ask({ ...t('confirmDelete', { returnObjects: true, term: isolate(term.source_term) }), tone: 'danger', testId: 'confirm-delete-term' }))) return;
    actions.remove.mutate(term.id, { onSuccess: (answer) => showDialog({ modalType: 'success', message: answer.message }), onError: (error) => showError(error) });
  };

  return (
    <div className="glossary-view" data-testid={`glossary-${scope}`}>
      {!canEdit && (
        <p className="notice notice--warning" data-testid="glossary-read-only">
          {t('readOnly')}
        </p>
      )}

      {conflicts.length > 0 && (
        <section className="notice notice--warning glossary-conflicts" data-testid="glossary-conflicts" aria-labelledby={`conflicts-${scope}`}>
          <h2 id={`conflicts-${scope}`}>{t('conflicts.title', { count: formatNumber(conflicts.length, language) })}</h2>
          <p>{t('conflicts.body')}</p>
          <ul>
            {conflicts.map((conflict) => {
              const term = terms.find((candidate) => candidate.id === conflict.term_id);
              return (
                <li key={`${conflict.kind}-${conflict.term_id}-${conflict.other.id}`} data-testid="glossary-conflict" data-kind={conflict.kind}>
                  <bdi>{term?.source_term}</bdi> {forwardArrow(language)} <bdi>{term?.target_term}</bdi>: {conflictText(conflict)}
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <div className="glossary-tools">
        {canEdit && (
          <form className="panel admin-form" onSubmit={(event) => void submitTerm(event)} data-testid="glossary-form">
            <h2>{editing === null ? t('form.addTitle') : t('form.editTitle')}</h2>
            <label className="glossary-field">
              <span>{t('form.source')}</span>
              <input
                className="input"
                ref={sourceInput}
                value={form.source_term}
                onChange={(e) => setForm({ ...form, source_term: e.target.value })}
                required
                maxLength={200}
                dir="auto"
                data-testid="glossary-source"
              />
            </label>
            <label className="glossary-field">
              <span>{t('form.target')}</span>
              <input className="input" value={form.target_term} onChange={(e) => setForm({ ...form, target_term: e.target.value })} required maxLength={200} dir="auto" data-testid="glossary-target" />
            </label>
            <div className="glossary-form__row">
              <label className="glossary-field">
                <span>{t('form.direction')}</span>
                <select className="input" value={form.direction} onChange={(e) => setForm({ ...form, direction: e.target.value as Direction })} data-testid="glossary-direction">
                  {DIRECTIONS.map((direction) => (
                    <option key={direction} value={direction}>
                      {t(`direction.${direction}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="glossary-field">
                <span>{t('form.domain')}</span>
                <select className="input" value={form.domain} onChange={(e) => setForm({ ...form, domain: e.target.value as Domain })} data-testid="glossary-domain">
                  <DomainOptions />
                </select>
              </label>
            </div>
            <div className="row-actions">
              <button className="button button--primary" type="submit" disabled={actions.add.isPending || actions.update.isPending} data-testid="glossary-submit">
                {editing === null ? t('form.add') : t('form.save')}
              </button>
              {editing !== null && (
                <button className="button button--ghost" type="button" onClick={() => (setEditing(null), setForm(EMPTY_FORM))}>
                  {t('form.cancel')}
                </button>
              )}
            </div>
          </form>
        )}

        <div className="glossary-exchange">
          {canEdit && (
            <form className="panel admin-form" onSubmit={(event) => void submitImport(event)} data-testid="glossary-import">
              <h2>{t('import.title')}</h2>
              <p className="muted glossary-help">{t('import.body')}</p>
              {/* What the form above will give entries without languages or a domain, said where the file is chosen. */}
              <p className="glossary-help" data-testid="glossary-import-defaults">
                {t('import.defaults', { direction: t(`direction.${form.direction}`), domain: domainName(form.domain) })}
              </p>
              <div className="glossary-field">
                <span id={`${importId}-label`}>{t('import.file')}</span>
                <FilePicker
                  id={importId}
                  labelledBy={`${importId}-label`}
                  accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
                  choose={tCommon('file.choose')}
                  fileName={file?.name ?? null}
                  onFile={setFile}
                  none
                  required
                  data-testid="glossary-import-file"
                />
              </div>
              <button className="button button--outline" type="submit" disabled={!file || actions.importFile.isPending} data-testid="glossary-import-submit">
                {t('import.submit')}
              </button>
              {imported && (
                <div className="glossary-import-result" role="status" data-testid="glossary-import-result">
                  <p>{imported.message}</p>
                  {importTookNothing(imported) && (
                    <p className="glossary-import-result__hint" data-testid="glossary-import-nothing">
                      {t('import.nothing')}
                    </p>
                  )}
                  {imported.data.skipped.length > 0 && (
                    <>
                      <h3>{t('import.skipped')}</h3>
                      <ul>
                        {imported.data.skipped.map((entry) => (
                          <li key={entry.line}>
                            {t('import.line', { line: formatNumber(entry.line, language) })}: {Object.values(entry.errors).flat().join(' ')}
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </div>
              )}
            </form>
          )}
          <div className="panel admin-form">
            <h2>{t('export.title')}</h2>
            <div className="row-actions">
              <a className="button button--ghost button--small" href={exportUrl(scope, 'csv')} download data-testid="glossary-export-csv">
                {t('export.csv')}
              </a>
              <a className="button button--ghost button--small" href={exportUrl(scope, 'tsv')} download data-testid="glossary-export-tsv">
                {t('export.tsv')}
              </a>
            </div>
          </div>
        </div>
      </div>

      <label className="glossary-filter">
        <span>{t('filter')}</span>
        <select className="input" value={filter} onChange={(e) => setFilter(e.target.value as Domain | 'all')} data-testid="glossary-filter">
          <option value="all">{t('domains.all')}</option>
          <DomainOptions />
        </select>
      </label>

      <AdminTable
        pending={false}
        count={visible.length}
        empty={t('empty')}
        emptyTestId="glossary-empty"
        testId="glossary-terms"
        columns={[
          { key: 'source', label: t('columns.source') },
          { key: 'target', label: t('columns.target') },
          { key: 'languages', label: t('columns.languages') },
          { key: 'domain', label: t('columns.domain') },
          ...(canEdit ? [{ key: 'actions', label: t('columns.actions'), hiddenLabel: true }] : []),
        ]}
      >
        {visible.map((term) => {
          const clashes = conflictsOf(term);
          return (
            <tr key={term.id} data-testid="glossary-row" data-conflict={clashes.length > 0 || undefined}>
              <td data-label={t('columns.source')}>
                <span lang={term.source_lang} dir="auto">
                  {term.source_term}
                </span>
                {clashes.length > 0 && (
                  <span className="pill pill--accent glossary-badge" title={clashes.map(conflictText).join(' ')}>
                    {t('conflicts.badge')}
                  </span>
                )}
              </td>
              <td data-label={t('columns.target')}>
                <span lang={term.target_lang} dir="auto">
                  {term.target_term}
                </span>
              </td>
              <td data-label={t('columns.languages')}>{t(`direction.${term.source_lang}-${term.target_lang}` as 'direction.en-ar')}</td>
              <td data-label={t('columns.domain')}>{domainName(term.domain)}</td>
              {canEdit && (
                <td className="row-actions">
                  <button type="button" className="button button--ghost button--small" onClick={() => startEdit(term)} data-testid="glossary-edit">
                    {t('edit')}
                  </button>
                  <button type="button" className="button button--ghost button--small" onClick={() => void remove(term)} disabled={actions.remove.isPending} data-testid="glossary-delete">
                    {t('delete')}
                  </button>
                </td>
              )}
            </tr>
          );
        })}
      </AdminTable>
    </div>
  );
}
