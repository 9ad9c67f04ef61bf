import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** GET /api/engines: which engine answers each direction now. */
export interface EngineStatus {
  directions: Array<{ source: 'en' | 'ar'; target: 'en' | 'ar'; engine: string | null; gloss: boolean }>;
  /** Some direction is answered by the offline dictionary only (a word-by-word gloss). */
  gloss: boolean;
}

/**
 * The engines' state, asked again whenever a screen opens and every minute: once a
 * neural model is installed, the "dictionary gloss" notes go away without a reload.
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
