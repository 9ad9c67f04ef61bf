// The database statements one translation costs, counted (issue 19 item 8): a text, as a guest
// and signed in, is saved (with its sentences and history entry) in one statement that also takes
// its quota unit; a caller refused lately takes the unit first. A developer API request of ten
// texts adds one more, its key's read with its rate-limit hit (the key's usage joins the save's statement).
// Requests are sent one at a time, so no group commit shares a statement between them: these are
// the most a request can cost. A new query on this path fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createUser } from '../../test/factories';
import { createPlan } from '../../test/documents-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { watchStatements } from '../../test/statements';
import { userWithKey } from '../modules/api/testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs `send` `times` times, one after the other, and returns the statements sent per run, by their first words. */
async function statementsPerRequest(send: (i: number) => Promise<void>, times = 5) {
  const watched = watchStatements(t.container.database.db);
  try {
    for (let i = 0; i < times; i++) await send(i);
  } finally {
    watched.stop();
  }
  const counts = new Map<string, number>();
  for (const sql of watched.seen) {
    const statement = sql.replace(/\s+/g, ' ').slice(0, 60);
    counts.set(statement, (counts.get(statement) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].map(([statement, n]) => [statement, n / times]));
}

const text = (i: number) => ({ text: `The company signed contract number ${i}.`, source_lang: 'en', target_lang: 'ar', domain: 'general' });

describe('statements per translation', () => {
  it('a guest and a signed-in user: the save and its quota unit, one statement', async () => {
    const guest = t.client();
    const user = await createUser(t.container);
    const member = t.client();
    await member.signInAs(user.id);
    for (const client of [guest, member]) {
      // The first request of a client reads what is cached from then on (session, entitlements).
      expect((await client.post('/api/translate', text(0))).statusCode).toBe(200);
      const counted = await statementsPerRequest(async (i) => {
        expect((await client.post('/api/translate', text(i + 1))).statusCode).toBe(200);
      });
      expect(counted).toEqual({ 'with "saved_translations" as (insert into "text_translations': 1 });
    }
  });

  it('past the quota: refused once after the engine, then before it (the unit first) until allowed again', async () => {
    const plan = await createPlan(t, { daily_text_requests: 2 });
    const user = await createUser(t.container, { plan_id: plan.id, trial_ends_at: null });
    await t.container.plans.invalidate();
    const client = t.client();
    await client.signInAs(user.id);
    const watched = watchStatements(t.container.database.db);
    const statements = () => watched.seen.splice(0).map((text) => text.replace(/\s+/g, ' ').slice(0, 40));
    const saves = async () => Number((await t.container.database.db.selectFrom('text_translations').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow()).n);
    try {
      for (const i of [1, 2]) expect((await client.post('/api/translate', text(i))).statusCode).toBe(200);
      statements();
      // The third: translated, then refused in the save's statement, which saves nothing.
      const third = await client.post('/api/translate', text(3));
      expect(third.statusCode).toBe(402);
      expect(third.json().type).toBe('request_quota');
      expect(statements()).toEqual(['with "saved_translations" as (insert int']);
      // From then on the unit comes first, and a refusal costs no engine run and no save.
      expect((await client.post('/api/translate', text(4))).statusCode).toBe(402);
      expect(statements()).toEqual(['select usage_ledger_consume($1::jsonb) a']);
      expect(await saves()).toBe(2);
      expect(await t.container.ledger.count(`user:${user.id}`, 'text_requests')).toBe(2);

      // Allowed again (as on a new day or a bigger plan): the unit first once more, then with the save.
      await sql`update usage_ledger set used = 0 where subject = ${`user:${user.id}`}`.execute(t.container.database.db);
      statements();
      const again = await client.post('/api/translate', text(5));
      expect(again.statusCode).toBe(200);
      expect(JSON.parse(again.json().data).usage.text_requests_today).toBe(1);
      expect(statements()).toEqual(['select usage_ledger_consume($1::jsonb) a', 'with "saved_translations" as (insert int']);
      const next = await client.post('/api/translate', text(6));
      expect(JSON.parse(next.json().data).usage.text_requests_today).toBe(2);
      expect(statements()).toEqual(['with "saved_translations" as (insert int']);
      expect(await saves()).toBe(4);
    } finally {
      watched.stop();
    }
  });

  it("POST /v2/translate with ten texts: the key, its rate-limit hit, and the save with the quota units and the key's usage", async () => {
    const { key } = await userWithKey(t);
    // The test's plan was inserted behind the plans cache's back; the admin routes invalidate it, as here.
    await t.container.plans.invalidate();
    const send = async (i: number) => {
      const response = await t.app.inject({ method: 'POST', url: '/v2/translate', headers: { authorization: `DeepL-Auth-Key ${key}`, 'content-type': 'application/json' }, payload: { text: Array.from({ length: 10 }, (_, n) => `Sentence ${n} of request ${i}.`), target_lang: 'AR' } });
      expect(response.statusCode).toBe(200);
    };
    await send(0);
    const counted = await statementsPerRequest(send);
    // The key's read goes with its rate-limit hit (and the address's failure count); the key's
    // usage and the plan's units (requests and API characters) are taken with the save.
    expect(counted).toEqual({
      'with "written" as (insert into "rate_limits" ("key", "window': 1,
      'with "saved_translations" as (insert into "text_translations': 1,
    });
  });
});
