import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StatusMessage } from '../../../../contract/common';
import type { SuggestionAnswer } from '../../../../contract/platform';
import { api } from '../../api/client';
import { userKeys } from '../account/use-current-user';
import type { HistoryEntryDetail } from '../history/types';
import type { Reaction, TranslateAnswer, TranslateRequest } from './types';

export const translatorKeys = {
  all: ['translator'] as const,
  project: (projectId: string) => [...translatorKeys.all, 'project', projectId] as const,
};

/** POST /api/translate. On success the user's usage (GET /api/user) and history are refreshed. */
export function useTranslate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TranslateRequest) => api.post<TranslateAnswer>('/api/translate', request),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.current() });
      void queryClient.invalidateQueries({ queryKey: ['history'] });
    },
  });
}

/** GET /api/reaction/{translationId}/{reaction} for each sentence of the translation. */
export function useReact() {
  return useMutation({
    mutationFn: async ({ translationIds, reaction }: { translationIds: string[]; reaction: Reaction }) => {
      await Promise.all(translationIds.map((id) => api.get(`/api/reaction/${encodeURIComponent(id)}/${reaction}`)));
      return reaction;
    },
  });
}

export type { SuggestionAnswer } from '../../../../contract/platform';

/** POST /api/user/suggested-translation, multipart as the contract says. */
export function useSuggest() {
  return useMutation({
    mutationFn: ({ translationId, suggestedTranslation }: { translationId: string; suggestedTranslation: string }) => {
      const form = new FormData();
      form.append('translationId', translationId);
      form.append('suggestedTranslation', suggestedTranslation);
      return api.post<SuggestionAnswer>('/api/user/suggested-translation', form);
    },
  });
}

/** POST /api/feedback. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: { message: string; rating?: number; name?: string; email?: string; translationId?: string }) =>
      api.post<StatusMessage>('/api/feedback', input),
  });
}

/** GET /api/user/translation-history/{projectId}: a text translation to re-open (its detail: a TextDetail). */
export function useHistoryProject(projectId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: translatorKeys.project(projectId ?? ''),
    queryFn: ({ signal }) => api.get<{ data: HistoryEntryDetail }>(`/api/user/translation-history/${encodeURIComponent(projectId!)}`, { signal }),
    enabled: Boolean(projectId) && enabled,
    retry: false,
    staleTime: Infinity,
  });
}
