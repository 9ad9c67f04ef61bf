import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CrawlStarted, PageFilterStatus, TranslationQueued, Website, WebsiteList, WebsitePages, XliffImported } from '../../../../contract/websites';
import type { StatusMessage } from '../../../../contract/common';
import type { Domain, Lang as TargetLang } from '../../../../contract/translate';
import { api, isApiError } from '../../api/client';
import { userKeys } from '../account/use-current-user';
import type { HistoryEntryDetail } from '../history/types';
import { forgetLastSite, isQueryOfSite, readLastSite, siteToReopen, withFreshSite } from './websites.fns';

// The answers' shapes come from the shared contract (contract/websites.ts).
export type { PageFilterStatus, PageStatus, Website, WebsitePage, WebsiteState } from '../../../../contract/websites';
export type { Domain, Lang as TargetLang } from '../../../../contract/translate';

export interface PageFilter {
  q?: string;
  status?: PageFilterStatus | '';
  page: number;
}

export const PAGES_PER_PAGE = 25;

export const websiteKeys = {
  all: ['websites'] as const,
  list: (page?: number) => (page === undefined ? ([...websiteKeys.all, 'list'] as const) : ([...websiteKeys.all, 'list', page] as const)),
  detail: (id: number) => [...websiteKeys.all, 'detail', id] as const,
  pages: (id: number, filter: PageFilter, version = '') => [...websiteKeys.all, 'pages', id, filter, version] as const,
};

/** A site still being crawled or translated is polled until it settles. */
const busy = (site: Website | undefined) => Boolean(site && (site.state === 'crawling' || site.translating));

/** The server's sites per page of GET /api/websites (its default). */
export const SITES_PER_PAGE = 20;

/** One page of the user's sites, most recently updated first (page 1 by default). */
export function useWebsites(page = 1) {
  return useQuery({
    queryKey: websiteKeys.list(page),
    queryFn: ({ signal }) => api.get<WebsiteList>('/api/websites', { signal, query: page > 1 ? { page } : undefined }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(busy) ? 1500 : false),
  });
}

/**
 * One site, polled while busy. Pages are counted against the month's quota as the translation job
 * stores them, so each time the site settles anew (not translating, updated since it was last seen)
 * the user's profile, whose usage the page shows, is read again.
 */
export function useWebsite(id: number | null) {
  const query = useQuery(websiteQuery(id));
  const queryClient = useQueryClient();
  const settled = query.data && !query.data.translating ? query.data.updated_at : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (settled === null) return;
    if (seen.current !== null && seen.current !== settled) void queryClient.invalidateQueries({ queryKey: userKeys.current() });
    seen.current = settled;
  }, [settled, queryClient]);
  // The list's card of this site shows what its detail has just read (withFreshSite).
  const fresh = query.data;
  useEffect(() => {
    if (fresh) queryClient.setQueriesData<WebsiteList>({ queryKey: websiteKeys.list() }, (list) => list && withFreshSite(list, fresh));
  }, [fresh, queryClient]);
  return query;
}

function websiteQuery(id: number | null) {
  return queryOptions({
    queryKey: websiteKeys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<{ data: Website }>(`/api/websites/${id}`, { signal }).then((r) => r.data),
    refetchInterval: (query) => (busy(query.state.data) ? 1500 : false),
  });
}

/** localStorage, or null where the browser refuses it. */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The site to open when the page is opened without one (websites.fns siteToReopen): the one this
 * user opened last, read from the server to know it still exists (the site's own query, which its
 * view then reads), else the most recently updated of the list. A remembered site the server no
 * longer has is forgotten. Null while deciding, when disabled, and for a user without sites.
 */
export function useSiteToReopen(userId: number | null, enabled: boolean): number | null {
  const remembered = enabled && userId !== null ? readLastSite(browserStorage(), userId) : null;
  const sites = useWebsites();
  const last = useQuery({ ...websiteQuery(remembered), retry: false });
  const gone = remembered !== null && last.isError && isApiError(last.error) && last.error.status === 404;
  useEffect(() => {
    if (gone && userId !== null) forgetLastSite(browserStorage(), userId, remembered);
  }, [gone, userId, remembered]);
  if (!enabled || userId === null || !sites.data) return null;
  if (remembered !== null && last.isPending) return null;
  return siteToReopen(remembered === null ? null : { id: remembered, exists: last.isSuccess }, sites.data.data);
}

/** The site of a "website" history entry (the history screen links to ?project=…): its entry's detail names it. */
export function useSiteOfProject(projectId: string | null) {
  return useQuery({
    queryKey: [...websiteKeys.all, 'project', projectId ?? ''],
    enabled: projectId !== null,
    retry: false,
    queryFn: ({ signal }) =>
      api
        .get<{ data: HistoryEntryDetail }>(`/api/user/translation-history/${encodeURIComponent(projectId!)}`, { signal })
        .then(({ data: entry }) => (entry.type === 'website' && entry.detail && 'website_id' in entry.detail ? entry.detail.website_id : null)),
  });
}

/**
 * One page of a site's pages. `site` (the polled site) versions the query: when its state or
 * counts change (crawl finished, pages translated) the list is read again.
 */
export function useWebsitePages(id: number | null, filter: PageFilter, site: Website | undefined) {
  const version = site ? `${site.state}:${site.pages.total}:${site.pages.pending}:${site.pages.active}:${site.crawled_at}` : '';
  return useQuery({
    queryKey: websiteKeys.pages(id ?? 0, filter, version),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.get<WebsitePages>(`/api/websites/${id}/pages`, {
        signal,
        query: { q: filter.q || undefined, status: filter.status || undefined, page: filter.page, per_page: PAGES_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: busy(site) ? 1500 : false,
  });
}

export function useWebsiteActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: websiteKeys.all });
  return {
    add: useMutation({ mutationFn: (input: { url: string; scope: 'site' | 'page' }) => api.post<CrawlStarted>('/api/websites', input), onSuccess }),
    recrawl: useMutation({ mutationFn: (id: number) => api.post<CrawlStarted>(`/api/websites/${id}/crawl`, {}), onSuccess }),
    // The deleted site's own queries are not read again (they would only answer 404 while its view closes).
    remove: useMutation({
      mutationFn: (id: number) => api.post<StatusMessage>(`/api/websites/${id}/delete`, {}),
      onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: websiteKeys.all, predicate: (query) => !isQueryOfSite(query.queryKey, id) }),
    }),
    translate: useMutation({
      /** within_quota: translate what fits in the month's pages left rather than be refused. */
      mutationFn: (input: { id: number; page_ids: number[] | 'all'; target_lang: TargetLang; domain: Domain; within_quota?: boolean }) =>
        api.post<TranslationQueued>(`/api/websites/${input.id}/translate`, {
          page_ids: input.page_ids,
          target_lang: input.target_lang,
          domain: input.domain,
          ...(input.within_quota ? { within_quota: true } : {}),
        }),
      onSuccess,
    }),
    importXliff: useMutation({
      mutationFn: (input: { id: number; file: File }) => {
        const form = new FormData();
        form.append('file', input.file);
        return api.post<XliffImported>(`/api/websites/${input.id}/import`, form);
      },
      onSuccess,
    }),
  };
}
