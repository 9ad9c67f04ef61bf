import { useMemo } from 'react';
import { useSiteSettings } from '../site-settings/use-site-settings';
import { deriveLimits, type Limits } from './limits.fns';
import { useCurrentUser } from './use-current-user';

/** The limits in force for the current visitor: guest defaults or the user's own. */
export function useLimits(): Limits {
  const { data: settings } = useSiteSettings();
  const { data: user } = useCurrentUser();
  return useMemo(() => deriveLimits(settings, user), [settings, user]);
}
