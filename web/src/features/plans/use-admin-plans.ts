import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { AdminPlan, AdminPlanRemoved, AdminPlanSaved } from '../../../../contract/plans';
import { isQueryOfPlan } from './plans.fns';
import { planKeys } from './use-plans';

/** A plan as GET /api/admin/plans returns it: the public fields, quotas, archive state and subscribers (contract/plans.ts). */
export type { AdminPlan } from '../../../../contract/plans';

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
    create: useMutation({ mutationFn: (plan: Record<string, unknown>) => api.post<AdminPlanSaved>('/api/admin/plans', plan), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, plan }: { id: number | string; plan: Record<string, unknown> }) => api.post<AdminPlanSaved>(`/api/admin/plans/update/${id}`, plan),
      onSuccess: refresh,
    }),
    // The deleted plan's own query (its editor's, which closes) is not read again: it would answer 404.
    remove: useMutation({
      mutationFn: (id: number | string) => api.post<AdminPlanRemoved>(`/api/admin/plans/delete/${id}`, {}),
      onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: planKeys.all, predicate: (query) => !isQueryOfPlan(query.queryKey, id) }),
    }),
  };
}
