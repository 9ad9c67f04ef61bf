import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../../test/database';
import { openDatabase } from './client';
import { migrate, readMigrations } from './migrate';

const opened: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.drop()));
});

/** A database migrated up to the migration numbered `prefix`, left unapplied: `apply()` runs that one migration. */
async function beforeMigration(prefix: string) {
  const test = await createTestDatabase({ migrated: false });
  opened.push(test);
  const files = await readMigrations();
  const at = files.findIndex((f) => f.version.startsWith(`${prefix}_`));
  await migrate(test.database, files.slice(0, at));
  return { database: test.database, apply: () => migrate(test.database, files.slice(at, at + 1)) };
}

describe(`migrations (${testEngine})`, () => {
  it('applies every numbered file once, in order, and is idempotent', async () => {
    const test = await createTestDatabase({ migrated: false });
    opened.push(test);
    const files = await readMigrations();
    expect(files.map((f) => f.version)).toEqual([...files.map((f) => f.version)].sort());
    expect(await migrate(test.database)).toEqual(files.map((f) => f.version));
    expect(await migrate(test.database)).toEqual([]);
    const { rows } = await test.database.executeSql('select count(*)::int as n from schema_migrations');
    expect(rows[0].n).toBe(files.length);
  });

  it('0260 moves each key\'s usage into the usage ledger (requests, characters, documents) and drops api_key_usage', async () => {
    const test = await beforeMigration('0260');
    await test.database.executeSql(`
      insert into users (id, name, email) overriding system value values (1, 'Key owner', 'keys@example.com');
      insert into api_keys (id, user_id, name, prefix, secret_hash, created_at) overriding system value values (7, 1, 'k', 'lsn_abcdefgh', 'digest', now());
      insert into api_key_usage (api_key_id, period_start, requests, characters, documents) values (7, '2026-10-01', 3, 120, 0), (7, '2026-11-01', 5, 0, 2);
      insert into usage_ledger (subject, metric, period_start, used) values ('api-key:7', 'api_characters', '2026-10-01', 1);`);
    await test.apply();
    const { rows } = await test.database.executeSql("select metric, period_start::text as period, used::int as used from usage_ledger where subject = 'api-key:7' order by period, metric");
    expect(rows).toEqual([
      { metric: 'api_characters', period: '2026-10-01', used: 121 },
      { metric: 'api_requests', period: '2026-10-01', used: 3 },
      { metric: 'api_requests', period: '2026-11-01', used: 5 },
      { metric: 'documents', period: '2026-11-01', used: 2 },
    ]);
    const { rows: gone } = await test.database.executeSql("select to_regclass('api_key_usage') as usage");
    expect(gone[0].usage).toBeNull();
  });

  it("0330 gives a sentence corrected before it the machine's text its oldest suggestion kept", async () => {
    const test = await beforeMigration('0330');
    const [text, corrected, untouched] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
    await test.database.executeSql(`
      insert into users (id, name, email) overriding system value values (1, 'Corrector', 'corrector@example.com');
      insert into text_translations (id, user_id, source_lang, target_lang, domain, engine, characters) values ('${text}', 1, 'en', 'ar', 'general', 'dictionary', 20);
      insert into translation_segments (id, translation_id, position, source, target, origin) values
        ('${corrected}', '${text}', 0, 'Hello.', 'تصحيح ثانٍ', 'dictionary'),
        ('${untouched}', '${text}', 1, 'Bye.', 'وداعًا.', 'dictionary');
      insert into translation_suggestions (segment_id, user_id, source_lang, target_lang, domain, source_text, machine_text, suggested_text, created_at) values
        ('${corrected}', 1, 'en', 'ar', 'general', 'Hello.', 'تصحيح أول', 'تصحيح ثانٍ', '2026-11-02'),
        ('${corrected}', 1, 'en', 'ar', 'general', 'Hello.', 'مرحبا آلية', 'تصحيح أول', '2026-11-01');`);
    await test.apply();
    const { rows } = await test.database.executeSql('select id, machine_target from translation_segments order by position');
    expect(rows).toEqual([
      { id: corrected, machine_target: 'مرحبا آلية' },
      { id: untouched, machine_target: null },
    ]);
  });

  it("0350 gives a correction in the memory the machine's words of its newest suggestion, by its owner or a member of its team", async () => {
    const test = await beforeMigration('0350');
    const [text, sentence] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    await test.database.executeSql(`
      insert into users (id, name, email) overriding system value values (1, 'Corrector', 'corrector@example.com'), (2, 'Manager', 'manager@example.com'), (3, 'Stranger', 'stranger@example.com');
      insert into teams (id, name, owner_id) overriding system value values (5, 'Team', 2);
      insert into team_members (team_id, user_id) values (5, 2);
      insert into text_translations (id, user_id, source_lang, target_lang, domain, engine, characters) values ('${text}', 1, 'en', 'ar', 'general', 'local', 6);
      insert into translation_segments (id, translation_id, position, source, target, origin, machine_target) values ('${sentence}', '${text}', 0, 'Hello.', 'تصحيح ثانٍ', 'local', 'مرحبا آلية');
      insert into translation_suggestions (segment_id, user_id, source_lang, target_lang, domain, source_text, machine_text, suggested_text, created_at) values
        ('${sentence}', 1, 'en', 'ar', 'general', 'Hello.', 'تصحيح أول', 'تصحيح ثانٍ', '2026-11-02'),
        ('${sentence}', 1, 'en', 'ar', 'general', 'Hello.', 'مرحبا آلية', 'تصحيح أول', '2026-11-01'),
        (null, 2, 'en', 'ar', 'general', 'Bye.', 'وداعا آلية', 'مع السلامة', '2026-11-01'),
        (null, 3, 'en', 'ar', 'general', 'Thanks.', 'شكرا آلية', 'شكرًا لك', '2026-11-01');
      insert into translation_memory (owner_key, owner_user_id, team_id, source_lang, target_lang, source_norm, source_text, target_text, origin) values
        ('user:1', 1, null, 'en', 'ar', 'hello.', 'Hello.', 'تصحيح ثانٍ', 'suggestion'),
        ('user:1', 1, null, 'en', 'ar', 'hello.', 'Hello.', 'مرحبا آلية', 'like'),
        ('team:5', null, 5, 'en', 'ar', 'bye.', 'Bye.', 'مع السلامة', 'suggestion'),
        ('team:5', null, 5, 'en', 'ar', 'thanks.', 'Thanks.', 'شكرًا لك', 'suggestion');`);
    await test.apply();
    const { rows } = await test.database.executeSql('select source_text, origin, machine_text from translation_memory order by source_text, origin');
    expect(rows).toEqual([
      { source_text: 'Bye.', origin: 'suggestion', machine_text: 'وداعا آلية' },
      // The sentence's first machine's words, not those the second correction replaced.
      { source_text: 'Hello.', origin: 'like', machine_text: null },
      { source_text: 'Hello.', origin: 'suggestion', machine_text: 'مرحبا آلية' },
      // Suggested by someone outside the team: not its correction's words.
      { source_text: 'Thanks.', origin: 'suggestion', machine_text: null },
    ]);
  });

  it('rolls a failing migration back completely and names it', async () => {
    const test = await createTestDatabase({ migrated: false });
    opened.push(test);
    const broken = [{ version: '9998_ok', sql: 'create table ok_table (id int);' }, { version: '9999_broken', sql: 'create table half (id int); select * from no_such_table;' }];
    await expect(migrate(test.database, broken)).rejects.toThrow(/Migration 9999_broken failed/);
    const { rows } = await test.database.executeSql("select to_regclass('half') as half, to_regclass('ok_table') as ok");
    expect(rows[0].half).toBeNull();
    expect(rows[0].ok).not.toBeNull();
  });

  it('lets two processes start at once without racing (advisory lock)', async () => {
    const test = await createTestDatabase({ migrated: false });
    opened.push(test);
    // A second, independent connection pool stands for the second process.
    const second = test.url ? await openDatabase({ url: test.url, poolSize: 2 }) : test.database;
    try {
      const [a, b] = await Promise.all([migrate(test.database), migrate(second)]);
      const files = await readMigrations();
      expect([...a, ...b].sort()).toEqual(files.map((f) => f.version).sort());
      const { rows } = await test.database.executeSql('select version, count(*)::int as n from schema_migrations group by version having count(*) > 1');
      expect(rows).toEqual([]);
    } finally {
      if (second !== test.database) await second.close();
    }
  });
});
