import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { SiteSettings } from '../../../../contract/settings';
import { toSettingsMap } from './site-settings.fns';

export const siteSettingKeys = {
  all: ['site-settings'] as const,
  public: () => [...siteSettingKeys.all, 'public'] as const,
};

/** GET /api/site-settings, loaded once at start-up (spec section 4) and kept for the session. */
export const siteSettingsQuery = queryOptions({
  queryKey: siteSettingKeys.public(),
  queryFn: async ({ signal }) => toSettingsMap((await api.get<SiteSettings>('/api/site-settings', { signal }))?.data),
  staleTime: Infinity,
});

/** The public site settings as a name -> value map (undefined until loaded). */
export function useSiteSettings() {
  return useQuery(siteSettingsQuery);
}
