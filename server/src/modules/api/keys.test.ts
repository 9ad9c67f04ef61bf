import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { createTestApp, memoryTransport, type TestApp, type TestClient } from '../../../test/harness';
import { buildApp } from '../../app';
import { createContainer } from '../../container';
import { openDatabase } from '../../db/client';
import type { NewPlan } from '../../db/schema';
import { createPlan, createTeam, createUser, signedIn } from '../../../test/documents-helpers';
import { MAX_ACTIVE_API_KEYS } from '../../../../contract/limits';
import { API_KEY_PREFIX, hashApiKey, type ApiCaller } from './keys';
import { createKey, keyUsage, userWithKey } from './testing';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { API_KEY_FAILURES_PER_WINDOW: '5', API_KEY_REQUESTS_PER_MINUTE: '8' } });
});
afterAll(() => t.close());

/** Another api process: its own container and app (and, on PostgreSQL, its own connection) over the same database. */
async function secondProcess() {
  const shared = t.container.database;
  const database = t.testDatabase.url ? await openDatabase({ url: t.testDatabase.url, poolSize: 2 }) : (Object.create(shared, { close: { value: async () => {} } }) as typeof shared);
  const container = await createContainer(t.container.config, 'api', { database, logger: pino({ level: 'silent' }), mailTransport: memoryTransport() });
  const app = await buildApp(container);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await container.close();
    },
  };
}

/** An owner, a manager (role 4) and a member (role 5) in one team, on a team plan with the API. */
async function teamOnApiPlan(limits: Partial<NewPlan> = {}) {
  const plan = await createPlan(t, { api_enabled: true, is_team: true, ...limits });
    const owner = await createUser(t, { planId: plan.id });
    const manager = await createUser(t, { planId: plan.id });
    const member = await createUser(t, { planId: plan.id });
    const team = await createTeam(t, owner, [
      { user: manager, role: 4 },
      { user: member, role: 5 },
    ]);
  return { owner, manager, member, team };
}

const v2 = (key: string | null, url = '/v2/usage', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(key ? { authorization: `DeepL-Auth-Key ${key}` } : {}), ...headers }, remoteAddress: '198.51.100.7' });
/** POST /v2/translate of one text into Arabic with a key. */
const translate = (key: string, text: string) => t.app.inject({ method: 'POST', url: '/v2/translate', headers: { authorization: `DeepL-Auth-Key ${key}` }, payload: { text: [text], target_lang: 'AR' } });

