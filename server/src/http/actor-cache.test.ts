import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import type { SessionRow, UserRow } from '../db/schema';
import { ROLE } from './access';
import pino from 'pino';
import { vi } from 'vitest';
import { createActorCache } from '../container';
import { CacheBus } from '../db/cache';
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

describe('actor cache: per-key invalidation', () => {
  it('drops only the entries of the user a write names; other users stay cached', async () => {
    const a = await createUser(t.container, { name: 'Alpha' });
    const b = await createUser(t.container, { name: 'Beta' });
    const clientA = await t.client().signInAs(a.id);
    const clientB = await t.client().signInAs(b.id);
    await clientA.get('/api/user');
    await clientB.get('/api/user');
    const sizeBefore = t.container.actors.size;
    await t.container.database.db.updateTable('users').set({ name: 'Alpha 2' }).where('id', '=', a.id).execute();
    expect(t.container.actors.size).toBe(sizeBefore - 1);
    expect((await clientA.get('/api/user')).json().name).toBe('Alpha 2');
    expect(t.container.actors.size).toBe(sizeBefore);
  });

  it('keeps every entry on writes that change no one’s access: a new user, the purge of expired sessions, other tables', async () => {
    const user = await createUser(t.container);
    const client = await t.client().signInAs(user.id);
    await client.get('/api/user');
    const sizeBefore = t.container.actors.size;
    expect(sizeBefore).toBeGreaterThan(0);
    await createUser(t.container);
    await t.container.sessions.purgeExpired();
    await t.container.database.db.updateTable('plans').set({ updated_at: new Date() }).where('id', '=', -1).execute();
    expect(t.container.actors.size).toBe(sizeBefore);
  });

  it('carries the dropped keys to the other processes through the cache bus', async () => {
    const user = await createUser(t.container, { name: 'Far' });
    const other = await createUser(t.container, { name: 'Stays' });
    const client = await t.client().signInAs(user.id);
    await client.get('/api/user');
    // Another process: its own bus on the same database, its own cache (its own writes are not watched here).
    const bus = new CacheBus(t.container.database, pino({ level: 'silent' }));
    await bus.start();
    try {
      const far = createActorCache({ onWrite: () => () => {} }, bus, () => new Date());
      const expires = new Date(Date.now() + 3_600_000);
      far.set({ id: 'sess-far', user_id: user.id, expires_at: expires } as unknown as SessionRow, user as UserRow);
      far.set({ id: 'sess-other', user_id: other.id, expires_at: expires } as unknown as SessionRow, other as UserRow);
      await t.container.database.db.updateTable('users').set({ name: 'Far 2' }).where('id', '=', user.id).execute();
      await vi.waitFor(() => expect(far.get('sess-far')).toBeUndefined(), { timeout: 10_000, interval: 20 });
      expect(far.get('sess-other')?.user.id).toBe(other.id);
    } finally {
      await bus.stop();
    }
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

  it('never stores what a read found if the user or session was dropped while it read', () => {
    const cache = new ActorCache(5_000, () => 0);
    const mark = cache.mark();
    cache.dropUsers([user.id]);
    cache.set(session(10_000), user, mark);
    expect(cache.get('s1')).toBeUndefined();
    const later = cache.mark();
    cache.set(session(10_000), user, later);
    expect(cache.get('s1')?.user).toBe(user);
    const before = cache.mark();
    cache.dropSessions(['s1']);
    expect(cache.get('s1')).toBeUndefined();
    cache.set(session(10_000), user, before);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('keeps a key request’s user by id under the same time limit and drops, and never stores a read a drop overtook', () => {
    let now = 1_000_000;
    const cache = new ActorCache(5_000, () => now);
    cache.setUser(user);
    expect(cache.getUser(1)).toBe(user);
    now += 5_000;
    expect(cache.getUser(1)).toBeUndefined();
    cache.setUser(user);
    cache.dropUsers([1]);
    expect(cache.getUser(1)).toBeUndefined();
    const mark = cache.mark();
    cache.dropUsers([1]);
    cache.setUser(user, mark);
    expect(cache.getUser(1)).toBeUndefined();
    cache.setUser(user, cache.mark());
    cache.clear();
    expect(cache.getUser(1)).toBeUndefined();
  });

  it('stays bounded in size', () => {
    const cache = new ActorCache(5_000, () => 0, 3);
    for (const id of ['a', 'b', 'c', 'd']) cache.set({ ...session(10_000), id } as SessionRow, user);
    expect(cache.size).toBeLessThanOrEqual(3);
    expect(cache.get('d')?.user).toBe(user);
  });
});
