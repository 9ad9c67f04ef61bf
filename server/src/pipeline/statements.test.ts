// The database statements one translation costs, counted (issue 19 item 8): a text, as a guest
// and signed in, takes its quota unit in one statement and is saved (with its sentences and
// history entry) in another; a developer API request of ten texts adds its key's read and its
// rate-limit hit (its key's usage joins the quota's statement). Requests are sent one at a time, so no group commit shares a statement
// between them: these are the most a request can cost. A new query on this path fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
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
  it('a guest and a signed-in user: a quota unit and the save, two statements', async () => {
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
      expect(counted).toEqual({ 'select usage_ledger_consume($1::jsonb) as outcomes': 1, 'with "saved_translations" as (insert into "text_translations': 1 });
    }
  });

  it('POST /v2/translate with ten texts: the key, its rate-limit hit, the quota units and the save', async () => {
    const { key } = await userWithKey(t);
    // The test's plan was inserted behind the plans cache's back; the admin routes invalidate it, as here.
    await t.container.plans.invalidate();
    const send = async (i: number) => {
      const response = await t.app.inject({ method: 'POST', url: '/v2/translate', headers: { authorization: `DeepL-Auth-Key ${key}`, 'content-type': 'application/json' }, payload: { text: Array.from({ length: 10 }, (_, n) => `Sentence ${n} of request ${i}.`), target_lang: 'AR' } });
      expect(response.statusCode).toBe(200);
    };
    await send(0);
    const counted = await statementsPerRequest(send);
    // The key's usage and the plan's units (requests and API characters) are taken in one ledger statement.
    expect(counted).toEqual({
      'with "written" as (insert into "rate_limits" ("key", "window': 1,
      'select * from "api_keys" where "secret_hash" in ($1)': 1,
      'select usage_ledger_consume($1::jsonb) as outcomes': 1,
      'with "saved_translations" as (insert into "text_translations': 1,
    });
  });
});
