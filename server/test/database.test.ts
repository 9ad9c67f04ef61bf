import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { MailJob } from '../src/mail/mailer';
import { readMigrations } from '../src/db/migrate';
import { TEMPLATE_LOCK_KEY, createTestDatabase, pgliteTemplateFile, preparePgliteTemplate, postgresTemplateName, preparePostgresTemplate, testDatabaseUrl, testEngine } from './database';
import { createTestApp } from './harness';

/** The schema version pg-boss installs (what the product's JobQueue.start sets up). */
const PGBOSS_SCHEMA = (createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }).schema;

const mail: MailJob<'notice'> = {
  to: 'reader@example.com',
  locale: 'en',
  template: 'notice',
  data: { name: 'Mona', title: { en: 'Queued', ar: 'في الانتظار' }, paragraphs: { en: ['Queued.'], ar: ['في الانتظار.'] } },
};

describe(`a fresh test database (${testEngine})`, () => {
  it("holds pg-boss's schema as the product's queue installs it: a job is sent without starting the queue, and kept once the queue has started", async () => {
    const t = await createTestApp({ role: 'api' }); // the queue is not started
    try {
      const { rows } = await t.container.database.executeSql('select version::int as version from pgboss.version');
      expect(rows).toEqual([{ version: PGBOSS_SCHEMA }]);
      // pg-boss keeps no job for a queue it has not created yet (the queue's start creates them): null, not an error.
      await expect(t.container.mail.send(mail)).resolves.toBeNull();
      await t.container.start(); // an api process: creates the queues, runs no worker
      const id = await t.container.mail.send(mail);
      expect(id).toBeTruthy();
      expect(await t.container.queue.boss.getJobById('mail-send', id!)).toMatchObject({ state: 'created', data: { to: 'reader@example.com' } });
    } finally {
      await t.close();
    }
  });

  it('is migrated, and a copy of its own: what one test writes, another does not see', async () => {
    const [one, two] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      const files = await readMigrations();
      for (const test of [one!, two!]) {
        const { rows } = await test.database.executeSql('select count(*)::int as n from schema_migrations');
        expect(rows[0].n).toBe(files.length);
      }
      await one!.database.executeSql("insert into app_secrets (name, value) values ('only-in-one', 'x')");
      const { rows } = await two!.database.executeSql("select count(*)::int as n from app_secrets where name = 'only-in-one'");
      expect(rows[0].n).toBe(0);
    } finally {
      await Promise.all([one!.drop(), two!.drop()]);
    }
  });
});

if (testDatabaseUrl) {
  describe('PostgreSQL test templates', () => {
    it('copies every test database from one template named by the migrations, which allows no connections', async () => {
      const test = await createTestDatabase();
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      try {
        const template = await postgresTemplateName();
        const { rows } = await admin.query('select datistemplate, datallowconn from pg_database where datname = $1', [template]);
        expect(rows).toEqual([{ datistemplate: true, datallowconn: false }]);
        expect(new URL(test.url!).pathname).toMatch(/^\/lisan_test_[0-9a-z]+_[0-9a-f]{8}$/);
      } finally {
        await admin.end();
        await test.drop();
      }
    });

    it('tidying drops test databases over an hour old that nobody uses, and templates unused for an hour or half built; keeps the rest', async () => {
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      const tag = randomBytes(4).toString('hex');
      const hoursAgo = (hours: number) => (Date.now() - hours * 3_600_000).toString(36);
      const names = {
        oldTest: `lisan_test_${hoursAgo(2)}_${tag}`,
        oldTestInUse: `lisan_test_${hoursAgo(2)}_${randomBytes(4).toString('hex')}`,
        recentTest: `lisan_test_${hoursAgo(0.1)}_${randomBytes(4).toString('hex')}`,
        staleTemplate: `lisan_tpl_00000000${tag}`,
        usedTemplate: `lisan_tpl_11111111${tag}`,
        partialTemplate: `lisan_tpl_22222222${tag}_partial`,
      };
      const existing = async () => new Set((await admin.query<{ datname: string }>('select datname from pg_database')).rows.map((row) => row.datname));
      let user: pg.Client | null = null;
      // Set up and cleared under the lock the tidying takes, so that a run starting meanwhile
      // does not tidy these databases half set up.
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      try {
        for (const name of Object.values(names)) await admin.query(`create database ${name}`);
        for (const [name, used] of [
          [names.staleTemplate, '2020-01-01T00:00:00.000Z'],
          [names.usedTemplate, new Date(Date.now() - 60_000).toISOString()],
        ] as const) {
          await admin.query(`alter database ${name} with is_template true allow_connections false`);
          await admin.query(`comment on database ${name} is 'Lisan test template, used ${used}'`);
        }
        const url = new URL(testDatabaseUrl!);
        url.pathname = `/${names.oldTestInUse}`;
        user = new pg.Client({ connectionString: url.toString() });
        await user.connect();
        await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);

        const current = await preparePostgresTemplate({ tidy: true });
        const after = await existing();
        expect(after.has(current)).toBe(true);
        expect(after.has(names.oldTest)).toBe(false);
        expect(after.has(names.staleTemplate)).toBe(false);
        expect(after.has(names.partialTemplate)).toBe(false);
        expect(after.has(names.oldTestInUse)).toBe(true);
        expect(after.has(names.recentTest)).toBe(true);
        expect(after.has(names.usedTemplate)).toBe(true);
      } finally {
        await user?.end();
        await admin.query('select pg_advisory_unlock_all()');
        await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
        const left = await existing();
        for (const name of Object.values(names).filter((name) => left.has(name))) {
          await admin.query(`alter database ${name} with is_template false`);
          await admin.query(`drop database ${name} with (force)`);
        }
        await admin.end();
      }
    });
  });
}

if (!testDatabaseUrl) {
  describe('the PGlite test template', () => {
    it('is a file named by the migrations, which tidying keeps, with other templates used within the hour; older ones go', async () => {
      const file = await preparePgliteTemplate();
      expect(file).toBe(await pgliteTemplateFile());
      expect(path.basename(file)).toMatch(/^lisan-pglite-template-\d+\.\d+\.\d+-[0-9a-f]{16}\.tar$/);
      const tag = randomBytes(4).toString('hex');
      const stale = path.join(os.tmpdir(), `lisan-pglite-template-0.0.0-stale${tag}.tar`);
      const recent = path.join(os.tmpdir(), `lisan-pglite-template-0.0.0-recent${tag}.tar`);
      await fs.writeFile(stale, 'x');
      await fs.writeFile(recent, 'x');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await fs.utimes(stale, twoHoursAgo, twoHoursAgo);
      try {
        expect(await preparePgliteTemplate({ tidy: true })).toBe(file);
        const exists = (name: string) => fs.stat(name).then(() => true, () => false);
        expect([await exists(file), await exists(recent), await exists(stale)]).toEqual([true, true, false]);
      } finally {
        await fs.rm(stale, { force: true });
        await fs.rm(recent, { force: true });
      }
    });
  });
}
