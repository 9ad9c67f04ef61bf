import { siteSettings } from '../../../../contract/settings';
import { CachedValue, type CacheBus } from '../../db/cache';
import { serialize } from '../../http/responses';
import type { SettingsRepo } from './repo';
import { guestLimitsFrom, PUBLIC_SETTING_NAMES, type GuestLimits } from './settings.fns';

interface SettingsSnapshot {
  values: Map<string, string>;
  /** The body of GET /api/site-settings, serialized with its schema once per change. */
  publicJson: string;
  guestLimits: GuestLimits;
}

export function createSettingsService(deps: { repo: SettingsRepo; cache: CacheBus; now: () => Date }) {
  const snapshot = new CachedValue<SettingsSnapshot>(deps.cache, 'site-settings', async () => {
    const rows = await deps.repo.listAll();
    const values = new Map(rows.map((row) => [row.setting_name, row.setting_value]));
    const publicNames = new Set<string>(PUBLIC_SETTING_NAMES);
    const data = rows
      .filter((row) => row.is_public && publicNames.has(row.setting_name))
      .map((row) => ({ setting_name: row.setting_name, setting_value: row.setting_value }));
    return { values, publicJson: serialize(siteSettings, { data }), guestLimits: guestLimitsFrom(values) };
  });

  return {
    async publicSettingsJson() {
      return (await snapshot.get()).publicJson;
    },
    async get(name: string) {
      return (await snapshot.get()).values.get(name);
    },
    async guestLimits() {
      return (await snapshot.get()).guestLimits;
    },
    /** Stores values and drops every process's cached copy. Validation is the caller's. */
    async update(values: Record<string, string>) {
      await deps.repo.upsertMany(values, deps.now());
      await deps.cache.invalidate(snapshot.topic);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
