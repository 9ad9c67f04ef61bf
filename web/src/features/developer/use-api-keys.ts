import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyList, CreatedApiKey } from '../../../../contract/api-keys';
import type { StatusMessage } from '../../../../contract/common';
import { api } from '../../api/client';

// The answers' shapes come from the shared contract (contract/api-keys.ts).
export type { ApiKey } from '../../../../contract/api-keys';

const keys = { all: ['api-keys'] as const };

export function useApiKeys() {
  return useQuery({ queryKey: keys.all, queryFn: ({ signal }) => api.get<ApiKeyList>('/api/user/api-keys', { signal }).then((r) => r.data) });
}

/** Create (the answer holds the key, shown once) and revoke; both refresh the list. */
export function useApiKeyActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: keys.all });
  return {
    create: useMutation({
      mutationFn: (input: { name: string; team: boolean }) => api.post<CreatedApiKey>('/api/user/api-keys', input).then((r) => r.data),
      onSuccess,
    }),
    revoke: useMutation({ mutationFn: (id: number) => api.post<StatusMessage>(`/api/user/api-keys/${id}/revoke`, {}), onSuccess }),
  };
}
