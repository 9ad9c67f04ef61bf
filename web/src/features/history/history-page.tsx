import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDialog } from '../../app/dialog-context';
import { FormDialog } from '../../components/form-dialog';
import { Pagination } from '../../components/pagination';
import { useSearchBox } from '../../components/use-search-box';
import { Isolated } from '../../components/isolated';
import { formatDateTime, formatNumber, isolate, valueDirection } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { useCurrentUser } from '../account/use-current-user';
import { AppliedNote } from '../translator/glossary-note';
import { AutoDeleteSetting } from './auto-delete-setting';
import { canSeeTeamHistory, deleteButtonOf, filtersFromSearch, focusAfterDelete, knownPair, openTarget, pageAfterDelete, searchFromFilters, shownPreview, showsState, titleKind, translatorOf } from './history.fns';
import { useDeleteAllHistory, useDeleteHistoryEntry, useHistoryList } from './use-history';
import { HISTORY_TYPES, type HistoryEntry, type HistoryFilters, type HistoryScope } from './types';
import './history.css';

/**
 * What was said about a text's sentences: an approved correction shows instead of the machine's translation (the
 * translator, re-opening the entry, names the sentences), and the ratings given.
 */
function SentenceFeedback({ feedback }: { feedback: NonNullable<HistoryEntry['feedback']> }) {
  const { t } = useTranslation('history');
  return (
    <>
      {feedback.corrected_segments > 0 && (
        <span className="pill pill--accent" data-testid="history-corrected" title={t('feedback.correctedTitle')}>
          {t('feedback.corrected')}
        </span>
      )}
      {feedback.liked_segments > 0 && (
        <span className="pill history-entry__reaction--like" data-testid="history-reaction" data-reaction="like">
          {t('feedback.liked')}
        </span>
      )}
      {feedback.disliked_segments > 0 && (
        <span className="pill history-entry__reaction--dislike" data-testid="history-reaction" data-reaction="dislike">
          {t('feedback.disliked')}
        </span>
      )}
    </>
  );
}

/**
 * One history entry. `own`: the viewer made it (re-open, download, delete); a team member's
 * entry in the team's view is read-only. Without `onDelete` (the dashboard's recent list) there is no delete button.
 */
