import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { keysOf, type WriteKind } from './write-watch';

let testDatabase: TestDatabase;
const seen: Array<[string, WriteKind]> = [];
const keys: Array<Array<string | number> | null> = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  testDatabase.database.onWrite((table, kind, where) => {
    seen.push([table, kind]);
    if (kind !== 'insert') keys.push(keysOf(where, table === 'users' ? 'id' : 'user_id'));
  });
});
afterAll(async () => {
  await testDatabase.database.close();
  await testDatabase.drop();
});

describe('write watch', () => {
  it('reports the table and kind of every insert, update and delete, and nothing for reads', async () => {
    const { db } = testDatabase.database;
    seen.length = 0;
    const user = await db
      .insertInto('users')
      .values({ name: 'Watch', email: 'watch@example.com', password_hash: null, personal_info: {}, company_info: {} })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.selectFrom('users').selectAll().where('id', '=', user.id).execute();
    await db.updateTable('users as u').set({ name: 'Watched' }).where('u.id', '=', user.id).execute();
    await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    // Before and after each statement: every write is reported twice.
    expect(seen).toEqual([
      ['users', 'insert'],
      ['users', 'insert'],
      ['users', 'update'],
      ['users', 'update'],
      ['sessions', 'delete'],
      ['sessions', 'delete'],
    ]);
  });

  it('sees writes in data-modifying WITH clauses and inside transactions', async () => {
    const { db } = testDatabase.database;
    seen.length = 0;
    await db
      .with('gone', (qb) => qb.deleteFrom('sessions').where('user_id', '=', -1).returning('id'))
      .selectFrom('gone')
      .selectAll()
      .execute();
    await db.transaction().execute((trx) => trx.updateTable('users').set({ name: 'In a transaction' }).where('id', '=', -1).execute());
    expect(new Set(seen.map(([table, kind]) => `${table}:${kind}`))).toEqual(new Set(['sessions:delete', 'users:update']));
  });

  it('names the rows an update or delete is pinned to, and says so when it cannot', async () => {
    const { db } = testDatabase.database;
    keys.length = 0;
    await db.updateTable('users').set({ name: 'x' }).where('id', '=', -5).where('email_verified_at', 'is', null).execute();
    await db.deleteFrom('sessions').where('user_id', 'in', [-1, -2]).execute();
    await db.updateTable('users').set({ name: 'x' }).where('email', '=', 'nobody@example.com').execute();
    await db.updateTable('users').set({ name: 'x' }).where((eb) => eb.or([eb('id', '=', -1), eb('id', '=', -2)])).execute();
    // Each statement is reported twice (before and after).
    expect(keys).toEqual([[-5], [-5], [-1, -2], [-1, -2], null, null, null, null]);
  });
});
