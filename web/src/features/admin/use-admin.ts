import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { siteSettingKeys } from '../site-settings/use-site-settings';

export interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  role_id: string;
  email_verified: boolean;
  created_at: string;
  plan: { id: number; slug: string; name_en: string; name_ar: string } | null;
  trial_remaining_days: number | null;
}

export interface Paginated<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

export interface UserFilter {
  q?: string;
  role_id?: string;
  plan_id?: string;
  page: number;
}

export interface AuditEntry {
  id: number;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  created_at: string;
}

export const adminKeys = {
  all: ['admin'] as const,
  users: (filter: UserFilter) => [...adminKeys.all, 'users', filter] as const,
  user: (id: number) => [...adminKeys.all, 'user', id] as const,
  audit: (page: number) => [...adminKeys.all, 'audit', page] as const,
};

export interface RevenueLine {
  currency: string;
  amount: number;
  invoices: number;
}

/** GET /api/admin/payments: how subscribing works now, and 30 days of revenue (sandbox apart). */
export interface PaymentsStatus {
  mode: 'live' | 'sandbox' | 'off';
  since: string;
  revenue: { live: RevenueLine[]; sandbox: RevenueLine[] };
}

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
      api.get<Paginated<AdminUserRow>>('/api/admin/users', {
        signal,
        query: { q: filter.q || undefined, role_id: filter.role_id || undefined, plan_id: filter.plan_id || undefined, page: filter.page },
      }),
    placeholderData: keepPreviousData,
  });
}

export const adminUserQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => api.get<{ data: Record<string, any> & { audit: AuditEntry[] } }>(`/api/admin/users/${id}`, { signal }),
  });

export function useAdminUser(id: number) {
  return useQuery(adminUserQuery(id));
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) => api.get<Paginated<AuditEntry>>('/api/admin/audit-log', { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}

interface UpdateAnswer {
  status: number;
  message: string;
}

/** Mutations of the console; each refreshes what it changed. */
export function useAdminMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  return {
    setUserPlan: useMutation({
      mutationFn: (input: { user_id: number; plan_id: number; seats?: number }) => api.post<UpdateAnswer>('/api/admin/user-plan', input),
      onSuccess: refresh,
    }),
    addTrialDays: useMutation({
      mutationFn: (input: { user_id: number; days: number }) => api.post<UpdateAnswer>('/api/admin/user/add-trial-days', input),
      onSuccess: refresh,
    }),
    updateSiteSettings: useMutation({
      mutationFn: (values: Record<string, string>) => api.post<UpdateAnswer>('/api/admin/update-site-settings', values),
      onSuccess: async () => {
        await refresh();
        await queryClient.invalidateQueries({ queryKey: siteSettingKeys.all });
      },
    }),
  };
}