describe('API keys: /api/user/api-keys', () => {
  it('creates a key shown once, stores only its hash and prefix, and lists it without the secret', async () => {
    const { client, key, id } = await userWithKey(t);
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(key.length).toBeGreaterThan(40);
    const row = await t.container.database.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashApiKey(key));
    expect(row.secret_hash).not.toContain(key);
    expect(key.startsWith(row.prefix)).toBe(true);
    expect(row.prefix.length).toBeLessThan(16);
    // No column of any key row holds the key.
    const all = await t.container.database.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(all)).not.toContain(key);

    const list = await client.get('/api/user/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    const [listed] = list.json().data;
    expect(listed).toMatchObject({ id, name: 'Test key', prefix: row.prefix, last_used_at: null, revoked_at: null, usage: { requests: 0, characters: 0, documents: 0 } });
    expect(listed).not.toHaveProperty('key');
  });

  it('needs a name, a verified session and CSRF like every web route', async () => {
    const { client } = await userWithKey(t);
    const missing = await client.post('/api/user/api-keys', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.name).toEqual(['Give the key a name.']);
    // A name too long is told so, not asked for (the web form stops at 80; a script does not).
    const long = await client.post('/api/user/api-keys', { name: 'x'.repeat(81) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.name).toEqual(['The name field must not be greater than 80 characters.']);
    expect((await t.client().post('/api/user/api-keys', { name: 'x' })).statusCode).toBe(401);
    expect((await client.request({ method: 'POST', url: '/api/user/api-keys', payload: { name: 'x' }, csrf: false })).statusCode).toBe(419);
  });

  it('a key works without cookie or CSRF, with DeepL-Auth-Key or Bearer, and records its last use', async () => {
    const { key, id } = await userWithKey(t);
    expect((await v2(key)).statusCode).toBe(200);
    const bearer = await t.app.inject({ method: 'POST', url: '/v2/translate', headers: { authorization: `Bearer ${key}` }, payload: { text: ['Hello'], target_lang: 'AR' } });
    expect(bearer.statusCode).toBe(200);
    const row = await t.container.database.db.selectFrom('api_keys').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
  });

  it('a revoked key stops at once, in every process (no cache: another app on the same database refuses it too)', async () => {
    const { client, key, id } = await userWithKey(t);
    const other = await secondProcess();
    try {
      const inOther = () => other.app.inject({ method: 'GET', url: '/v2/usage', headers: { authorization: `DeepL-Auth-Key ${key}` } });
      expect((await inOther()).statusCode).toBe(200);
      expect((await v2(key)).statusCode).toBe(200);
      const revoked = await client.post(`/api/user/api-keys/${id}/revoke`, {});
      expect(revoked.statusCode).toBe(200);
      expect((await v2(key)).statusCode).toBe(403);
      const refused = await inOther();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Invalid API key. Check the key, or create one in Account settings > API keys.' });
      const list = await client.get('/api/user/api-keys');
      expect(list.json().data[0].revoked_at).not.toBeNull();
    } finally {
      await other.close();
    }
  });

  it('another user cannot revoke a key (404), and a plan without the API refuses keys in the caller language', async () => {
    const { id } = await userWithKey(t);
    const { client: stranger } = await userWithKey(t);
    expect((await stranger.post(`/api/user/api-keys/${id}/revoke`, {})).statusCode).toBe(404);

    const noApi = await createPlan(t, { api_enabled: false });
    const user = await createUser(t, { planId: noApi.id });
    const client = await signedIn(t, user, 'ar');
    const refused = await client.post('/api/user/api-keys', { name: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('يُرجى ترقية باقتك لاستخدام هذه الميزة.');

    // A key made while the plan had the API stops when the plan no longer includes it.
    const { user: later, key } = await userWithKey(t);
    // Used once first, so its user is in the actor cache: the write to the user's row drops it.
    expect((await v2(key, '/v2/usage')).statusCode).toBe(200);
    await t.container.database.db.updateTable('users').set({ plan_id: noApi.id }).where('id', '=', later.id).execute();
    const english = await v2(key, '/v2/usage', { 'accept-language': 'en' });
    expect(english.statusCode).toBe(403);
    expect(english.json()).toEqual({ message: 'Please upgrade your plan to use this feature' });
    expect((await v2(key, '/v2/usage', { 'accept-language': 'ar' })).json()).toEqual({ message: 'يُرجى ترقية باقتك لاستخدام هذه الميزة.' });
  });

  it('holds at most 25 active keys per user and per team, even when made at the same moment; a revoked key frees a place', async () => {
    const { owner, manager, team } = await teamOnApiPlan();
    const client = await signedIn(t, owner, 'ar');
    const first = await createKey(client, 'first');
    for (let i = 1; i < MAX_ACTIVE_API_KEYS - 2; i++) await createKey(client, `key ${i}`);
    // Two at once for the last two places: both fit. Then, one revoked, two at once for its place: one does.
    const pair = () => Promise.all([client.post('/api/user/api-keys', { name: 'a' }), client.post('/api/user/api-keys', { name: 'b' })]);
    expect((await pair()).map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await client.post('/api/user/api-keys', { name: 'c' })).statusCode).toBe(409);
    expect((await client.post(`/api/user/api-keys/${first.id}/revoke`, {})).statusCode).toBe(200);
    const raced = await pair();
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(raced.find((r) => r.statusCode === 409)!.json().message).toBe('لديك بالفعل 25 مفتاحًا نشطًا. أبطِل مفتاحًا لم تعد تستخدمه لتنشئ مفتاحًا جديدًا.');
    const keys = (await client.get('/api/user/api-keys')).json().data as Array<{ id: number; revoked_at: string | null }>;
    expect(keys.filter((k) => !k.revoked_at)).toHaveLength(MAX_ACTIVE_API_KEYS);

    // The team's keys are counted apart: the owner's full hand does not stop a team key.
    const managerClient = await signedIn(t, manager);
    expect((await managerClient.post('/api/user/api-keys', { name: 'team', team: true })).statusCode).toBe(201);
    await t.container.database.db
      .insertInto('api_keys')
      .values(Array.from({ length: MAX_ACTIVE_API_KEYS - 1 }, (_, i) => ({ user_id: manager.id, team_id: team.id, name: `t${i}`, prefix: 'lsn_xxxxxxxx', secret_hash: `filler-${manager.id}-${i}`, created_at: new Date() })))
      .execute();
    const full = await managerClient.post('/api/user/api-keys', { name: 'one more', team: true }, { 'accept-language': 'en' });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('Your team already has 25 active keys. Revoke one it no longer uses to create another.');
    // A revoked key frees its place.
    await client.post(`/api/user/api-keys/${keys.find((k) => !k.revoked_at)!.id}/revoke`, {});
    expect((await client.post('/api/user/api-keys', { name: 'after revoking' })).statusCode).toBe(201);
  });

  it('the free trial includes the API', async () => {
    const user = await createUser(t);
    const client = await signedIn(t, user);
    const { key } = await createKey(client);
    expect((await v2(key)).statusCode).toBe(200);
  });

  it('throttles guessing: past the limit of wrong keys an address is refused with 429, even with a right key', async () => {
    const { key } = await userWithKey(t);
    const from = (value: string) => t.app.inject({ method: 'GET', url: '/v2/usage', headers: { authorization: `DeepL-Auth-Key ${value}` }, remoteAddress: '192.0.2.99' });
    for (let i = 0; i < 5; i++) expect((await from(`${API_KEY_PREFIX}guess${i}`)).statusCode).toBe(403);
    const blocked = await from(key);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await v2(key)).statusCode).toBe(200);
  });

  it('counts each key\'s usage in the usage ledger: concurrent requests of several keys in any order, each once, taken back on failure, and listed', async () => {
    const owner = await userWithKey(t);
    const ids = [owner.id];
    for (let i = 0; i < 7; i++) ids.push((await createKey(owner.client, `batch ${i}`)).id);
    const keys = t.container.developerApi.keys;
    const callerOf = (id: number) => ({ key: { id } }) as unknown as ApiCaller;
    const reversed = [...ids].reverse();
    const interleaved = [...ids.filter((_, i) => i % 2), ...ids.filter((_, i) => !(i % 2))];
    for (let round = 0; round < 20; round++) {
      await Promise.all([ids, reversed, interleaved, [...interleaved].reverse()].flatMap((order) => order.map((id) => keys.recordUsage(callerOf(id), { characters: 10 }))));
    }
    // A request that failed after it was counted: its units go back.
    const takeBack = await keys.recordUsage(callerOf(ids[0]!), { characters: 99, documents: 1 });
    await takeBack();
    for (const id of ids) expect(await keyUsage(t, id)).toEqual({ requests: 80, characters: 800, documents: 0 });
    const listed = (await owner.client.get('/api/user/api-keys')).json() as { data: Array<{ id: number; usage: unknown }> };
    expect(listed.data.map((key) => key.usage)).toEqual(ids.map(() => ({ requests: 80, characters: 800, documents: 0 })));
  });

  it('limits requests per key in the database (429 with Retry-After in DeepL shape)', async () => {
    const { key } = await userWithKey(t);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await v2(key)).statusCode);
    expect(statuses.slice(0, 8).every((status) => status === 200)).toBe(true);
    const limited = await v2(key);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toHaveProperty('message');
    const counter = await t.container.database.db.selectFrom('rate_limits').select('hits').where('key', 'like', 'api-key:%').execute();
    expect(counter.some((row) => row.hits >= 9)).toBe(true);
  });

  it('team owners and managers make team keys; members cannot; a team key lists for the team managers', async () => {
    const { owner, manager, member } = await teamOnApiPlan();
    const managerClient = await signedIn(t, manager);
    const teamKey = await createKey(managerClient, 'Team key', true);
    expect(teamKey.team).toBe(true);
    const ownerList = await (await signedIn(t, owner)).get('/api/user/api-keys');
    expect(ownerList.json().data.map((k: { id: number }) => k.id)).toContain(teamKey.id);
    const memberClient = await signedIn(t, member);
    const refused = await memberClient.post('/api/user/api-keys', { name: 'x', team: true });
    expect(refused.statusCode).toBe(403);
    expect((await memberClient.get('/api/user/api-keys')).json().data).toEqual([]);
    expect((await v2(teamKey.key)).statusCode).toBe(200);
  });

  it("counts API characters on the team page: the team's month against the plan's allowance, and each member's own", async () => {
    const { owner, manager, member } = await teamOnApiPlan({ monthly_api_characters: 50_000 });
    // A team key acts as its maker (the manager); a member's own key still counts on the team's quota.
    const teamKey = await createKey(await signedIn(t, manager), 'Team key', true);
    const memberKey = await createKey(await signedIn(t, member), 'Own key');
    expect((await translate(teamKey.key, 'Good morning.')).statusCode).toBe(200);
    expect((await translate(memberKey.key, 'Thank you.')).statusCode).toBe(200);

    const team = (await (await signedIn(t, owner)).get('/api/team')).json().data;
    expect(team.usage).toMatchObject({ api_characters_this_month: 23, monthly_api_characters: 50_000 });
    const monthOf = (id: number) => team.members.find((m: { id: number | null }) => m.id === id).usage.api_characters_this_month;
    expect([monthOf(manager.id), monthOf(member.id), monthOf(owner.id)]).toEqual([13, 10, 0]);
  });

  it("the dashboard's meter (GET /api/user) shows /v2/usage's character_count and character_limit; a plan without the API shows none", async () => {
    const agree = async (client: TestClient, key: string) => {
      const usage = (await v2(key)).json();
      const profile = (await client.get('/api/user')).json();
      expect({ used: profile.usage.api_characters_this_month, limit: profile.api_characters_quota }).toEqual({ used: usage.character_count, limit: usage.character_limit });
      return usage.character_count as number;
    };

    // An account of its own: its characters of the month.
    const { client, key, user } = await userWithKey(t, { monthly_api_characters: 40_000 });
    expect(await agree(client, key)).toBe(0);
    expect((await translate(key, 'Good morning.')).statusCode).toBe(200);
    expect(await agree(client, key)).toBe(13);
    expect((await client.get('/api/user')).json()).toMatchObject({ api_enabled: true, api_characters_quota: 40_000, usage: { api_characters_this_month: 13 } });

    // A team member: the team's month against the owner's plan, as for the other meters (a teammate's characters count too).
    const { manager, member } = await teamOnApiPlan({ monthly_api_characters: 60_000 });
    const memberClient = await signedIn(t, member);
    const memberKey = await createKey(memberClient, 'Own key');
    const teamKey = await createKey(await signedIn(t, manager), 'Team key', true);
    expect((await translate(teamKey.key, 'Thank you.')).statusCode).toBe(200);
    expect((await translate(memberKey.key, 'Good morning.')).statusCode).toBe(200);
    expect(await agree(memberClient, memberKey.key)).toBe(23);

    // The plan loses the API: no figures, though characters were counted this month.
    const noApi = await createPlan(t, { api_enabled: false });
    await t.container.database.db.updateTable('users').set({ plan_id: noApi.id }).where('id', '=', user.id).execute();
    expect((await client.get('/api/user')).json()).toMatchObject({ api_enabled: false, api_characters_quota: null, usage: { api_characters_this_month: null } });
    const fresh = await signedIn(t, await createUser(t, { planId: noApi.id }));
    expect((await fresh.get('/api/user')).json()).toMatchObject({ api_enabled: false, api_characters_quota: null, usage: { api_characters_this_month: null } });
  });

  it('GET /v2/usage reads its characters, documents and text requests in one ledger read', async () => {
    const { key } = await userWithKey(t, { monthly_api_characters: 40_000 });
    expect((await translate(key, 'Good morning.')).statusCode).toBe(200);
    const counts = vi.spyOn(t.container.ledger, 'counts');
    const count = vi.spyOn(t.container.ledger, 'count');
    try {
      expect((await v2(key)).json()).toMatchObject({ character_count: 13, character_limit: 40_000, text_request_count: 1 });
      expect(counts).toHaveBeenCalledTimes(1);
      expect(count).not.toHaveBeenCalled();
    } finally {
      counts.mockRestore();
      count.mockRestore();
    }
  });
});
