import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export type WebsiteState = 'crawling' | 'ready' | 'failed';
export type PageStatus = 'Detected' | 'Pending' | 'Active';
export type TargetLang = 'en' | 'ar';
export type Domain = 'general' | 'business' | 'legal' | 'ecommerce';

export interface Website {
  id: number;
  url: string;
  scope: 'site' | 'page';
  state: WebsiteState;
  title: string;
  error: string | null;
  page_limit: number;
  target_lang: TargetLang | null;
  domain: Domain | null;
  pages: { total: number; detected: number; pending: number; active: number; skipped: number; words: number };
  translating: boolean;
  created_at: string;
  crawled_at: string | null;
}

export interface WebsitePage {
  id: number;
  url: string;
  title: string;
  words: number;
  status: PageStatus;
  lang: TargetLang | null;
  skip_reason: string | null;
  skip_detail: string | null;
  changed: boolean;
  target_lang: TargetLang | null;
  domain: Domain | null;
  translated_at: string | null;
  reviewed_at: string | null;
  error: string | null;
  preview_url: string | null;
}

export interface PageFilter {
  q?: string;
  status?: PageStatus | '';
  page: number;
}

interface Paginated<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
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
    queryFn: ({ signal }) => api.get<Paginated<Website>>('/api/websites', { signal }),
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
        .get<{ data: { type: string; detail?: { website_id: number } } }>(`/api/user/translation-history/${encodeURIComponent(projectId!)}`, { signal })
        .then((r) => (r.data.type === 'website' ? (r.data.detail?.website_id ?? null) : null)),
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
      api.get<Paginated<WebsitePage>>(`/api/websites/${id}/pages`, {
        signal,
        query: { q: filter.q || undefined, status: filter.status || undefined, page: filter.page, per_page: PAGES_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: busy(site) ? 1500 : false,
  });
}

interface Answer<T = unknown> {
  status: number;
  message?: string;
  data: T;
}

export function useWebsiteActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: websiteKeys.all });
  return {
    add: useMutation({ mutationFn: (input: { url: string; scope: 'site' | 'page' }) => api.post<Answer<Website>>('/api/websites', input), onSuccess }),
    recrawl: useMutation({ mutationFn: (id: number) => api.post<Answer<Website>>(`/api/websites/${id}/crawl`, {}), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => api.post<Answer>(`/api/websites/${id}/delete`, {}), onSuccess }),
    translate: useMutation({
      mutationFn: (input: { id: number; page_ids: number[] | 'all'; target_lang: TargetLang; domain: Domain }) =>
        api.post<Answer<{ queued: number; charged: number; unchanged: number; skipped: number }>>(`/api/websites/${input.id}/translate`, {
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
        return api.post<Answer<{ applied: number; unchanged: number; skipped_count: number }>>(`/api/websites/${input.id}/import`, form);
      },
      onSuccess,
    }),
  };
}
