import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnginesStatus, ModelsCheckStarted, ModelState } from '../../../../contract/platform';
import { api } from '../../api/client';

// The Engines screen's answers come from the shared contract (contract/platform.ts).
export type { EngineDirection, EnginesStatus, ModelState } from '../../../../contract/platform';

const BUSY: ReadonlySet<ModelState> = new Set(['checking', 'downloading', 'verifying']);
const enginesKey = ['admin', 'engines'] as const;

/**
 * The Engines screen's data, polled every 2 s while a download is under way, and after a check
 * was asked for until the worker has reported back: a direction's state stamped later than the
 * newest stamp seen before the check (`watch.after`), or for a minute at most (`watch.until`).
 */
export interface EnginesWatch {
  after: number;
  until: number;
}

/** The newest state stamp among the directions (0 when none has a state yet). */
export function newestStamp(directions: ReadonlyArray<{ download?: { updated_at: string } | null }>): number {
  return Math.max(0, ...directions.map((d) => (d.download ? Date.parse(d.download.updated_at) || 0 : 0)));
}

export function useEngines(watch: EnginesWatch | null) {
  return useQuery({
    queryKey: enginesKey,
    queryFn: ({ signal }) => api.get<EnginesStatus>('/api/admin/engines', { signal }),
    refetchInterval: (query) => {
      const directions = query.state.data?.data.directions ?? [];
      if (directions.some((d) => d.download && BUSY.has(d.download.state))) return 2_000;
      const waiting = watch !== null && Date.now() < watch.until && newestStamp(directions) <= watch.after;
      return waiting ? 2_000 : false;
    },
  });
}

export function useCheckModels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (force: boolean) => api.post<ModelsCheckStarted>('/api/admin/engines/check', { force }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enginesKey }),
  });
}
