import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { planKeys } from '../plans/use-plans';
import { siteSettingKeys } from '../site-settings/use-site-settings';
import { userKeys } from '../account/use-current-user';
import { authKeys } from './auth.fns';

const PUBLIC_QUERY_ROOTS: ReadonlySet<unknown> = new Set([planKeys.all[0], siteSettingKeys.all[0], authKeys.all[0]]);

/** Queries that belong to the signed-in user (everything but plans, site settings and sign-in options). */
export const isPrivateQuery = (query: { queryKey: readonly unknown[] }) => !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]);

/** After the session ended server-side (sign-out, account deletion): the visitor is a guest. */
export function forgetUser(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: isPrivateQuery });
  queryClient.setQueryData(userKeys.current(), null);
}

/**
 * POST /mt/logout (errors ignored: the aim is to end up signed out either way), then
 * forget every private query and mark the visitor as a guest.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await api.post('/mt/logout');
  } catch {
    // Already signed out, or the server is unreachable: the local state is cleared anyway.
  }
  forgetUser(queryClient);
}

/** Signs out and goes to the home page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => signOut(queryClient),
    onSettled: () => navigate('/'),
  });
}
