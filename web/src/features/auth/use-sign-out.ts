import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { planKeys } from '../plans/use-plans';
import { siteSettingKeys } from '../site-settings/use-site-settings';
import { userKeys } from '../account/use-current-user';

const PUBLIC_QUERY_ROOTS: ReadonlySet<unknown> = new Set([planKeys.all[0], siteSettingKeys.all[0]]);

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
  queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]) });
  queryClient.setQueryData(userKeys.current(), null);
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
