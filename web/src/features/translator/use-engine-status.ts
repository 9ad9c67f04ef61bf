import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { EngineStatus } from './types';

/**
 * GET /api/engines: which engine answers each direction now, asked again whenever a screen
 * opens and every minute: once a neural model is installed, the "dictionary gloss" notes go
 * away without a reload.
 */
export function useEngineStatus() {
  return useQuery({
    queryKey: ['engines'],
    queryFn: async ({ signal }) => (await api.get<{ data: EngineStatus }>('/api/engines', { signal })).data,
    staleTime: 0,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}
