import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export type ModelState = 'missing' | 'disabled' | 'checking' | 'downloading' | 'verifying' | 'installed' | 'failed';

export interface EngineDirection {
  direction: 'en-ar' | 'ar-en';
  source: 'en' | 'ar';
  target: 'en' | 'ar';
  domains: Array<{ domain: 'general' | 'business' | 'legal' | 'ecommerce'; chain: string[]; active: string | null }>;
  model: { version: string | null; variant: string | null; source: string | null; bytes: number; model: string } | null;
  download: {
    state: ModelState;
    version: string | null;
    variant: string | null;
    source_url: string | null;
    files: Array<{ name: string; file_type: string; size: number; bytes: number; percent: number }>;
    bytes_total: number;
    bytes_done: number;
    percent: number | null;
    attempts: number;
    last_error: string | null;
    last_error_at: string | null;
    next_attempt_at: string | null;
    installed_at: string | null;
    updated_at: string;
  } | null;
}

export interface EnginesStatus {
  data: { directions: EngineDirection[]; engines: string[]; source_url: string; auto_download: boolean };
}

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
    mutationFn: (force: boolean) => api.post<{ status: number; message: string }>('/api/admin/engines/check', { force }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enginesKey }),
  });
}
