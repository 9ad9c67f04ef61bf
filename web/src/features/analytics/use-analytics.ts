import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { PageViewReport, RecordingPage, RecordingReplay } from '../../../../contract/analytics';
import type { ReportRange } from './analytics.fns';

// The response shapes come from the shared contract (contract/analytics.ts).
export type { PageViewReport, RecordingReplay, RecordingSummary } from '../../../../contract/analytics';

export const analyticsKeys = {
  all: ['analytics'] as const,
  /** null: the server's default range. */
  report: (range: ReportRange | null) => [...analyticsKeys.all, 'report', range] as const,
  recordings: (page: number) => [...analyticsKeys.all, 'recordings', page] as const,
  recording: (id: string) => [...analyticsKeys.all, 'recording', id] as const,
};

/** The report of a range, or (null) of the server's default range: the answer's `from` and `to` say which it used. */
export function usePageViewReport(range: ReportRange | null) {
  return useQuery({
    queryKey: analyticsKeys.report(range),
    queryFn: async ({ signal }) => (await api.get<{ data: PageViewReport }>('/api/admin/analytics/page-views', { signal, query: { ...range } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useRecordings(page: number) {
  return useQuery({
    queryKey: analyticsKeys.recordings(page),
    queryFn: ({ signal }) =>
      api.get<RecordingPage>('/api/admin/recordings', { signal, query: { page } }),
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
    // Marked stale, not read again now: the only one shown is the deleted recording, whose page closes (reading it
    // again answered 404); the list it goes to reads itself again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all, refetchType: 'none' }),
  });
}
