import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Plan, PlanFeatureList } from '../../api/types';
import { planKeys } from './use-plans';

/** A plan as GET /api/admin/plans returns it: the public fields, quotas, archive state and subscribers. */
export interface AdminPlan extends Plan {
  sort_order: number;
  is_team: boolean;
  archived: boolean;
  subscribers: number;
  llm_enabled: boolean;
  api_enabled: boolean;
  daily_text_requests: number;
  monthly_doc_requests: number;
  char_limit: number;
  text_words: number;
  doc_words: number;
  doc_chars: number;
  monthly_files: number;
  web_pages: number;
  max_file_size_mb: number;
  included_seats: number;
  file_formats: string[];
  features_en: PlanFeatureList;
  features_ar: PlanFeatureList;
}

export const adminPlanKeys = {
  all: [...planKeys.all, 'admin'] as const,
  list: () => [...adminPlanKeys.all, 'list'] as const,
  one: (id: string) => [...adminPlanKeys.all, 'one', id] as const,
};

export function useAdminPlans() {
  return useQuery({ queryKey: adminPlanKeys.list(), queryFn: async ({ signal }) => (await api.get<{ data: AdminPlan[] }>('/api/admin/plans', { signal })).data });
}

export function useAdminPlan(id: string | undefined) {
  return useQuery({
    queryKey: adminPlanKeys.one(id ?? 'new'),
    queryFn: async ({ signal }) => (await api.get<{ data: AdminPlan }>(`/api/admin/plans/${id}`, { signal })).data,
    enabled: Boolean(id),
  });
}

/** Create, update and delete; every change refreshes the public plans and the admin list. */
export function useAdminPlanMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: planKeys.all });
  return {
    create: useMutation({ mutationFn: (plan: Record<string, unknown>) => api.post<{ message: string; data: AdminPlan }>('/api/admin/plans', plan), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, plan }: { id: number | string; plan: Record<string, unknown> }) => api.post<{ message: string; data: AdminPlan }>(`/api/admin/plans/update/${id}`, plan),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number | string) => api.post<{ message: string; outcome: 'deleted' | 'archived' }>(`/api/admin/plans/delete/${id}`, {}), onSuccess: refresh }),
  };
}
