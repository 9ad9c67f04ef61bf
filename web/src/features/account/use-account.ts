import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { SocialProvider } from '../../../../contract/auth';
import type { ChangeEmailRequest, DeleteAccountRequest, PasswordUpdateRequest, SettingsRequest, User, UserMessage, UserUpdated } from '../../../../contract/users';
import { forgetUser } from '../auth/use-sign-out';
import { userKeys } from './use-current-user';

/** Mutations that answer the updated user keep the cached user call in step. */
function useUserMutation<I>(request: (input: I) => Promise<UserUpdated>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => queryClient.setQueryData(userKeys.current(), answer.user),
  });
}

/** POST /api/user/update (multipart: text fields and the logo). */
export function useUpdateProfile() {
  return useUserMutation((form: FormData) => api.post<UserUpdated>('/api/user/update', form));
}

/** POST /api/user/settings' body: the server's own schema's input. */
export type SettingsInput = SettingsRequest;

/** POST /api/user/settings. */
export function useUpdateSettings() {
  return useUserMutation((input: SettingsInput) => api.post<UserUpdated>('/api/user/settings', input));
}

/** POST /api/user/disconnect. */
export function useDisconnect() {
  return useUserMutation((provider: SocialProvider) => api.post<UserUpdated>('/api/user/disconnect', { provider }));
}

/** POST /api/user/password-update; afterwards the user has a password. */
export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordUpdateRequest) => api.post<UserMessage>('/api/user/password-update', input),
    onSuccess: () =>
      queryClient.setQueryData<User | null>(userKeys.current(), (user) => (user ? { ...user, has_password: true } : user)),
  });
}

/** POST /api/user/delete-account; the server ends the session, so the visitor becomes a guest. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountRequest) => api.post<UserMessage>('/api/user/delete-account', input),
    onSuccess: () => forgetUser(queryClient),
  });
}

/** POST /api/user/change-email: mails a confirmation link to the new address; the user shows the pending change. */
export function useChangeEmail() {
  return useUserMutation((input: ChangeEmailRequest) => api.post<UserUpdated>('/api/user/change-email', input));
}

/** POST /api/user/change-email/resend: a new link to the pending address (the earlier one dies). */
export function useResendEmailChange() {
  return useUserMutation(() => api.post<UserUpdated>('/api/user/change-email/resend', {}));
}

/** POST /api/user/change-email/cancel: the pending change is dropped. */
export function useCancelEmailChange() {
  return useUserMutation(() => api.post<UserUpdated>('/api/user/change-email/cancel', {}));
}
