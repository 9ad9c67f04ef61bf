import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export interface PageViewReport {
  from: string;
  to: string;
  totals: { views: number; visitors: number };
  days: Array<{ day: string; views: number; visitors: number }>;
  top_pages: Array<{ path: string; views: number; visitors: number }>;
}

export interface RecordingSummary {
  id: string;
  visitor_id: string;
  user_id: number | null;
  locale: 'en' | 'ar';
  first_path: string;
  user_agent: string | null;
  chunks: number;
  events: number;
  bytes: number;
  started_at: string;
  duration_ms: number;
}

export interface RecordingReplay {
  id: string;
  locale: 'en' | 'ar';
  first_path: string;
  user_id: number | null;
  started_at: string;
  events: Array<{ type: number; timestamp: number; data?: unknown }>;
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (from: string, to: string) => [...analyticsKeys.all, 'report', from, to] as const,
  recordings: (page: number) => [...analyticsKeys.all, 'recordings', page] as const,
  recording: (id: string) => [...analyticsKeys.all, 'recording', id] as const,
};

export function usePageViewReport(range: { from: string; to: string }) {
  return useQuery({
    queryKey: analyticsKeys.report(range.from, range.to),
    queryFn: async ({ signal }) => (await api.get<{ data: PageViewReport }>('/api/admin/analytics/page-views', { signal, query: range })).data,
    placeholderData: keepPreviousData,
  });
}

export function useRecordings(page: number) {
  return useQuery({
    queryKey: analyticsKeys.recordings(page),
    queryFn: ({ signal }) =>
      api.get<{ data: RecordingSummary[]; meta: { page: number; per_page: number; total: number; retention_days: number } }>('/api/admin/recordings', { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useRecording(id: string) {
  return useQuery({
    queryKey: analyticsKeys.recording(id),
    queryFn: async ({ signal }) => (await api.get<{ data: RecordingReplay }>(`/api/admin/recordings/${id}`, { signal })).data,
    staleTime: Infinity,
  });
}

export function useDeleteRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/admin/recordings/${id}/delete`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}
