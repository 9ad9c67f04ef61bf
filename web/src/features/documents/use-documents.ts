import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { userKeys } from '../account/use-current-user';
import type { TranslateDocumentFields } from '../../../../contract/documents';
import { isFinished, type DocumentQueued, type DocumentStatus, type WordCount } from './documents.fns';

export const documentKeys = {
  all: ['documents'] as const,
  status: (projectId: string) => [...documentKeys.all, 'status', projectId] as const,
};

/** POST /api/count-words: the instant word count of a chosen file. */
export function useCountWords() {
  return useMutation({
    mutationFn: async ({ file, token }: { file: File; token?: string }) => {
      const form = new FormData();
      if (token) form.append('token', token);
      form.append('file', file);
      return api.post<WordCount>('/api/count-words', form);
    },
  });
}

/** The document and the text fields of POST /api/doc/translate, as the server's own schema reads them. */
export type StartTranslationInput = TranslateDocumentFields & { file: File };

/** POST /api/doc/translate -> 202 {project_id}. On success the user's usage (GET /api/user: the month's documents) is refreshed. */
export function useStartTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.current() }),
    mutationFn: async ({ file, ...fields }: StartTranslationInput) => {
      const form = new FormData();
      // Empty fields are left out (the server reads an empty one as "not given"); the file goes last.
      for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
      form.append('file', file);
      return api.post<DocumentQueued>('/api/doc/translate', form);
    },
  });
}

/** GET /api/doc/translated/{projectId}, polled until the job is done or failed. */
export function useDocumentStatus(projectId: string | null, token?: string) {
  return useQuery({
    queryKey: documentKeys.status(projectId ?? ''),
    enabled: Boolean(projectId),
    queryFn: async ({ signal }) => (await api.get<{ status: number; data: DocumentStatus }>(`/api/doc/translated/${projectId}`, { signal, query: { token } })).data,
    refetchInterval: (query) => (isFinished(query.state.data?.state) ? false : 1500),
    retry: 1,
  });
}

/**
 * POST /api/documents/{projectId}/cancel: stops a document being translated (its unit given
 * back). On success the user's usage (GET /api/user) is refreshed.
 */
export function useCancelDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.current() }),
    mutationFn: async ({ projectId, token }: { projectId: string; token?: string }) =>
      (await api.post<{ status: number; data: DocumentStatus }>(`/api/documents/${projectId}/cancel`, token ? { token } : {})).data,
  });
}

/** Downloads the translated file (owner only) under its translated name. */
export async function downloadTranslatedFile(fileId: string, fileName: string, token?: string) {
  const blob = await api.get<Blob>('/api/translated-file-url/', { query: { id: fileId, token }, responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
