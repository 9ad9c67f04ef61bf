import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import type { SessionRow, UserRow } from '../db/schema';
import { ROLE } from './access';
import { ActorCache } from './actor-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('actor cache', () => {
  it('serves a signed-in user’s next requests from the cache', async () => {
    const user = await createUser(t.container, { name: 'Cached' });
    const client = await t.client().signInAs(user.id);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    const cachedBefore = t.container.actors.size;
    expect(cachedBefore).toBeGreaterThan(0);
    expect((await client.get('/api/user')).json().name).toBe('Cached');
  });

  it('applies a change to the user, made by any module, to the very next request', async () => {
    const user = await createUser(t.container, { name: 'Before', role_id: ROLE.user });
    const client = await t.client().signInAs(user.id);
    expect((await client.get('/api/admin/users')).statusCode).toBe(403);
    await t.container.database.db.updateTable('users').set({ name: 'After', role_id: ROLE.admin }).where('id', '=', user.id).execute();
    expect((await client.get('/api/user')).json().name).toBe('After');
    expect((await client.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('ends a session at once when it is deleted elsewhere (another device signs out everywhere)', async () => {
    const user = await createUser(t.container);
    const client = await t.client().signInAs(user.id);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    await t.container.sessions.endAllForUser(user.id);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });
});

describe('actor cache limits', () => {
  const session = (expiresAt: number) => ({ id: 's1', expires_at: new Date(expiresAt) }) as unknown as SessionRow;
  const user = { id: 1 } as UserRow;

  it('keeps an actor for its time limit only', () => {
    let now = 1_000_000;
    const cache = new ActorCache(5_000, () => now);
    cache.set(session(now + 3_600_000), user);
    now += 4_999;
    expect(cache.get('s1')?.user).toBe(user);
    now += 1;
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never serves a session past its own expiry', () => {
    let now = 1_000_000;
    const cache = new ActorCache(5_000, () => now);
    cache.set(session(now + 1_000), user);
    now += 1_000;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('stays bounded in size', () => {
    const cache = new ActorCache(5_000, () => 0, 3);
    for (const id of ['a', 'b', 'c', 'd']) cache.set({ ...session(10_000), id } as SessionRow, user);
    expect(cache.size).toBeLessThanOrEqual(3);
    expect(cache.get('d')?.user).toBe(user);
  });
});
