import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Domain, Lang } from '../translator/types';

/** Whose glossary: the signed-in user's own, or their team's. */
export type GlossaryScope = 'user' | 'team';

export interface GlossaryTerm {
  id: number;
  domain: Domain;
  source_lang: Lang;
  target_lang: Lang;
  source_term: string;
  target_term: string;
}

/** Another applicable term that translates the same source differently (server: GlossaryConflict). */
export interface GlossaryConflict {
  kind: 'same_source' | 'team' | 'admin';
  term_id: number;
  other: { id: number; domain: Domain; source_term: string; target_term: string };
}

export interface Glossary {
  data: GlossaryTerm[];
  conflicts: GlossaryConflict[];
  can_edit: boolean;
}

export interface TermInput {
  domain: Domain;
  source_lang: Lang;
  target_lang: Lang;
  source_term: string;
  target_term: string;
}

export interface ImportAnswer {
  status: number;
  message: string;
  data: { added: number; updated: number; unchanged: number; skipped: Array<{ line: number; errors: Record<string, string[]> }> };
}

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
    add: useMutation({ mutationFn: (input: TermInput) => api.post<{ message: string }>(base, input), onSuccess }),
    update: useMutation({ mutationFn: ({ id, ...input }: TermInput & { id: number }) => api.post<{ message: string }>(`${base}/update/${id}`, input), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => api.post<{ message: string }>(`${base}/delete/${id}`, {}), onSuccess }),
    importFile: useMutation({
      mutationFn: (input: { format: 'csv' | 'tsv'; content: string; source_lang: Lang; target_lang: Lang; domain: Domain }) => api.post<ImportAnswer>(`${base}/import`, input),
      onSuccess,
    }),
  };
}
