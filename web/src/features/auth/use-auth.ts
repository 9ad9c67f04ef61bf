import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type {
  AuthProviders,
  EmailChangeLink,
  EmailLinkConfirmed,
  EmailVerifyLink,
  ForgotPasswordRequest,
  LoginRequest,
  PasswordResetLink,
  RegisterRequest,
  ResetPasswordRequest,
  StatusText,
} from '../../../../contract/auth';
import { userKeys } from '../account/use-current-user';
import { authKeys, withoutEmailParam, type EmailLinkAction } from './auth.fns';
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

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginRequest) => api.post('/mt/login', input),
    onSuccess: () => startSignedIn(queryClient),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterRequest) => api.post('/mt/register', input),
    onSuccess: () => startSignedIn(queryClient),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordRequest) => api.post<StatusText>('/mt/forgot-password', input),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordRequest) => api.post<StatusText>('/mt/reset-password', input),
  });
}

/**
 * An e-mailed link's look (GET /api/email-verify/…, /api/email-change/{token}, /api/password-reset/{token}): the address
 * its page names (or why the link is dead), taken once as the page opens: a later look must not swap the button for
 * "used" before the person presses it (the POST's answer says so then).
 */
export function useLinkLook<T extends EmailVerifyLink | EmailChangeLink | PasswordResetLink>(look: string) {
  return useQuery({
    queryKey: authKeys.link(look),
    queryFn: ({ signal }) => api.get<T>(look, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * Takes an `email` out of the page's address (links and redirects before the twenty-sixth session put it there) so
 * that the browser's history keeps no address. The router is not told: the page reads nothing from it, and a
 * navigation would count a second page view.
 */
export function useWithoutEmailInUrl() {
  useEffect(() => {
    const search = withoutEmailParam(window.location.search);
    if (search !== null) window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  }, []);
}

/**
 * The button of an e-mailed link's page: POST to the link's path verifies the address or makes the change (opening
 * the link did neither). The user is loaded again: verified now, or with the new address.
 */
export function useConfirmEmailLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Pick<EmailLinkAction, 'path'>) => api.post<EmailLinkConfirmed>(action.path, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.current() }),
  });
}