export function EntryCard({ entry, own, onDelete, deleting = false }: { entry: HistoryEntry; own: boolean; onDelete?: () => void; deleting?: boolean }) {
  const { t } = useTranslation('history');
  const { t: tTranslate } = useTranslation('translate');
  const { language } = useLanguage();
  const open = openTarget(entry);
  const pair = knownPair(entry);
  const preview = shownPreview(entry);
  const titleLang = entry.source_lang === 'en' || entry.source_lang === 'ar' ? entry.source_lang : undefined;
  // One date format across the screens (review N3): long date, short time, Latin digits.
  const date = formatDateTime(entry.created_at, language);
  const knownState = ['done', 'analyzing', 'translating', 'generating', 'failed', 'canceled', 'crawling', 'ready'].includes(entry.state);
  return (
    <li className="history-entry" data-private="" data-testid="history-entry" data-project-id={entry.project_id} data-type={entry.type} data-state={entry.state}>
      <div className="history-entry__meta">
        {entry.user_name !== undefined && (
          <span className="history-entry__member" data-testid="history-member">
            <span className="muted">{t('member')}: </span>
            <Isolated kind="name">{entry.user_name}</Isolated>
          </span>
        )}
        <span className="pill">{t(`type.${entry.type}`)}</span>
        {entry.feedback && <SentenceFeedback feedback={entry.feedback} />}
        {pair && <span>{t('pair', { source: tTranslate(`languages.${pair.source}`), target: tTranslate(`languages.${pair.target}`) })}</span>}
        {['general', 'business', 'legal', 'ecommerce'].includes(entry.domain) && <span>{tTranslate(`domain.${entry.domain as 'general'}`)}</span>}
        <time dateTime={entry.created_at}>{date}</time>
        {showsState(entry) && (
          <span className={`pill history-entry__state history-entry__state--${entry.state}`} data-testid="history-state">
            {knownState ? t(`state.${entry.state as 'done'}`) : entry.state}
          </span>
        )}
      </div>
      {/* Focusable by script only: where the focus goes when the entry before it was deleted (it names the entry). */}
      <p className="history-entry__title" tabIndex={-1}>
        <Isolated kind={titleKind(entry)} lang={titleLang}>
          {entry.title}
        </Isolated>
      </p>
      {preview && (
        <p className="history-entry__preview muted">
          <bdi lang={entry.type === 'website' ? undefined : entry.target_lang}>{preview}</bdi>
        </p>
      )}
      {pair && (
        <div className="history-entry__applied">
          <AppliedNote applied={entry.applied} sourceLang={pair.source} targetLang={pair.target} manage={false} testId="history-applied" />
        </div>
      )}
      {own && (
        <div className="history-entry__actions">
          {open?.kind === 'link' && (
            <Link className="button button--outline button--small" to={open.to} data-testid="history-open">
              {entry.type === 'website' ? t('openSite') : t('open')}
            </Link>
          )}
          {open?.kind === 'download' && (
            <a className="button button--outline button--small" href={open.href} download data-testid="history-download">
              {t('download')}
            </a>
          )}
          {onDelete && (
            <button type="button" className="button button--ghost button--small" data-testid="history-delete" aria-label={t('deleteLabel', { title: isolate(entry.title, valueDirection(titleKind(entry), language)) })} disabled={deleting} onClick={onDelete}>
              {t('delete')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * /user/translation-history: filters, search (as the user types), pagination, delete, delete all (with confirmation),
 * re-open. The filters, the words and the page are the address's query string, so a reload or Back keeps them.
 */
export function HistoryPage() {
  const { t } = useTranslation('history');
  const { language } = useLanguage();
  const { showDialog, showError, ask } = useDialog();
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const teamAllowed = canSeeTeamHistory(user);
  const parsed = filtersFromSearch(params);
  // The team's view only for owners and managers; anyone else sees their own.
  const filters: HistoryFilters = teamAllowed ? parsed : { ...parsed, scope: 'mine' };
  const teamView = filters.scope === 'team';
  const list = useHistoryList(filters);
  const remove = useDeleteHistoryEntry();
  const removeAll = useDeleteAllHistory();
  const [confirming, setConfirming] = useState(false);
  const searchId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);

  // The filters, the choices and the page add a history entry; the words typed replace the address (useSearchBox).
  const go = (next: Partial<HistoryFilters>) => setParams(searchFromFilters({ ...filters, ...next }));
  // Searched as the user types, once the typing pauses; Enter and the Search button at once. New words go to page 1.
  const search = useSearchBox(filters.q, (q) => searchFromFilters({ ...filters, q, page: 1 }));
  const entries = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;

  /**
   * The control that has the focus once the deleted entry's success dialog closes (its Delete button went with it): the
   * title of the entry now in its place, else of the one before, else the empty state's action. Read as the dialog
   * closes, from what the page shows then (the list was read again before the dialog opened).
   */
  const focusAfterDeleting = (index: number, steppedBack: boolean) => () => {
    const titles = [...(listRef.current?.querySelectorAll<HTMLElement>('.history-entry__title') ?? [])];
    const target = focusAfterDelete(index, titles.length, steppedBack);
    return target === 'empty' ? emptyRef.current?.querySelector<HTMLElement>('a, button') : titles[target];
  };

  // Every delete from the list goes through here (the one place its focus is decided).
  const deleteEntry = async (entry: HistoryEntry) => {
    // A document or website takes its file or translated pages with it: asked first, as the websites page asks.
    if (entry.type !== 'text' && !(await ask({ ...t(`confirmDelete.${entry.type}`, { returnObjects: true, title: isolate(entry.title, valueDirection(titleKind(entry), language)) }), tone: 'danger', testId: 'confirm-delete-entry' }))) return;
    const index = entries.findIndex((shown) => shown.project_id === entry.project_id);
    remove.mutate(entry.project_id, {
      onSuccess: (answer) => {
        const page = pageAfterDelete(filters, entries.length);
        if (page !== filters.page) go({ page });
        // A document or website went with its file or pages: said so (the answer's words are the text entry's).
        showDialog({
          modalType: 'success',
          message: entry.type === 'text' ? answer.message : t(`deleted.${entry.type}`),
          returnFocus: focusAfterDeleting(index, page !== filters.page),
        });
      },
      // The entry is still there: the focus goes back to its Delete button, to try again (not to the page's top).
      onError: (error) => showError(error, undefined, undefined, () => deleteButtonOf(listRef.current, entry.project_id)),
    });
  };

  return (
    <section className="container page-section">
      <div className="panel history-page" data-testid="history-page">
        <header className="history-page__header">
          <div>
            <h1>{t('title')}</h1>
            <p className="muted">{teamView ? t('subtitleTeam') : t('subtitle')}</p>
          </div>
          {total > 0 && !teamView && (
            <button type="button" className="button button--ghost history-page__delete-all" data-testid="history-delete-all" onClick={() => setConfirming(true)}>
              {t('deleteAll')}
            </button>
          )}
        </header>

        <div className="history-page__filters">
          {teamAllowed && (
            <div className="segmented" role="group" aria-label={t('scope.label')} data-testid="history-scope">
              {(['mine', 'team'] as HistoryScope[]).map((scope) => (
                <button key={scope} type="button" className="segmented__option" aria-pressed={filters.scope === scope} onClick={() => go({ scope, page: 1 })}>
                  {t(`scope.${scope}`)}
                </button>
              ))}
            </div>
          )}
          <div className="segmented" role="group" aria-label={t('filters.label')}>
            {[null, ...HISTORY_TYPES].map((type) => (
              <button key={type ?? 'all'} type="button" className="segmented__option" aria-pressed={filters.type === type} onClick={() => go({ type, page: 1 })}>
                {t(`filters.${type ?? 'all'}`)}
              </button>
            ))}
          </div>
          <form
            className="history-page__search"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              search.submit();
            }}
          >
            <label className="visually-hidden" htmlFor={searchId}>
              {t('search.label')}
            </label>
            <input id={searchId} type="search" dir="auto" data-testid="history-search" value={search.value} placeholder={t('search.placeholder')} onChange={search.onChange} />
            <button type="submit" className="button button--outline button--small">
              {t('search.submit')}
            </button>
          </form>
        </div>

        {list.isPending && <p className="muted">{t('loading')}</p>}
        {list.isError && (
          <div className="notice notice--error">
            <p>{t('error')}</p>
            <button type="button" className="button button--ghost button--small" onClick={() => void list.refetch()}>
              {t('retry')}
            </button>
          </div>
        )}
        {list.isSuccess && entries.length === 0 && (
          <div className="history-page__empty" data-testid="history-empty" ref={emptyRef}>
            <p>{filters.q ? t('emptySearch') : filters.type ? t(teamView ? `emptyTypeTeam.${filters.type}` : `emptyType.${filters.type}`) : teamView ? t('emptyTeam') : t('empty')}</p>
            {/* Words that found nothing: the way back is clearing them (the filters stay), not the translator. Nothing of
                one type yet: that type's translator. */}
            {filters.q ? (
              <button type="button" className="button button--outline" data-testid="history-search-clear" onClick={() => go({ q: '', page: 1 })}>
                {t('search.clear')}
              </button>
            ) : (
              <Link className="button button--primary" to={filters.type ? translatorOf(filters.type) : '/#translator'} data-testid="history-start">
                {filters.type ? t(`startType.${filters.type}`) : t('startTranslating')}
              </Link>
            )}
          </div>
        )}
        {entries.length > 0 && (
          <>
            <p className="muted history-page__total">{t('total', { total: formatNumber(total, language) })}</p>
            <ul className="history-list" ref={listRef}>
              {entries.map((entry) => (
                <EntryCard
                  key={entry.project_id}
                  entry={entry}
                  own={!teamView || (user != null && String(entry.user_id) === String(user.id))}
                  deleting={remove.isPending}
                  onDelete={() => void deleteEntry(entry)}
                />
              ))}
            </ul>
          </>
        )}

        <Pagination page={filters.page} perPage={list.data?.meta.per_page ?? 20} total={total} onPage={(page) => go({ page })} />

        <AutoDeleteSetting />
      </div>

      <FormDialog
        open={confirming}
        tone="danger"
        title={t('confirmDeleteAll.title')}
        submitLabel={t('confirmDeleteAll.confirm')}
        cancelLabel={t('confirmDeleteAll.cancel')}
        busy={removeAll.isPending}
        testId="confirm-delete-all"
        onCancel={() => setConfirming(false)}
        onSubmit={() =>
          removeAll.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirming(false);
              go({ page: 1, q: '', type: null, scope: 'mine' });
              showDialog({ modalType: 'success', message: answer.message });
            },
            onError: (error) => {
              setConfirming(false);
              showError(error);
            },
          })
        }
      >
        <p>{t('confirmDeleteAll.body')}</p>
      </FormDialog>
    </section>
  );
}
