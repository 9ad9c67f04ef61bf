import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { JobQueue } from '../src/jobs/queue';
import pino from 'pino';

/**
 * Test databases. Without TEST_DATABASE_URL: an in-memory PGlite cloned from a migrated
 * template (one per test worker, so each test file pays for migrations once).
 * With TEST_DATABASE_URL: a fresh PostgreSQL database per call, dropped afterwards.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testEngine = testDatabaseUrl ? 'postgres' : 'pglite';

let template: Promise<PGlite> | null = null;

async function migratedTemplate() {
  template ??= (async () => {
    const pglite = await PGlite.create();
    const database = await openDatabase({ pglite });
    await migrate(database);
    // pg-boss creates its own schema on first start: do it once here, so clones have it.
    const queue = new JobQueue({ executor: database, logger: pino({ level: 'silent' }), runsWorkers: false });
    await queue.start();
    await queue.stop({ graceful: false });
    return pglite;
  })();
  return template;
}

export interface TestDatabase {
  database: Database;
  /** postgres:// URL of this database (PostgreSQL only), for a second process or pool. */
  url?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (!testDatabaseUrl) {
    const pglite = migrated ? ((await (await migratedTemplate()).clone()) as PGlite) : await PGlite.create();
    const database = await openDatabase({ pglite });
    return { database, drop: () => database.close() };
  }
  const name = `lisan_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  if (migrated) await migrate(database);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
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
