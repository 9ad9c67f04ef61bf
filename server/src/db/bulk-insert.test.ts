import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { insertSql, JSON_FROM_ROWS, jsonRows } from './bulk-insert';

let testDatabase: TestDatabase;
let userId: number;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const user = await testDatabase.database.db
    .insertInto('users')
    .values({ name: 'Bulk', email: 'bulk@example.com', password_hash: null, personal_info: {}, company_info: {} })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = user.id;
});
afterAll(async () => {
  await testDatabase.database.close();
  await testDatabase.drop();
});

// Both ways of writing: a VALUES list below JSON_FROM_ROWS rows, one JSON parameter from it.
const SIZES = [1, JSON_FROM_ROWS - 1, JSON_FROM_ROWS, 3 * JSON_FROM_ROWS];
const TRANSLATION_COLUMNS = ['id', 'user_id', 'source_lang', 'target_lang', 'detected', 'domain', 'llm', 'engine', 'characters', 'leading_space', 'created_at'] as const;

/** Runs an insert's SQL (and what follows it) with its parameters; the rows it returns. */
async function run(write: (params: unknown[]) => string) {
  const params: unknown[] = [];
  const text = write(params);
  return (await testDatabase.database.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params))).rows;
}

/** Usage counters of `subjects`, naming neither `used` nor `updated_at` (the rows carry a `used` all the same: not written). */
const insertCounters = (subjects: string[], period: string) =>
  run((params) =>
    insertSql(
      'usage_ledger',
      ['subject', 'metric', 'period_start'],
      subjects.map((subject) => ({ subject, metric: 'documents' as const, period_start: period, used: 7 })),
      params,
    ),
  );

