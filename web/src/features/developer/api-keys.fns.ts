import type { ApiKey } from './use-api-keys';

/**
 * The keys in use and the revoked ones, each in the server's order. A revoked key stops working for good, so the list
 * shows the keys in use and keeps the revoked ones behind a control (their usage and last use stay readable there).
 */
export function keysByState(keys: readonly ApiKey[]): { active: ApiKey[]; revoked: ApiKey[] } {
  return { active: keys.filter((key) => !key.revoked_at), revoked: keys.filter((key) => Boolean(key.revoked_at)) };
}
