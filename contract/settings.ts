// Public site settings (shared/API.md "Site settings"): GET /api/site-settings.
import { z } from 'zod';
import { dataOf } from './common';

export const siteSetting = z.object({ setting_name: z.string(), setting_value: z.string() });
export type SiteSetting = z.output<typeof siteSetting>;

export const siteSettings = dataOf(z.array(siteSetting));
export type SiteSettings = z.output<typeof siteSettings>;
