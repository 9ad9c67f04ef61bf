import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { AdminUserDetail, AdminUserPage, AuditPage, PaymentsStatus, SiteSettingsUpdated, TrialDaysAdded, UserPlanSet } from '../../../../contract/admin';
import { siteSettingKeys } from '../site-settings/use-site-settings';

// The response shapes come from the shared contract (contract/admin.ts).
export type { AdminSiteSettings, AdminUserDetail, AdminUserRow, AuditEntry, PaymentsStatus, RevenueLine } from '../../../../contract/admin';

export interface UserFilter {
  q?: string;
  role_id?: string;
  plan_id?: string;
  page: number;
}

export const adminKeys = {
  all: ['admin'] as const,
  users: (filter: UserFilter) => [...adminKeys.all, 'users', filter] as const,
  user: (id: number) => [...adminKeys.all, 'user', id] as const,
  audit: (page: number) => [...adminKeys.all, 'audit', page] as const,
};

export function usePaymentsStatus() {
  return useQuery({
    queryKey: [...adminKeys.all, 'payments'] as const,
    queryFn: ({ signal }) => api.get<{ data: PaymentsStatus }>('/api/admin/payments', { signal }),
  });
}

export function useAdminUsers(filter: UserFilter) {
  return useQuery({
    queryKey: adminKeys.users(filter),
    queryFn: ({ signal }) =>
      api.get<AdminUserPage>('/api/admin/users', {
        signal,
        query: { q: filter.q || undefined, role_id: filter.role_id || undefined, plan_id: filter.plan_id || undefined, page: filter.page },
      }),
    placeholderData: keepPreviousData,
  });
}

export const adminUserQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => api.get<{ data: AdminUserDetail }>(`/api/admin/users/${id}`, { signal }),
  });

export function useAdminUser(id: number) {
  return useQuery(adminUserQuery(id));
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) => api.get<AuditPage>('/api/admin/audit-log', { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** Mutations of the console; each refreshes what it changed. */
export function useAdminMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  return {
    setUserPlan: useMutation({
      mutationFn: (input: { user_id: number; plan_id: number; seats?: number }) => api.post<UserPlanSet>('/api/admin/user-plan', input),
      onSuccess: refresh,
    }),
    addTrialDays: useMutation({
      mutationFn: (input: { user_id: number; days: number }) => api.post<TrialDaysAdded>('/api/admin/user/add-trial-days', input),
      onSuccess: refresh,
    }),
    updateSiteSettings: useMutation({
      mutationFn: (values: Record<string, string>) => api.post<SiteSettingsUpdated>('/api/admin/update-site-settings', values),
      onSuccess: async () => {
        await refresh();
        await queryClient.invalidateQueries({ queryKey: siteSettingKeys.all });
      },
    }),
  };
}
