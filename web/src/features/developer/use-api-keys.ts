import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export interface ApiKey {
  id: number;
  name: string;
  prefix: string;
  team: boolean;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  usage: { requests: number; characters: number; documents: number };
}

const keys = { all: ['api-keys'] as const };

export function useApiKeys() {
  return useQuery({ queryKey: keys.all, queryFn: ({ signal }) => api.get<{ data: ApiKey[] }>('/api/user/api-keys', { signal }).then((r) => r.data) });
}

/** Create (the answer holds the key, shown once) and revoke; both refresh the list. */
export function useApiKeyActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: keys.all });
  return {
    create: useMutation({
      mutationFn: (input: { name: string; team: boolean }) => api.post<{ data: { id: number; name: string; prefix: string; key: string } }>('/api/user/api-keys', input).then((r) => r.data),
      onSuccess,
    }),
    revoke: useMutation({ mutationFn: (id: number) => api.post<{ message: string }>(`/api/user/api-keys/${id}/revoke`, {}), onSuccess }),
  };
}
