import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { AdminEntry, AdminListItem, ContentPreview, ContentSection, EntryRequest, PostSection, PostSummary, PreviewRequest, PublicEntry } from '../../../../contract/content';

// The response shapes come from the shared contract (contract/content.ts).
export type { AdminEntry, AdminListItem, ContentSection, PostSection, PostSummary, PublicEntry } from '../../../../contract/content';

/** An entry as the admin's editor sends it (POST /api/admin/content and .../:id): from the server's own schemas. */
export type EntryInput = EntryRequest;

export const contentKeys = {
  all: ['content'] as const,
  page: (slug: string) => [...contentKeys.all, 'page', slug] as const,
  posts: (section: PostSection) => [...contentKeys.all, 'posts', section] as const,
  post: (section: PostSection, slug: string) => [...contentKeys.all, 'post', section, slug] as const,
  admin: () => [...contentKeys.all, 'admin'] as const,
  adminList: (section: ContentSection) => [...contentKeys.admin(), 'list', section] as const,
  adminEntry: (id: number) => [...contentKeys.admin(), 'entry', id] as const,
};

/** The contract's usual envelope. */
type Data<T> = { data: T };

export const pageQuery = (slug: string) =>
  queryOptions({
    queryKey: contentKeys.page(slug),
    queryFn: async ({ signal }) => (await api.get<Data<PublicEntry>>(`/api/content/pages/${encodeURIComponent(slug)}`, { signal })).data,
    staleTime: 5 * 60_000,
  });

/** A fixed page (about, careers, contact, faqs, help) or terms/privacy. */
export function usePage(slug: string) {
  return useQuery(pageQuery(slug));
}

const postsQuery = (section: PostSection) =>
  queryOptions({
    queryKey: contentKeys.posts(section),
    queryFn: async ({ signal }) => (await api.get<Data<PostSummary[]>>(`/api/content/${section}`, { signal })).data,
    staleTime: 60_000,
  });

export function usePosts(section: PostSection) {
  return useQuery(postsQuery(section));
}

/**
 * Whether a post section has published posts: true, false, or undefined while loading.
 * Navigation hides an empty section (and links to it) until it has content.
 */
export function useHasPosts(section: PostSection | null): boolean | undefined {
  const posts = useQuery({ ...postsQuery(section ?? 'blog'), enabled: section !== null });
  if (section === null) return true;
  return posts.data ? posts.data.length > 0 : undefined;
}

export function usePost(section: PostSection, slug: string) {
  return useQuery({
    queryKey: contentKeys.post(section, slug),
    queryFn: async ({ signal }) => (await api.get<Data<PublicEntry>>(`/api/content/${section}/${encodeURIComponent(slug)}`, { signal })).data,
    staleTime: 60_000,
  });
}

export function useAdminContentList(section: ContentSection) {
  return useQuery({
    queryKey: contentKeys.adminList(section),
    queryFn: async ({ signal }) => (await api.get<Data<AdminListItem[]>>('/api/admin/content', { signal, query: { section } })).data,
  });
}

export function useAdminEntry(id: number | null) {
  return useQuery({
    queryKey: contentKeys.adminEntry(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<Data<AdminEntry>>(`/api/admin/content/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** Creates (no id) or updates an entry; every cached read of the content is refreshed. */
export function useSaveEntry(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EntryInput) =>
      (await api.post<Data<AdminEntry>>(id === null ? '/api/admin/content' : `/api/admin/content/${id}`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.post(`/api/admin/content/${id}/delete`, {}),
    // Marked stale, not read again now: the only one shown is the deleted entry, whose editor closes (reading it again
    // answered 404); the list it goes to reads itself again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all, refetchType: 'none' }),
  });
}

export async function previewMarkdown(markdown: string): Promise<string> {
  return (await api.post<Data<ContentPreview>>('/api/admin/content/preview', { markdown } satisfies PreviewRequest)).data.html;
}
