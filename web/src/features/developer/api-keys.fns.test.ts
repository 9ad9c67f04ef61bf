import { describe, expect, it } from 'vitest';
import { keysByState } from './api-keys.fns';
import type { ApiKey } from './use-api-keys';

const key = (id: number, revoked: boolean, team = false): ApiKey => ({
  id,
  name: `Key ${id}`,
  prefix: 'lsn_abc',
  team,
  created_at: '2026-11-01T00:00:00Z',
  last_used_at: null,
  revoked_at: revoked ? '2026-11-20T00:00:00Z' : null,
  usage: { requests: 0, characters: 0, documents: 0 },
});

describe('the API keys list', () => {
  it('lists the keys in use, personal and team ones, and keeps the revoked ones apart, in the order given', () => {
    const { active, revoked } = keysByState([key(5, false), key(4, true), key(3, false, true), key(2, true, true), key(1, true)]);
    expect(active.map((k) => k.id)).toEqual([5, 3]);
    expect(revoked.map((k) => k.id)).toEqual([4, 2, 1]);
    expect(keysByState([])).toEqual({ active: [], revoked: [] });
  });
});
