import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import type { WriteKind } from './write-watch';

let testDatabase: TestDatabase;
const seen: Array<[string, WriteKind]> = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  testDatabase.database.onWrite((table, kind) => seen.push([table, kind]));
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
});
