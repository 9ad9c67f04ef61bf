import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, testDatabaseUrl, testEngine, type TestDatabase } from '../../test/database';
import { sql } from 'kysely';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  await test.database.executeSql('create table counter (id int primary key, n int not null); insert into counter values (1, 0);');
});
afterAll(() => test.drop());

describe(`database client (${testEngine})`, () => {
  it('keeps other statements out of a running transaction', async () => {
    const { db } = test.database;
    let releaseTransaction!: () => void;
    const holding = new Promise<void>((resolve) => (releaseTransaction = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.updateTable('counter' as never).set({ n: 100 } as never).execute();
      await holding;
      throw new Error('roll back');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A concurrent read must not see the uncommitted 100 (and on PGlite must not run inside it).
    const reading = db.selectFrom('counter' as never).select('n' as never).executeTakeFirstOrThrow();
    releaseTransaction();
    await expect(transaction).rejects.toThrow('roll back');
    expect(((await reading) as { n: number }).n).toBe(0);
  });

  it('runs many concurrent increments without losing one', async () => {
    const { db } = test.database;
    await Promise.all(
      Array.from({ length: 40 }, () =>
        db.transaction().execute(async (trx) => {
          const row = (await trx.selectFrom('counter' as never).select('n' as never).forUpdate().executeTakeFirstOrThrow()) as { n: number };
          await trx.updateTable('counter' as never).set({ n: row.n + 1 } as never).execute();
        }),
      ),
    );
    const { rows } = await test.database.executeSql('select n from counter');
    expect(rows[0].n).toBe(40);
  });

  it('runs parameterless multi-statement scripts (the pg-boss executor path)', async () => {
    const { rows } = await test.database.executeSql('create temporary table tmp_x (a int); insert into tmp_x values (1), (2); select sum(a)::int as total from tmp_x;');
    expect(rows[0].total).toBe(3);
  });

  it('delivers NOTIFY to listeners', async () => {
    const received: string[] = [];
    const stop = await test.database.listen('lisan_test_channel', (payload) => received.push(payload));
    await test.database.notify('lisan_test_channel', 'hello');
    await expect.poll(() => received).toEqual(['hello']);
    await stop();
  });

  // PGlite runs in the process: there is no connection to lose.
  if (testDatabaseUrl) {
    it('a connection the server ends fails only the statement it ran: pooled ones from before are replaced, the listener comes back', async () => {
      // Several pooled connections, all idle.
      await Promise.all(Array.from({ length: 4 }, () => test.database.executeSql('select pg_sleep(0.05)')));
      const received: string[] = [];
      let reconnects = 0;
      const stop = await test.database.listen('lisan_lost_channel', (payload) => received.push(payload), () => (reconnects += 1));
      const admin = new pg.Client({ connectionString: test.url });
      await admin.connect();
      try {
        const running = sql`select pg_sleep(30)`.execute(test.database.db).then(
          () => null,
          (error: unknown) => error,
        );
        await expect.poll(async () => (await admin.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep(30)%'`)).rows[0].n).toBe(1);
        const { rows } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        expect(rows.length).toBeGreaterThanOrEqual(3); // the sleeping statement, idle pooled connections, the listener
        expect(await running).toMatchObject({ code: '57P01' });
        // The next statements, each on a pooled connection, find a working one.
        for (let i = 0; i < 6; i++) expect((await test.database.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
        expect((await sql<{ two: number }>`select 2 as two`.execute(test.database.db)).rows).toEqual([{ two: 2 }]);
        await expect.poll(() => reconnects, { timeout: 10_000 }).toBe(1);
        await admin.query(`select pg_notify('lisan_lost_channel', 'after')`);
        await expect.poll(() => received).toEqual(['after']);
      } finally {
        await admin.end();
        await stop();
      }
    });
  }
});
