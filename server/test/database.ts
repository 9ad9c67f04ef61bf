import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { migrate, readMigrations } from '../src/db/migrate';
import { JobQueue } from '../src/jobs/queue';
import pino from 'pino';

/**
 * Test databases. Each is a copy of a template holding what a product database holds
 * before its first request: the migrations and pg-boss's schema (`prepareTemplate`).
 * Without TEST_DATABASE_URL: an in-memory PGlite loaded from a dump of the template, built once
 * per set of migrations (`preparePgliteTemplate`, from the run's global set-up) and kept as a file.
 * With TEST_DATABASE_URL: a PostgreSQL database per call, `CREATE DATABASE ... TEMPLATE`
 * of one template database per set of migrations (`preparePostgresTemplate`), dropped afterwards.
 * The one reader of TEST_DATABASE_URL: the test command's PostgreSQL stage runs the files that
 * import this module (`vitest related`, scripts/test.mjs), so a test opens its database here.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testEngine = testDatabaseUrl ? 'postgres' : 'pglite';

/**
 * What every test database starts with: the migrations, then pg-boss's schema, installed by
 * the product's JobQueue as an api process's start installs it (its queues are created by
 * the queue that defines them, when a test starts it). So a test that queues a job without
 * starting the queue behaves alike on both databases.
 */
async function prepareTemplate(database: Database) {
  await migrate(database);
  const queue = new JobQueue({ executor: database, logger: pino({ level: 'silent' }), runsWorkers: false });
  await queue.start();
  await queue.stop({ graceful: false });
}

