import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PreparedStatements } from './pglite-statements';

// PGlite only: PostgreSQL's driver is not involved.
let pglite: PGlite;
let statements: PreparedStatements;

/** The statements this session holds prepared, by name (PostgreSQL's own view). */
async function preparedNames() {
  const [result] = await pglite.exec("select name from pg_prepared_statements where name like 'lisan_%' order by name");
  return result!.rows.map((row) => (row as { name: string }).name);
}

beforeAll(async () => {
  pglite = await PGlite.create();
  statements = await PreparedStatements.create(pglite, 4);
  await pglite.exec(`
    create table things (id bigint primary key, name text not null unique, at timestamptz, doc jsonb, data bytea, tags text[], ok boolean, price numeric);
    insert into things values (1, 'one', '2026-11-25T10:00:00Z', '{"a": [1, 2]}', '\\x0102', '{x,y}', true, 3.50);
  `);
});
afterAll(() => pglite.close());

describe('PGlite statements prepared once', () => {
  it('writes values and reads rows as PGlite query does, for every type the server uses', async () => {
    const at = new Date('2026-11-25T12:34:56.789Z');
    const values = [2, 'two', at, { b: 'ب', n: [1] }, new Uint8Array([3, 4, 255]), ['p', 'q"r'], false, '10.25'];
    const text = 'insert into things (id, name, at, doc, data, tags, ok, price) values ($1, $2, $3, $4, $5, $6, $7, $8)';
    const written = await statements.query(text, values);
    expect(written.affectedRows).toBe(1);
    const select = 'select * from things where id in ($1, $2) order by id';
    const mine = await statements.query(select, [1, 2]);
    const theirs = await pglite.query(select, [1, 2]);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.rows[1]).toEqual({ id: 2, name: 'two', at, doc: { b: 'ب', n: [1] }, data: new Uint8Array([3, 4, 255]), tags: ['p', 'q"r'], ok: false, price: '10.25' });
    // Nulls, and a statement without rows.
    const nothing = await statements.query('update things set at = $1 where id = $2', [null, 99]);
    expect(nothing).toEqual({ rows: [], affectedRows: 0 });
  });

  it('prepares a text once and runs it again without parsing it', async () => {
    const text = 'select name from things where id = $1';
    const before = (await preparedNames()).length;
    expect((await statements.query(text, [1])).rows).toEqual([{ name: 'one' }]);
    const after = await preparedNames();
    expect(after.length).toBe(before + 1);
    expect((await statements.query(text, [2])).rows).toEqual([{ name: 'two' }]);
    expect(await preparedNames()).toEqual(after);
  });

  it("plans each run for its values, as PostgreSQL's driver does: a partial unique index still answers ON CONFLICT with a parameter", async () => {
    await pglite.exec(`create table renewals (id serial primary key, sub int not null, kind text not null); create unique index renewals_once on renewals (sub, kind) where kind = 'renewal';`);
    const text = 'insert into renewals (sub, kind) values ($1, $2) on conflict (sub, kind) where kind = $3 do nothing';
    // A generic plan (PostgreSQL's choice after five runs) cannot tell that $3 is 'renewal'.
    const before = await preparedNames();
    for (let i = 0; i < 10; i++) await statements.query(text, [i % 3, 'renewal', 'renewal']);
    // Run as the unnamed statement each time, never prepared.
    expect(await preparedNames()).toEqual(before);
    expect((await statements.query(`${text} returning id`, [0, 'renewal', 'renewal'])).rows).toEqual([]);
    expect((await statements.query('select count(*)::int as n from renewals where kind = $1', ['renewal'])).rows).toEqual([{ n: 3 }]);
  });

  it('keeps the most recently used texts only, closing the others in PostgreSQL too', async () => {
    for (let i = 0; i < 7; i++) await statements.query(`select $1::int + ${i} as n`, [i]);
    // The limit is 4; a text that left the cache is closed with the next call.
    await statements.query('select $1::int as n', [0]);
    expect(statements.size).toBe(4);
    const names = await preparedNames();
    expect(names.length).toBeLessThanOrEqual(5);
    // An evicted text is simply prepared again.
    expect((await statements.query('select $1::int + 0 as n', [5])).rows).toEqual([{ n: 5 }]);
  });

  it('prepares a statement again when a migration changed its table', async () => {
    await pglite.exec('create table shapes (id int primary key)');
    const text = 'select * from shapes where id = $1';
    await pglite.exec('insert into shapes values (1)');
    expect((await statements.query(text, [1])).rows).toEqual([{ id: 1 }]);
    await pglite.exec("alter table shapes add column label text not null default 'square'");
    expect((await statements.query(text, [1])).rows).toEqual([{ id: 1, label: 'square' }]);
  });

  it("keeps PostgreSQL's error fields, and the connection usable in and after a failed transaction", async () => {
    const insert = 'insert into things (id, name) values ($1, $2)';
    const error = await statements.query(insert, [3, 'one']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_name_key' });
    await expect(statements.query('select * from nowhere where id = $1', [1])).rejects.toMatchObject({ code: '42P01' });

    await pglite.exec('begin');
    await statements.query(insert, [4, 'four']);
    await expect(statements.query(insert, [5, 'four'])).rejects.toMatchObject({ code: '23505' });
    await expect(statements.query('select name from things where id = $1', [4])).rejects.toMatchObject({ code: '25P02' });
    await pglite.exec('rollback');
    expect((await statements.query('select count(*)::int as n from things where id in ($1, $2)', [4, 5])).rows).toEqual([{ n: 0 }]);
  });

  it("takes PGlite's lock, so its own exec and listen interleave safely, and NOTIFY still reaches listeners", async () => {
    const heard: string[] = [];
    const stop = await pglite.listen('lisan_statements', (payload) => heard.push(payload));
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => statements.query('select $1::int * 2 as n', [i]).then((r) => r.rows[0])),
      pglite.exec('select 42 as n').then((r) => r[0]!.rows[0]),
      statements.query('select pg_notify($1, $2)', ['lisan_statements', 'hello']).then(() => ({ n: 'notified' })),
    ]);
    expect(results.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => ({ n: i * 2 })));
    expect(results[20]).toEqual({ n: 42 });
    await expect.poll(() => heard).toEqual(['hello']);
    await stop();
  });
});
