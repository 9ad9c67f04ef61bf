import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { StatusMessage } from '../../../../contract/common';
import type { Glossary, ImportAnswer, ImportTermsRequest, OwnerTermRequest, OwnerTermSaved } from '../../../../contract/glossary';

/** Whose glossary: the signed-in user's own, or their team's. */
export type GlossaryScope = 'user' | 'team';

// The answers' shapes come from the shared contract (contract/glossary.ts).
export type { Glossary, GlossaryConflict, GlossaryTerm, ImportAnswer } from '../../../../contract/glossary';

/** A personal or team term as sent (POST .../glossary, .../glossary/update/:id): the server's own schema's input. */
export type TermInput = OwnerTermRequest;

export const glossaryKeys = {
  all: ['glossary'] as const,
  scope: (scope: GlossaryScope) => [...glossaryKeys.all, scope] as const,
};

export const exportUrl = (scope: GlossaryScope, format: 'csv' | 'tsv') => `/api/${scope}/glossary/export?format=${format}`;

export function useGlossary(scope: GlossaryScope) {
  return useQuery({ queryKey: glossaryKeys.scope(scope), queryFn: ({ signal }) => api.get<Glossary>(`/api/${scope}/glossary`, { signal }) });
}

/** Add, edit, delete and import; each refreshes the glossaries (a team change shows in a member's conflicts). */
export function useGlossaryActions(scope: GlossaryScope) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: glossaryKeys.all });
  const base = `/api/${scope}/glossary`;
  return {
    add: useMutation({ mutationFn: (input: TermInput) => api.post<OwnerTermSaved>(base, input), onSuccess }),
    update: useMutation({ mutationFn: ({ id, ...input }: TermInput & { id: number }) => api.post<OwnerTermSaved>(`${base}/update/${id}`, input), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => api.post<StatusMessage>(`${base}/delete/${id}`, {}), onSuccess }),
    importFile: useMutation({
      mutationFn: (input: ImportTermsRequest) => api.post<ImportAnswer>(`${base}/import`, input),
      onSuccess,
    }),
  };
}
