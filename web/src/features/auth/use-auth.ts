import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { AuthProviders, StatusText } from '../../../../contract/auth';
import { authKeys } from './auth.fns';
import { isPrivateQuery } from './use-sign-out';

/** GET /api/auth/providers: which social sign-in buttons to show (configured providers only). */
export const authProvidersQuery = queryOptions({
  queryKey: authKeys.providers(),
  queryFn: async ({ signal }) => (await api.get<{ data: AuthProviders }>('/api/auth/providers', { signal })).data,
  staleTime: Infinity,
});

export function useAuthProviders() {
  return useQuery(authProvidersQuery);
}

/**
 * After a sign-in or sign-up: forget whatever the previous visitor loaded, then load the
 * user again. The guards take it from there (home page of the role, or /check-email on 450).
 */
async function startSignedIn(queryClient: QueryClient) {
  await queryClient.resetQueries({ predicate: isPrivateQuery });
}

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post('/mt/login', input),
    onSuccess: () => startSignedIn(queryClient),
  });
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  locale: 'en' | 'ar';
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => api.post('/mt/register', input),
    onSuccess: () => startSignedIn(queryClient),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: { email: string }) => api.post<StatusText>('/mt/forgot-password', input),
  });
}

export interface ResetPasswordInput {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<StatusText>('/mt/reset-password', input),
  });
}
