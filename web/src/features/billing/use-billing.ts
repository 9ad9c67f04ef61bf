import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { userKeys } from '../account/use-current-user';
import type { StatusMessage } from '../../../../contract/common';
import type { CardCheck, CardForm, CardSaved, CheckoutAnswer, Frequency, Invoice, PlanPreview, SubscribeAnswer, Subscription } from './billing-types';

export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
  sandbox: (id: string) => [...billingKeys.all, 'sandbox', id] as const,
};

export const subscriptionQuery = queryOptions({
  queryKey: billingKeys.subscription(),
  queryFn: async ({ signal }) => (await api.get<{ data: { data: Subscription } }>('/api/user/subscription', { signal })).data.data,
  staleTime: 30_000,
});

/** GET /api/user/subscription (data.data). */
export function useSubscription() {
  return useQuery(subscriptionQuery);
}

/** GET /api/user/invoices; `enabled: false` reads none (the membership page asks only for a team's member). */
export function useInvoices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.invoices(),
    queryFn: async ({ signal }) => (await api.get<{ data: Invoice[] }>('/api/user/invoices', { signal })).data,
    staleTime: 30_000,
    enabled,
  });
}

/** After any billing change the user (plan, limits) and the billing data are stale. */
function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: billingKeys.all }), queryClient.invalidateQueries({ queryKey: userKeys.all })]);
}

export interface PlanChoice {
  plan_id: number;
  frequency: Frequency;
  seats?: number;
}

export function useSubscribe() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (choice: PlanChoice) => api.post<SubscribeAnswer>('/api/user/subscribe', choice),
    onSuccess: () => refresh(),
  });
}

export function useUpdatePlan() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (choice: PlanChoice) => api.post<SubscribeAnswer>('/api/user/update-plan', { plan: choice.plan_id, frequency: choice.frequency, seats: choice.seats }),
    onSuccess: () => refresh(),
  });
}

export function useSavePlan() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (choice: PlanChoice) => api.post<StatusMessage | { message: string }>('/api/user/save-plan', choice),
    onSuccess: () => refresh(),
  });
}

export function useCaptureInvoice() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (invoiceId?: number) => api.post<SubscribeAnswer>('/api/user/pending-invoice/capture', { invoice_id: invoiceId }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateBillingCard() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (card: CardForm) => api.post<CardSaved>('/api/user/update-billing', { billing: card }),
    onSuccess: () => refresh(),
  });
}

export function useTest3d() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: () => api.post<CardCheck | { message: string }>('/api/test3d', {}),
    onSuccess: () => refresh(),
  });
}

/** The return from a hosted checkout: Stripe/sandbox session_id, or HyperPay id + resourcePath. */
export function useCheckoutReturn() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (input: { sessionId?: string; hyperpay?: { id: string; path: string } }) =>
      input.hyperpay
        ? api.post<CheckoutAnswer>('/api/hyperpay-auth', input.hyperpay)
        : api.post<CheckoutAnswer>('/api/checkout-auth', { session_id: input.sessionId }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/user/plan-preview: the charge and dates of a plan change, shown for confirmation first. */
export function usePlanPreview() {
  return useMutation({
    mutationFn: async (choice: PlanChoice) => (await api.post<{ data: PlanPreview }>('/api/user/plan-preview', choice)).data,
  });
}

/** POST /api/user/subscription/cancel and /resume (cancel at period end, and undo it). */
export function useSubscriptionCancel() {
  const refresh = useRefreshBilling();
  const options = { onSuccess: () => refresh() };
  return {
    cancel: useMutation({ mutationFn: () => api.post<StatusMessage>('/api/user/subscription/cancel', {}), ...options }),
    resume: useMutation({ mutationFn: () => api.post<StatusMessage>('/api/user/subscription/resume', {}), ...options }),
  };
}
