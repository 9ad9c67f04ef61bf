import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrawlStarted, PageStatus, TranslationQueued, Website, WebsiteList, WebsitePages, XliffImported } from '../../../../contract/websites';
import type { StatusMessage } from '../../../../contract/common';
import type { Domain, Lang as TargetLang } from '../../../../contract/translate';
import { api } from '../../api/client';
import type { HistoryEntryDetail } from '../history/types';

// The answers' shapes come from the shared contract (contract/websites.ts).
export type { PageStatus, Website, WebsitePage, WebsiteState } from '../../../../contract/websites';
export type { Domain, Lang as TargetLang } from '../../../../contract/translate';

export interface PageFilter {
  q?: string;
  status?: PageStatus | '';
  page: number;
}

export const PAGES_PER_PAGE = 25;

export const websiteKeys = {
  all: ['websites'] as const,
  list: () => [...websiteKeys.all, 'list'] as const,
  detail: (id: number) => [...websiteKeys.all, 'detail', id] as const,
  pages: (id: number, filter: PageFilter, version = '') => [...websiteKeys.all, 'pages', id, filter, version] as const,
};

/** A site still being crawled or translated is polled until it settles. */
const busy = (site: Website | undefined) => Boolean(site && (site.state === 'crawling' || site.translating));

export function useWebsites() {
  return useQuery({
    queryKey: websiteKeys.list(),
    queryFn: ({ signal }) => api.get<WebsiteList>('/api/websites', { signal }),
    refetchInterval: (query) => (query.state.data?.data.some(busy) ? 1500 : false),
  });
}

export function useWebsite(id: number | null) {
  return useQuery({
    queryKey: websiteKeys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<{ data: Website }>(`/api/websites/${id}`, { signal }).then((r) => r.data),
    refetchInterval: (query) => (busy(query.state.data) ? 1500 : false),
  });
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
    remove: useMutation({ mutationFn: (id: number) => api.post<StatusMessage>(`/api/websites/${id}/delete`, {}), onSuccess }),
    translate: useMutation({
      mutationFn: (input: { id: number; page_ids: number[] | 'all'; target_lang: TargetLang; domain: Domain }) =>
        api.post<TranslationQueued>(`/api/websites/${input.id}/translate`, {
          page_ids: input.page_ids,
          target_lang: input.target_lang,
          domain: input.domain,
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
