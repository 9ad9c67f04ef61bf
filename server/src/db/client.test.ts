import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, testDatabaseUrl, testEngine, type TestDatabase } from '../../test/database';
import { openDatabase, type Database } from './client';
import { PgliteThread } from './pglite-thread';
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

describe('PGlite in a thread of its own (what `npm start` runs)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await database.executeSql(`
      create table thread_rows (id bigint generated always as identity primary key, name text not null unique, at timestamptz not null, doc jsonb not null, bytes bytea not null, big bigint not null);
      create table thread_counter (id int primary key, n int not null); insert into thread_counter values (1, 0);`);
  });
  afterAll(() => database.close());

  it('carries values both ways as PGlite in the process does: dates, JSON, bytes, big integers', async () => {
    const at = new Date('2026-11-25T10:00:00.123Z');
    await sql`insert into thread_rows (name, at, doc, bytes, big) values (${'a'}, ${at}, ${JSON.stringify({ ar: 'مرحبا', n: [1, 2] })}::jsonb, ${new Uint8Array([0, 255, 7])}, ${9_007_199_254_740_991})`.execute(database.db);
    const { rows } = await sql<{ id: number; name: string; at: Date; doc: unknown; bytes: Uint8Array; big: number }>`select * from thread_rows`.execute(database.db);
    expect(rows).toEqual([{ id: 1, name: 'a', at, doc: { ar: 'مرحبا', n: [1, 2] }, bytes: new Uint8Array([0, 255, 7]), big: 9_007_199_254_740_991 }]);
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });

  it("gives back PostgreSQL's errors with their fields (code, constraint) for callers that test them", async () => {
    const insert = () => sql`insert into thread_rows (name, at, doc, bytes, big) values ('dup', now(), '{}', '\\x00', 1)`.execute(database.db);
    await insert();
    await expect(insert()).rejects.toMatchObject({ code: '23505', constraint: 'thread_rows_name_key' });
    await expect(database.executeSql('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' });
  });

  it('keeps transactions apart and loses no concurrent increment', async () => {
    await Promise.all(
      Array.from({ length: 30 }, () =>
        database.db.transaction().execute(async (trx) => {
          const row = (await trx.selectFrom('thread_counter' as never).select('n' as never).forUpdate().executeTakeFirstOrThrow()) as { n: number };
          await trx.updateTable('thread_counter' as never).set({ n: row.n + 1 } as never).execute();
        }),
      ),
    );
    expect((await database.executeSql('select n from thread_counter')).rows[0].n).toBe(30);
  });

  it('delivers NOTIFY to listeners, and stops when asked', async () => {
    const received: string[] = [];
    const stop = await database.listen('lisan_thread_channel', (payload) => received.push(payload));
    await database.notify('lisan_thread_channel', 'one');
    await expect.poll(() => received).toEqual(['one']);
    await stop();
    await database.notify('lisan_thread_channel', 'two');
    await database.executeSql('select 1');
    expect(received).toEqual(['one']);
  });

  it("leaves this thread free while a statement runs: timers keep firing during a 300 ms query", async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    try {
      await database.executeSql('select pg_sleep(0.3)');
    } finally {
      clearInterval(timer);
    }
    // In this thread the sleep would block the loop and no tick would run before it ended.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it('a thread that ends without being closed is reported, and every statement fails from then on', async () => {
    const lost: Error[] = [];
    const thread = await PgliteThread.start(null, (error) => lost.push(error));
    expect((await thread.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    // As if the thread died (an out-of-memory abort in WebAssembly, say).
    await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect.poll(() => lost.length).toBe(1);
    expect(thread.closed).toBe(true);
    await expect(thread.query('select 1')).rejects.toThrow('the PGlite thread exited');
  });

  it('refuses statements once closed', async () => {
    const other = await openDatabase({});
    await other.close();
    await expect(other.executeSql('select 1')).rejects.toThrow('closed');
  });
});