describe('insertSql', () => {
  it.each(SIZES)('writes every value of %i rows as given (types, nulls, text as it is)', async (size) => {
    const { db } = testDatabase.database;
    const texts = ['plain', 'with "quotes", \\backslashes\\ and \\ud800 as text', 'سطر\nوآخر\t😀', '', "it's {json}: [1, 2]"];
    const rows = Array.from({ length: size }, (_, index) => ({
      id: randomUUID(),
      user_id: index % 2 ? userId : null,
      source_lang: index % 3 ? ('en' as const) : ('ar' as const),
      target_lang: index % 3 ? ('ar' as const) : ('en' as const),
      detected: index % 2 === 0,
      domain: 'legal' as const,
      llm: index % 4 === 1,
      engine: texts[index % texts.length]!,
      characters: 2_000_000_000 - index,
      leading_space: index % 2 ? '\n ' : '',
      created_at: new Date(Date.UTC(2025, 0, 1, 12, 0, 0, index)),
    }));
    await run((params) => insertSql('text_translations', TRANSLATION_COLUMNS, rows, params));
    const stored = await db
      .selectFrom('text_translations')
      .select(TRANSLATION_COLUMNS)
      .where('id', 'in', rows.map((row) => row.id))
      .execute();
    const byId = new Map(stored.map((row) => [row.id, { ...row, user_id: row.user_id === null ? null : Number(row.user_id), created_at: new Date(row.created_at) }]));
    expect(rows.map((row) => byId.get(row.id))).toEqual(rows);
  });

  it.each(SIZES)('leaves the columns it does not name to their defaults, whatever the rows carry (%i rows)', async (size) => {
    const { db } = testDatabase.database;
    const before = await db.selectNoFrom((eb) => eb.fn<Date>('now').as('now')).executeTakeFirstOrThrow();
    const subjects = Array.from({ length: size }, (_, index) => `bulk-defaults:${size}:${index}`);
    await insertCounters(subjects, '2025-01-01');
    const stored = await db.selectFrom('usage_ledger').selectAll().where('subject', 'in', subjects).execute();
    expect(stored).toHaveLength(size);
    for (const row of stored) {
      expect(Number(row.used)).toBe(0);
      expect(new Date(row.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(before.now).getTime());
    }
  });

  it.each(SIZES)('writes %i rows in the order given (identities follow it), and can be followed by on conflict and returning', async (size) => {
    const { db } = testDatabase.database;
    const names = Array.from({ length: size }, (_, index) => `key ${String(size - index).padStart(3, '0')}`);
    const rows = names.map((name) => ({ user_id: userId, team_id: null, name, prefix: 'lsn_', secret_hash: randomUUID(), created_at: new Date() }));
    await run((params) => insertSql('api_keys', ['user_id', 'team_id', 'name', 'prefix', 'secret_hash', 'created_at'], rows, params));
    const stored = await db
      .selectFrom('api_keys')
      .select('name')
      .where('secret_hash', 'in', rows.map((row) => row.secret_hash))
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.name)).toEqual(names);

    // An upsert: the second write of a key adds to it.
    const usage = stored.map((_, index) => ({ subject: `bulk-upsert:${size}:${index}`, metric: 'documents' as const, period_start: '2025-02-01', used: index + 1 }));
    const upsert = () =>
      run(
        (params) =>
          `${insertSql('usage_ledger', ['subject', 'metric', 'period_start', 'used'], usage, params)} on conflict ("subject", "metric", "period_start") do update set "used" = "usage_ledger"."used" + excluded."used" returning "subject", "used"`,
      );
    await upsert();
    const returned = await upsert();
    expect(new Map(returned.map((row) => [row.subject, Number(row.used)]))).toEqual(new Map(usage.map((row) => [row.subject, 2 * row.used])));
  });

  it.each([1, JSON_FROM_ROWS])('numbers its placeholders on from the parameters already given, in a statement of several inserts (%i rows each)', async (size) => {
    const { db } = testDatabase.database;
    const subjects = (tag: string) => Array.from({ length: size }, (_, index) => `bulk-cte:${size}:${tag}:${index}`);
    const rows = (tag: string, period: string) => subjects(tag).map((subject) => ({ subject, metric: 'documents' as const, period_start: period }));
    await run((params) => {
      params.push('bulk-cte-marker');
      const first = insertSql('usage_ledger', ['subject', 'metric', 'period_start'], rows('a', '2025-04-01'), params);
      return `with "first" as (${first}), "marker" as (select $1::text as "m") ${insertSql('usage_ledger', ['subject', 'metric', 'period_start'], rows('b', '2025-05-01'), params)}`;
    });
    const stored = await db.selectFrom('usage_ledger').select(['subject', 'period_start']).where('subject', 'like', `bulk-cte:${size}:%`).execute();
    expect(stored.map((row) => `${row.subject}@${new Date(row.period_start).toISOString().slice(0, 7)}`).sort()).toEqual(
      [...subjects('a').map((s) => `${s}@2025-04`), ...subjects('b').map((s) => `${s}@2025-05`)].sort(),
    );
  });

  it('inserts nothing for no rows', async () => {
    const params: unknown[] = [];
    const text = insertSql('usage_ledger', ['subject', 'metric', 'period_start'], [], params);
    expect(params).toEqual(['[]']);
    await testDatabase.database.db.executeQuery(CompiledQuery.raw(text, params));
  });

  it('stores a lone surrogate as U+FFFD either way, as a parameter of its own does', async () => {
    const { db } = testDatabase.database;
    for (const size of [1, JSON_FROM_ROWS]) {
      const subjects = Array.from({ length: size }, (_, index) => `bulk-surrogate:${size}:${index}:\ud800:\udc00x:😀`);
      await insertCounters(subjects, '2025-03-01');
      const stored = await db.selectFrom('usage_ledger').select('subject').where('subject', 'like', `bulk-surrogate:${size}:%`).execute();
      expect(stored.map((row) => row.subject).sort()).toEqual(subjects.map((subject) => subject.replace(/\ud800|\udc00/g, '\ufffd')).sort());
    }
  });
});

describe('jsonRows', () => {
  it('is JSON.stringify, with lone surrogates replaced (a literal backslash-u text stays)', () => {
    const rows = [{ a: 'x\ud83d\ude00y', b: 1, c: null, d: new Date(Date.UTC(2025, 0, 2)) }];
    expect(jsonRows(rows)).toBe(JSON.stringify(rows));
    expect(JSON.parse(jsonRows([{ a: '\\ud800 \ud800', b: '\udfff' }]))).toEqual([{ a: '\\ud800 \ufffd', b: '\ufffd' }]);
  });
});
