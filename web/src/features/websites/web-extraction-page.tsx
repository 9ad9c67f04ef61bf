import { Pagination } from '../../components/pagination';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import { formatNumber, isolate, valueDirection } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { useCurrentUser } from '../account/use-current-user';
import { plansPathFor } from '../auth/roles';
import { GlossNotice } from '../translator/gloss-notice';
import { AppliedNote } from '../translator/glossary-note';
import {
  PAGES_PER_PAGE,
  SITES_PER_PAGE,
  browserStorage,
  useSiteToReopen,
  useWebsite,
  useWebsiteActions,
  useSiteOfProject,
  useWebsitePages,
  useWebsites,
  type Domain,
  type PageFilter,
  type TargetLang,
  type Website,
  type WebsitePage,
} from './use-websites';
import { defaultTarget, displayUrl, exportUrl, forgetLastSite, foundNothing, isSelectable, pageChip, reasonKey, rememberLastSite, skippedByReason, toggleSelection, wordsShown } from './websites.fns';
import { Isolated } from '../../components/isolated';

const DOMAINS: Domain[] = ['general', 'business', 'legal', 'ecommerce'];
const PAGE_FILTERS = ['Active', 'Pending', 'Detected', 'Skipped'] as const;

/** Navigation state of the page after a site was deleted: it shows the start state rather than opening another site. */
interface WebsitesNavigationState {
  startNew?: boolean;
}

/**
 * Web extraction: add a website (entire site or single page), see its pages, translate them,
 * preview and download. The open site is in the address (?site=), so back, forward and reload
 * keep it; opened without one (the menu), the page opens the site the user opened last, as
 * document tools reopen the last project. The add form stays at the top for a new site.
 */
export function WebExtractionPage() {
  const { t } = useTranslation('websites');
  const { language } = useLanguage();
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const selectedId = Number(params.get('site')) || null;
  const select = (id: number) => setParams({ site: String(id) });
  // Opened from the history (?project=…): the entry's detail names the site.
  const projectId = selectedId === null ? params.get('project') : null;
  const fromHistory = useSiteOfProject(projectId);
  const historySiteId = fromHistory.data;
  useEffect(() => {
    if (historySiteId) setParams({ site: String(historySiteId) }, { replace: true });
  }, [historySiteId, setParams]);
  // Opened without a site: the last one, in the address in place of the bare one (back does not return to it).
  const startNew = (location.state as WebsitesNavigationState | null)?.startNew === true;
  const reopen = useSiteToReopen(user?.id ?? null, selectedId === null && projectId === null && !startNew);
  useEffect(() => {
    if (reopen !== null) setParams({ site: String(reopen) }, { replace: true });
  }, [reopen, setParams]);

  return (
    <section className="container page-section websites-page">
      <header className="websites-header">
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>
        {/* What is left this month, where the user decides what to translate (the dashboard's figure, read again as translations finish). */}
        {user?.web_pages_quota ? (
          <span className="pill" data-testid="web-pages-usage">
            {t('quotaUsed', { used: formatNumber(user.usage?.web_pages_this_month ?? 0, language), limit: formatNumber(user.web_pages_quota, language) })}
          </span>
        ) : null}
      </header>
      <GlossNotice screen="websites" />
      <div className="websites-top">
        <AddWebsiteForm onAdded={select} />
        <SiteList selectedId={selectedId} onSelect={select} />
      </div>
      {projectId !== null && (fromHistory.isError || fromHistory.data === null) && (
        <p className="notice notice--error" role="alert" data-testid="history-site-missing">
          {t('fromHistoryMissing')}
        </p>
      )}
      {selectedId !== null && <SiteDetail key={selectedId} id={selectedId} onDeleted={() => setParams({}, { state: { startNew: true } satisfies WebsitesNavigationState })} />}
    </section>
  );
}