const require = createRequire(import.meta.url);
const PGBOSS_VERSION = (require('pg-boss/package.json') as { version: string }).version;
/** PGlite's version names its template too: a data directory is loaded by the PGlite that wrote it. */
const PGLITE_VERSION = (JSON.parse(readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')) as { version: string }).version;
/** Raise when prepareTemplate puts something else into a template: its name changes with it. */
const TEMPLATE_FORMAT = 1;
const TEMPLATE_PREFIX = 'lisan_tpl_';

/** A hash of what a template holds: the migration files, pg-boss's version and the template format. */
async function templateHash(): Promise<string> {
  const hash = createHash('sha256').update(`format ${TEMPLATE_FORMAT}\npg-boss ${PGBOSS_VERSION}\n`);
  for (const file of await readMigrations()) hash.update(`${file.version}\n${file.sql}\n`);
  return hash.digest('hex').slice(0, 16);
}

const PGLITE_TEMPLATE_PREFIX = 'lisan-pglite-template-';

/**
 * The PGlite template, as a file: a dump of the data directory of a PGlite that ran `prepareTemplate`. Starting a
 * PGlite runs initdb, which with the migrations took 10 to 30 s on a loaded 2-core host, in every test file (each
 * runs in a process of its own) and inside the test that opened the file's first database; loading the dump takes
 * about 2 s. Built once per set of migrations and kept in the temporary folder, as PostgreSQL's template is kept.
 */
export async function pgliteTemplateFile(): Promise<string> {
  return path.join(os.tmpdir(), `${PGLITE_TEMPLATE_PREFIX}${PGLITE_VERSION}-${await templateHash()}.tar`);
}

/**
 * Builds the PGlite template's file unless it exists; returns its path. Written under another name, then renamed,
 * so a half-written one is never loaded. `tidy` (once per run: server/test/global-setup.ts) also removes templates
 * of other migrations unused for an hour.
 */
export async function preparePgliteTemplate(options: { tidy?: boolean } = {}): Promise<string> {
  const file = await pgliteTemplateFile();
  if (!(await fs.stat(file).catch(() => null))) {
    const pglite = await PGlite.create();
    try {
      await prepareTemplate(await openDatabase({ pglite }));
      const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
      await fs.writeFile(partial, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
      await fs.rename(partial, file);
    } finally {
      await pglite.close();
    }
  }
  // Marked used now, so a long-lived one is not tidied away by another branch's run.
  const now = new Date();
  await fs.utimes(file, now, now);
  if (options.tidy) {
    for (const name of await fs.readdir(os.tmpdir())) {
      const other = path.join(os.tmpdir(), name);
      if (!name.startsWith(PGLITE_TEMPLATE_PREFIX) || other === file) continue;
      const stat = await fs.stat(other).catch(() => null);
      if (stat && stat.mtimeMs < Date.now() - STALE_MS) await fs.rm(other, { force: true });
    }
  }
  return file;
}

/** This worker's copy of the template's dump, read once; every test database is loaded from it. */
let pgliteTemplate: Promise<Blob> | null = null;

function pgliteTemplateDump() {
  pgliteTemplate ??= preparePgliteTemplate().then(async (file) => new Blob([await fs.readFile(file)]));
  return pgliteTemplate;
}
/** Test database names carry their creation time (base 36 ms), so leftovers can be told by age. */
const TEST_NAME = /^lisan_test_([0-9a-z]+)_[0-9a-f]{8}$/;
/**
 * Advisory lock, in TEST_DATABASE_URL's database, held while a template is built and while old
 * databases are dropped: runs and workers that start together build each template once.
 */
export const TEMPLATE_LOCK_KEY = 72_410_101;
/** Templates unused this long (other migrations: an earlier run, another branch) and test databases this old are dropped. */
const STALE_MS = 60 * 60 * 1000;

function postgresUrl(name: string) {
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** The template's name: a hash of the migration files, pg-boss's version and the template format. */
export async function postgresTemplateName(): Promise<string> {
  return `${TEMPLATE_PREFIX}${await templateHash()}`;
}

/**
 * Builds the PostgreSQL template of this run's migrations unless it exists; returns its name.
 * It is built under another name, then renamed, so a half-built one is never copied; it
 * allows no connections, so nothing can be connected to it when `CREATE DATABASE ... TEMPLATE`
 * copies it (which PostgreSQL refuses). `tidy` (once per run: server/test/global-setup.ts) also
 * marks it used now and drops stale templates and test databases left by killed runs.
 */
export async function preparePostgresTemplate(options: { tidy?: boolean } = {}): Promise<string> {
  const name = await postgresTemplateName();
  return withAdmin(async (admin) => {
    const exists = async () => ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
    if (!options.tidy && (await exists())) return name;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      if (!(await exists())) {
        const partial = `${name}_partial`;
        await admin.query(`drop database if exists ${partial} with (force)`);
        await admin.query(`create database ${partial}`);
        const database = await openDatabase({ url: postgresUrl(partial), poolSize: 2 });
        try {
          await prepareTemplate(database);
        } finally {
          await database.close();
        }
        // Closed connections end on the server a moment later; a rename does not wait for them.
        for (let wait = 0; wait < 100; wait++) {
          const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [partial]);
          if (rows[0]!.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await admin.query(`alter database ${partial} rename to ${name}`);
        await admin.query(`alter database ${name} with is_template true allow_connections false`);
      }
      await admin.query(`comment on database ${name} is ${admin.escapeLiteral(`Lisan test template, used ${new Date().toISOString()}`)}`);
      if (options.tidy) await dropStaleDatabases(admin, name);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
    return name;
  });
}

/** Under the template lock: other templates unused for STALE_MS, and test databases older than that nobody is connected to. */
async function dropStaleDatabases(admin: pg.Client, keep: string) {
  const { rows } = await admin.query<{ datname: string; note: string | null }>(
    "select datname, shobj_description(oid, 'pg_database') as note from pg_database where datname like 'lisan\\_t%' and datname <> $1",
    [keep],
  );
  const staleBefore = Date.now() - STALE_MS;
  for (const { datname, note } of rows) {
    try {
      if (datname.startsWith(TEMPLATE_PREFIX)) {
        const used = Date.parse(/used (\S+)$/.exec(note ?? '')?.[1] ?? '');
        // A partial template is one whose build was killed (builds hold the lock we hold).
        if (!datname.endsWith('_partial') && used > staleBefore) continue;
        await admin.query(`alter database ${datname} with is_template false`);
        await admin.query(`drop database ${datname}`);
      } else {
        const created = TEST_NAME.exec(datname)?.[1];
        if (!created || parseInt(created, 36) > staleBefore) continue;
        // Not forced: a database someone is still connected to is still in use.
        await admin.query(`drop database ${datname}`);
      }
    } catch {
      // In use, or dropped meanwhile by another run: left for a later run.
    }
  }
}

let postgresTemplate: Promise<string> | null = null;

export interface TestDatabase {
  database: Database;
  /** postgres:// URL of this database (PostgreSQL only), for a second process or pool. */
  url?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (!testDatabaseUrl) {
    const pglite = migrated ? await PGlite.create({ loadDataDir: await pgliteTemplateDump() }) : await PGlite.create();
    const database = await openDatabase({ pglite });
    return { database, drop: () => database.close() };
  }
  const name = `lisan_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(async (admin) => {
    if (!migrated) return void (await admin.query(`create database ${name}`));
    for (let attempt = 1; ; attempt++) {
      postgresTemplate ??= preparePostgresTemplate();
      const template = await postgresTemplate.catch((error: unknown) => {
        postgresTemplate = null;
        throw error;
      });
      try {
        return void (await admin.query(`create database ${name} template ${template}`));
      } catch (error) {
        // Dropped as stale by a run of other migrations (another branch): built again.
        if ((error as { code?: string }).code !== '3D000' || attempt > 1) throw error;
        postgresTemplate = null;
      }
    }
  });
  const url = postgresUrl(name);
  const database = await openDatabase({ url, poolSize: 5 });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * A database that processes open one after the other (a worker that is killed, then its
 * successor): the PGlite directory `pgliteDir`, or a fresh PostgreSQL database with
 * TEST_DATABASE_URL. Not migrated. `target` is what `openSharedTestDatabase` and child
 * processes take.
 */
export async function createSharedTestDatabase(pgliteDir: string): Promise<{ target: string; drop(): Promise<void> }> {
  if (!testDatabaseUrl) return { target: pgliteDir, drop: async () => {} };
  const test = await createTestDatabase({ migrated: false });
  await test.database.close();
  return { target: test.url!, drop: () => test.drop() };
}

export const openSharedTestDatabase = (target: string) => openDatabase(target.startsWith('postgres') ? { url: target } : { pgliteDir: target });

/**
 * The deadlocks PostgreSQL has found in this database so far (pg_stat_database; none on
 * PGlite, whose one connection cannot deadlock). A group commit that deadlocks is retried
 * item by item, so its results alone do not tell: tests of lock order compare this before
 * and after. `settle` first waits for the backends to report (they do within a second).
 */
export async function deadlocksFound(database: Database, options: { settle?: boolean } = {}): Promise<number> {
  if (database.kind !== 'postgres') return 0;
  if (options.settle) await new Promise((resolve) => setTimeout(resolve, 1500));
  const { rows } = await database.executeSql('select deadlocks from pg_stat_database where datname = current_database()');
  return Number(rows[0]?.deadlocks ?? 0);
}
