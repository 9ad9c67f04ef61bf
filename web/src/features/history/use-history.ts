import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { AutoDeleteRequest, AutoDeleteSaved, AutoDeleteSettings, DeleteHistoryEntryRequest } from '../../../../contract/history';
import { refreshInterval } from './history.fns';
import type { AutoDelete, HistoryFilters, HistoryPage } from './types';

export const historyKeys = {
  all: ['history'] as const,
  list: (filters: HistoryFilters) => [...historyKeys.all, 'list', filters] as const,
  settings: () => [...historyKeys.all, 'settings'] as const,
};

/** GET /api/user/translation-history?page=&type=&q=&scope= */
export function useHistoryList(filters: HistoryFilters) {
  return useQuery({
    queryKey: historyKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<HistoryPage>('/api/user/translation-history', { signal, query: { page: filters.page, type: filters.type ?? undefined, q: filters.q || undefined, scope: filters.scope === 'team' ? 'team' : undefined } }),
    placeholderData: keepPreviousData,
    // A document being translated moves on by itself: its state and download link follow.
    refetchInterval: (query) => refreshInterval(query.state.data?.data),
  });
}

/** POST /api/user/translation-history/delete {project_id} */
export function useDeleteHistoryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => api.post<{ message: string }>('/api/user/translation-history/delete', { project_id: projectId } satisfies DeleteHistoryEntryRequest),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}

/** POST /api/user/translation-history/delete/all */
export function useDeleteAllHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/user/translation-history/delete/all', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}

/** GET and POST /api/user/auto-delete-settings */
export function useAutoDeleteSetting() {
  return useQuery({
    queryKey: historyKeys.settings(),
    queryFn: async ({ signal }) => (await api.get<AutoDeleteSettings>('/api/user/auto-delete-settings', { signal })).data.auto_delete,
  });
}

export function useSaveAutoDeleteSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: AutoDelete) => api.post<AutoDeleteSaved>('/api/user/auto-delete-settings', { auto_delete: value } satisfies AutoDeleteRequest),
    onSuccess: (answer) => queryClient.setQueryData(historyKeys.settings(), answer.data.auto_delete),
  });
}