function AddWebsiteForm({ onAdded }: { onAdded: (id: number) => void }) {
  const { t } = useTranslation('websites');
  const { add } = useWebsiteActions();
  const [url, setUrl] = useState('');
  const [scope, setScope] = useState<'site' | 'page'>('site');
  const [errors, setErrors] = useState<string[]>([]);
  const failed = useFailureDialog();
  return (
    <form
      className="panel websites-add"
      data-testid="website-add-form"
      onSubmit={(event) => {
        event.preventDefault();
        setErrors([]);
        add.mutate(
          { url, scope },
          {
            onSuccess: (answer) => {
              setUrl('');
              onAdded(answer.data.id);
            },
            onError: (error) => {
              if (isApiError(error) && error.status === 422) setErrors(error.errors.url ?? error.messages);
              else failed(error);
            },
          },
        );
      }}
    >
      <h2>{t('add.title')}</h2>
      <label className="form-field">
        <span className="form-field__label">{t('add.url')}</span>
        <input
          type="text"
          inputMode="url"
          dir="ltr"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com"
          required
          aria-invalid={errors.length > 0}
          aria-describedby={errors.length ? 'website-url-error' : undefined}
          data-testid="website-url"
        />
        {errors.length > 0 && (
          <span className="form-field__error" id="website-url-error" role="alert">
            {errors.join(' ')}
          </span>
        )}
      </label>
      <fieldset className="scope-choice">
        <legend className="form-field__label">{t('add.scope')}</legend>
        {(['site', 'page'] as const).map((value) => (
          <label key={value} className={`scope-option${scope === value ? ' scope-option--checked' : ''}`}>
            <input type="radio" name="scope" value={value} checked={scope === value} onChange={() => setScope(value)} data-testid={`website-scope-${value}`} />
            <span>
              <strong>{t(`add.${value}`)}</strong>
              <span className="muted">{t(value === 'site' ? 'add.siteHint' : 'add.pageHint')}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <button className="button button--primary" type="submit" disabled={add.isPending} data-testid="website-add">
        {t('add.submit')}
      </button>
    </form>
  );
}

function SiteState({ site }: { site: Website }) {
  const { t } = useTranslation('websites');
  if (site.state === 'crawling') return <span className="status-chip status-chip--pending" data-testid="site-state">{t('state.crawling')}</span>;
  if (site.state === 'failed') return <span className="status-chip status-chip--failed" data-testid="site-state">{t('state.failed')}</span>;
  if (site.translating) return <span className="status-chip status-chip--pending" data-testid="site-state">{t('state.translating')}</span>;
  return <span className="status-chip status-chip--active" data-testid="site-state">{t('state.ready')}</span>;
}

function SiteList({ selectedId, onSelect }: { selectedId: number | null; onSelect: (id: number) => void }) {
  const { t } = useTranslation('websites');
  const { language } = useLanguage();
  const [page, setPage] = useState(1);
  const sites = useWebsites(page);
  // A page emptied meanwhile (sites deleted elsewhere): back to the last page that has sites.
  const lastPage = sites.data ? Math.max(1, Math.ceil(sites.data.meta.total / SITES_PER_PAGE)) : page;
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage]);
  return (
    <div className="panel websites-list">
      <h2>{t('sites.title')}</h2>
      {sites.isPending && <p className="muted">{t('loading')}</p>}
      {sites.data && sites.data.data.length === 0 && <p className="muted">{t('sites.empty')}</p>}
      <ul className="site-list" data-testid="website-list">
        {sites.data?.data.map((site) => (
          <li key={site.id}>
            <button type="button" className={`site-card${site.id === selectedId ? ' site-card--selected' : ''}`} onClick={() => onSelect(site.id)} aria-pressed={site.id === selectedId}>
              <span className="site-card__title">
                <Isolated kind={site.title ? 'name' : 'url'}>{site.title || displayUrl(site.url)}</Isolated>
              </span>
              <span className="site-card__url">
                <Isolated kind="url">{displayUrl(site.url)}</Isolated>
              </span>
              <span className="site-card__meta">
                <SiteState site={site} />
                {/* A crawl that found nothing has no counts to give (its start page was the one "skipped"): the card says what to do. */}
                {!foundNothing(site) && (
                  <>
                    <span className="muted">{t('sites.pages', { value: formatNumber(site.pages.total - site.pages.skipped, language) })}</span>
                    <span className="muted">{t('sites.translated', { value: formatNumber(site.pages.active, language) })}</span>
                  </>
                )}
                {site.state !== 'failed' && site.pages.skipped > 0 && <span className="muted">{t('sites.skipped', { value: formatNumber(site.pages.skipped, language) })}</span>}
              </span>
              {/* The selected site's detail says it beside "Try again" (an alert): not twice on one screen. */}
              {site.state === 'failed' && site.error && site.id !== selectedId && (
                <span className="site-card__failed" data-testid="site-card-failed">
                  {t('site.failed', { reason: t(reasonKey(site.error)!) })} {t('site.failedNext')}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {sites.data && <Pagination page={page} perPage={SITES_PER_PAGE} total={sites.data.meta.total} onPage={setPage} />}
    </div>
  );
}

/**
 * What the crawl found: the pages that can be translated (or were), and apart from them the
 * skipped ones (robots.txt, not HTML, past the plan's page limit…), counted per reason.
 */
function PagesSummary({ site, onShowSkipped }: { site: Website; onShowSkipped: (() => void) | null }) {
  const { t } = useTranslation('websites');
  const { language } = useLanguage();
  const reasons = skippedByReason(site.pages);
  return (
    <div className="pages-summary" data-testid="pages-summary">
      <p>
        {/* While the crawl runs the count grows: said as found so far, so a 0 does not read as the result. */}
        <strong data-testid="pages-found">{t(site.state === 'crawling' ? 'pages.foundSoFar' : 'pages.found', { value: formatNumber(site.pages.total - site.pages.skipped, language) })}</strong>
      </p>
      {site.pages.skipped > 0 && (
        <div className="pages-summary__skipped" data-testid="pages-skipped">
          <p>
            <span>{t('pages.skipped', { value: formatNumber(site.pages.skipped, language) })}</span>{' '}
            {onShowSkipped && (
              <button type="button" className="button button--ghost button--small" onClick={onShowSkipped} data-testid="show-skipped">
                {t('pages.showSkipped')}
              </button>
            )}
          </p>
          <ul className="pages-summary__reasons">
            {reasons.map(({ key, count }) => (
              <li key={key} data-testid="skipped-reason">
                {t('pages.skippedReason', { reason: t(key), value: formatNumber(count, language) })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** 402 answers get the upgrade dialog; everything else the generic error dialog. */
function useFailureDialog() {
  const { t } = useTranslation('websites');
  const { showError } = useDialog();
  return (error: unknown) => showError(error, undefined, t('translate.upgradeBody'));
}

function SiteDetail({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const { t } = useTranslation('websites');
  const { language } = useLanguage();
  const site = useWebsite(id);
  const { data: user } = useCurrentUser();
  const actions = useWebsiteActions();
  const { showDialog, ask } = useDialog();
  const failed = useFailureDialog();
  const [filter, setFilter] = useState<PageFilter>({ page: 1, q: '', status: '' });
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [target, setTarget] = useState<TargetLang>('ar');
  const [domain, setDomain] = useState<Domain>('general');
  const [preview, setPreview] = useState<WebsitePage | null>(null);
  const importInput = useRef<HTMLInputElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  // The row's "Preview" that opened it: the focus goes back there when the preview closes.
  const previewOpener = useRef<HTMLElement | null>(null);
  const pages = useWebsitePages(id, filter, site.data);

  useEffect(() => {
    if (site.data?.domain) setDomain(site.data.domain);
    // Only when the site is first loaded: later changes are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [site.data?.id]);
  // The language to translate into: the site's last, else away from its pages' language, told once, from the first
  // list of its pages read after the crawl (a filtered list or the user's own choice later does not change it).
  const targetChosen = useRef(false);
  const suggestedTarget = site.data && pages.data && !pages.isPlaceholderData && site.data.state !== 'crawling' ? defaultTarget(site.data, pages.data.data) : null;
  useEffect(() => {
    if (!suggestedTarget || targetChosen.current) return;
    targetChosen.current = true;
    setTarget(suggestedTarget);
  }, [suggestedTarget]);

  // The site opened last, reopened when the page is opened without one; forgotten once the server no longer has it.
  // (Just deleted here, its query fails as the list is read again: the view keeps what it had until it closes.)
  const loadedId = site.data?.id;
  const missing = !site.data && site.isError && isApiError(site.error) && site.error.status === 404;
  useEffect(() => {
    if (!user) return;
    if (loadedId !== undefined) rememberLastSite(browserStorage(), user.id, loadedId);
    else if (missing) forgetLastSite(browserStorage(), user.id, id);
  }, [user, loadedId, missing, id]);

  useEffect(() => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!preview) return;
    previewRef.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    // The focus follows the eyes to the preview (a keyboard or screen reader user is not left in the table).
    previewHeading.current?.focus({ preventScroll: true });
  }, [preview]);
  const closePreview = () => {
    setPreview(null);
    previewOpener.current?.focus();
    previewOpener.current = null;
  };

  if (site.isPending) return <p className="muted">{t('loading')}</p>;
  if (missing) {
    return (
      <p className="notice notice--error" role="alert" data-testid="website-missing">
        {t('siteMissing')}
      </p>
    );
  }
  if (!site.data) return null;
  const data = site.data;
  const rows = pages.data?.data ?? [];
  const total = pages.data?.meta.total ?? 0;
  // The open preview follows its page's row as read again (a reviewed XLIFF imported meanwhile changes its summary and its text).
  const previewed = (preview && rows.find((row) => row.id === preview.id)) ?? preview;
  const shownIds = rows.filter(isSelectable).map((p) => p.id);
  const allShownSelected = shownIds.length > 0 && shownIds.every((pageId) => selected.has(pageId));
  const translatable = data.pages.total - data.pages.skipped;
  // A site whose crawl failed before finding any page has nothing to translate, list or download: only the error and "Try again".
  const nothingFound = foundNothing(data);

  const translate = (pageIds: number[] | 'all', withinQuota = false) =>
    actions.translate.mutate(
      { id, page_ids: pageIds, target_lang: target, domain, within_quota: withinQuota },
      {
        onSuccess: (answer) => {
          setSelected(new Set());
          // Pages left alone (translated and unchanged, or past the month's pages) are named only when there are some: "Already up to date: 0" was noise.
          const queued = t('translate.queued', { queued: formatNumber(answer.data.queued, language) });
          const unchanged = answer.data.unchanged > 0 ? ` ${t('translate.unchanged', { unchanged: formatNumber(answer.data.unchanged, language) })}` : '';
          const overQuota = answer.data.over_quota > 0 ? ` ${t('translate.overQuota', { overQuota: formatNumber(answer.data.over_quota, language) })}` : '';
          showDialog({ modalType: 'success', message: [answer.message ?? '', queued + unchanged + overQuota] });
        },
        onError: (error) => {
          // More pages than the month has left, some left: the server's answer says how many, and the question offers to translate those.
          const left = !withinQuota && isApiError(error) && error.status === 402 && error.type === 'web_pages' ? (error.remaining ?? 0) : 0;
          if (left === 0) return failed(error);
          void ask({ title: t('translate.fit.title'), body: `${error instanceof Error ? error.message : ''} ${t('translate.fit.body')}`, confirm: t('translate.fit.confirm', { count: left }), limit: { type: 'web_pages' }, testId: 'translate-fit' }).then(
            (confirmed) => confirmed && translate(pageIds, true),
          );
        },
      },
    );

  const deleteSite = async () => {
    if (!(await ask({ ...t('site.confirmDelete', { returnObjects: true, name: data.title ? isolate(data.title) : isolate(displayUrl(data.url), valueDirection('url', language)) }), tone: 'danger', testId: 'confirm-delete-site' }))) return;
    actions.remove.mutate(id, {
      onSuccess: () => {
        if (user) forgetLastSite(browserStorage(), user.id, id);
        onDeleted();
      },
      onError: failed,
    });
  };

  return (
    <div className="site-detail" data-testid="website-detail">
      <header className="panel site-detail__header">
        <div>
          {/* The heading keeps the page's direction (it starts where the lines under it start); the name is isolated. */}
          <h2 data-testid="site-title">
            <Isolated kind={data.title ? 'name' : 'url'}>{data.title || displayUrl(data.url)}</Isolated>
          </h2>
          <a href={data.url} target="_blank" rel="noopener noreferrer" className="site-detail__url">
            <Isolated kind="url">{data.url}</Isolated>
          </a>
          <div className="site-card__meta">
            <SiteState site={data} />
            <span className="pill">{t(`site.scope.${data.scope}`)}</span>
            <span className="muted">{t('site.limit', { count: data.page_limit })}</span>
          </div>
          {data.state === 'failed' && data.error && (
            <p className="notice notice--error" role="alert" data-testid="site-error">
              {t('site.failed', { reason: t(reasonKey(data.error)!) })} {t('site.failedNext')}
            </p>
          )}
        </div>
        <div className="row-actions">
          <button className="button button--outline button--small" type="button" disabled={data.state === 'crawling' || actions.recrawl.isPending} onClick={() => actions.recrawl.mutate(id, { onError: failed })} data-testid="website-recrawl">
            {data.state === 'failed' ? t('site.retry') : t('site.recrawl')}
          </button>
          <button
            className="button button--ghost button--small"
            type="button"
            onClick={() => void deleteSite()}
          >
            {t('site.delete')}
          </button>
        </div>
      </header>

      {!nothingFound && (
        <>
          <div className="panel translate-bar" data-testid="translate-bar">
            <h3>{t('translate.title')}</h3>
            <span className="pill" data-testid="selected-count">
              {t('translate.selected', { value: formatNumber(selected.size, language) })}
            </span>
            <label className="inline-field">
              <span>{t('translate.target')}</span>
              <select
                  value={target}
                  onChange={(e) => {
                    targetChosen.current = true;
                    setTarget(e.target.value as TargetLang);
                  }}
                  data-testid="translate-target"
                >
                <option value="ar">{t('languages.ar')}</option>
                <option value="en">{t('languages.en')}</option>
              </select>
            </label>
            <label className="inline-field">
              <span>{t('translate.domain')}</span>
              <select value={domain} onChange={(e) => setDomain(e.target.value as Domain)} data-testid="translate-domain">
                {DOMAINS.map((value) => (
                  <option key={value} value={value}>
                    {t(`domains.${value}`)}
                  </option>
                ))}
              </select>
            </label>
            <div className="row-actions">
              <button className="button button--primary button--small" type="button" disabled={selected.size === 0 || actions.translate.isPending || data.state === 'crawling'} onClick={() => translate([...selected])} data-testid="translate-selected">
                {t('translate.selectedButton')}
              </button>
              <button className="button button--outline button--small" type="button" disabled={translatable === 0 || actions.translate.isPending || data.state === 'crawling'} onClick={() => translate('all')} data-testid="translate-all">
                {t('translate.allButton')}
              </button>
            </div>
          </div>

          <div className="panel">
            <div className="pages-heading">
              <h3>{t('pages.title')}</h3>
              {(filter.q || filter.status) && (
                <span className="muted" data-testid="pages-matching">
                  {t('pages.matching', { value: formatNumber(total, language) })}
                </span>
              )}
            </div>
            <PagesSummary
              site={data}
              onShowSkipped={
                filter.status === 'Skipped'
                  ? null
                  : () => {
                      setSearch('');
                      setFilter({ page: 1, q: '', status: 'Skipped' });
                    }
              }
            />
            <form
              className="admin-filters"
              role="search"
              onSubmit={(event) => {
                event.preventDefault();
                setFilter((current) => ({ ...current, q: search.trim(), page: 1 }));
              }}
            >
              <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('pages.search')} aria-label={t('pages.search')} dir="auto" data-testid="page-search" />
              <select aria-label={t('pages.status')} value={filter.status ?? ''} onChange={(e) => setFilter((c) => ({ ...c, status: e.target.value as PageFilter['status'], page: 1 }))} data-testid="page-status-filter">
                <option value="">{t('pages.allStatuses')}</option>
                {PAGE_FILTERS.map((status) => (
                  <option key={status} value={status}>
                    {t(`status.${status}`)}
                  </option>
                ))}
              </select>
              <button className="button button--primary button--small" type="submit">
                {t('pages.searchButton')}
              </button>
            </form>
            {/* On a phone each page is a card (.table-cards); the header row keeps only its "select all" box, named. */}
            <div className="table-wrap table-cards">
              <table className="data-table pages-table" data-testid="pages-table">
                <thead>
                  <tr>
                    <th className="pages-table__check">
                      <label className="pages-table__select-all">
                        <input type="checkbox" checked={allShownSelected} onChange={() => setSelected((s) => toggleSelection(s, rows, 'all'))} data-testid="select-all" />
                        <span className="pages-table__select-all-text">{t('pages.selectAll')}</span>
                      </label>
                    </th>
                    <th>{t('pages.name')}</th>
                    <th>{t('pages.url')}</th>
                    <th>{t('pages.words')}</th>
                    <th>{t('pages.status')}</th>
                    <th>{t('pages.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((page) => {
                    const chip = pageChip(page);
                    const reason = reasonKey(page.skip_reason ?? page.error);
                    return (
                      <tr key={page.id} data-testid="page-row" data-status={page.status}>
                        <td className="pages-table__check">
                          <input
                            type="checkbox"
                            disabled={!isSelectable(page)}
                            checked={selected.has(page.id)}
                            onChange={() => setSelected((s) => toggleSelection(s, rows, page.id))}
                            aria-label={t('pages.select', { title: page.title ? isolate(page.title) : isolate(displayUrl(page.url), valueDirection('url', language)) })}
                          />
                        </td>
                        <td className="pages-table__title" data-label={t('pages.name')}>
                          <Isolated kind="name">{page.title || '—'}</Isolated>
                          {page.changed && <span className="pages-table__note">{t('pages.changed')}</span>}
                        </td>
                        <td className="pages-table__url" data-label={t('pages.url')}>
                          <a href={page.url} target="_blank" rel="noopener noreferrer">
                            <Isolated kind="url">{displayUrl(page.url)}</Isolated>
                          </a>
                        </td>
                        <td data-label={t('pages.words')} data-testid="page-words">{wordsShown(page) === null ? '—' : formatNumber(page.words, language)}</td>
                        <td data-label={t('pages.status')}>
                          <span className={chip.className} data-testid="status-chip">
                            {t(`status.${chip.key}`)}
                          </span>
                          {reason && <span className="pages-table__note">{t(reason)}</span>}
                      {/* Already in the language asked for: copied as it is, not counted against the month's pages. */}
                      {page.status === 'Active' && page.lang !== null && page.lang === page.target_lang && (
                        <span className="pages-table__note" data-testid="page-kept">
                          {t('pages.alreadyIn', { language: t(`languages.${page.lang}`) })}
                        </span>
                      )}
                        </td>
                        <td>
                          {page.preview_url && (
                            <button className="button button--ghost button--small" type="button" onClick={(event) => {
                                previewOpener.current = event.currentTarget;
                                setPreview(page);
                              }}
                              data-testid="page-preview"
                            >
                              {t('pages.preview')}
                            </button>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                  {pages.data && rows.length === 0 && (
                    <tr>
                      <td colSpan={6} className="muted">
                        {data.state === 'crawling' ? t('state.crawling') : t('pages.empty')}
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
            <Pagination page={filter.page} perPage={PAGES_PER_PAGE} total={total} onPage={(page) => setFilter((c) => ({ ...c, page }))} />
          </div>

          {previewed?.preview_url && (
            <div className="panel preview-panel" ref={previewRef} data-testid="preview-panel">
              <div className="pages-heading">
                <h3 ref={previewHeading} tabIndex={-1}>
                  {t('preview.title')}: <Isolated kind="name">{previewed.title}</Isolated>
                </h3>
                <div className="row-actions">
                  <a className="button button--ghost button--small" href={previewed.preview_url} target="_blank" rel="noopener noreferrer">
                    {t('preview.openTab')}
                  </a>
                  <button className="button button--ghost button--small" type="button" onClick={closePreview} data-testid="preview-close">
                    {t('preview.close')}
                  </button>
                </div>
              </div>
              <p className="muted">{t('preview.sandboxed')}</p>
              {previewed.lang && previewed.target_lang && <AppliedNote applied={previewed.applied} sourceLang={previewed.lang} targetLang={previewed.target_lang} manage testId="page-applied" />}
              {/* An empty sandbox: no scripts, no same-origin access, no forms or pop-ups (the response's CSP says the same). */}
              <iframe
                // Read again when the page is reviewed: the same address shows the new translation.
                key={previewed.reviewed_at ?? previewed.translated_at ?? ''}
                className="preview-frame"
                src={previewed.preview_url}
                sandbox=""
                title={t('preview.frameTitle', { title: isolate(previewed.title) })}
                data-testid="preview-frame"
              />
            </div>
          )}

          <div className="panel results-panel" data-testid="results-panel">
            <h3>{t('results.title')}</h3>
            {data.pages.active > 0 ? (
              <>
                <p className="muted">{t('results.body')}</p>
                {data.target_lang && <AppliedNote applied={data.applied} sourceLang={data.target_lang === 'ar' ? 'en' : 'ar'} targetLang={data.target_lang} manage testId="website-applied" />}
                <div className="row-actions">
                  <a className="button button--primary button--small" href={exportUrl(id, 'zip')} download data-testid="export-zip">
                    {t('results.zip')}
                  </a>
                  <a className="button button--outline button--small" href={exportUrl(id, 'xliff')} download data-testid="export-xliff">
                    {t('results.xliff')}
                  </a>
                  <button className="button button--ghost button--small" type="button" onClick={() => importInput.current?.click()} disabled={actions.importXliff.isPending}>
                    {t('results.import')}
                  </button>
                  <input
                    ref={importInput}
                    type="file"
                    accept=".xlf,.xliff,application/xml,text/xml"
                    hidden
                    data-testid="import-xliff"
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = '';
                      if (!file) return;
                      actions.importXliff.mutate(
                        { id, file },
                        {
                          // Skipped segments are named only when there are some, as the translation's unchanged pages.
                          onSuccess: (answer) => {
                            const skipped = answer.data.skipped_count > 0 ? ` ${t('results.importSkipped', { skipped: answer.data.skipped_count })}` : '';
                            showDialog({ modalType: 'success', message: t('results.importDone', { applied: answer.data.applied }) + skipped });
                          },
                          onError: failed,
                        },
                      );
                    }}
                  />
                </div>
              </>
            ) : (
              <p className="muted">{t('results.none')}</p>
            )}
            {/* Only where buying a plan would give more pages (the entitlements module decides): not on the largest plan, not to a team's member. */}
            {user?.web_pages_upgradable && (
              <p className="muted site-results__plans">
                {/* An administrator's account buys no plan: its own plan is changed in the admin area (auth/roles plansPathFor). */}
                <Link to={plansPathFor(user).to} data-testid="websites-see-plans">
                  {plansPathFor(user).label === 'adminArea' ? t('translate.adminArea') : t('translate.seePlans')}
                </Link>
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
