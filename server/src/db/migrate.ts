import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Arbitrary constant shared by every Lisan process: "migrations running". */
const MIGRATION_LOCK_KEY = 72_410_001;

export interface MigrationFile {
  version: string;
  sql: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const names = (await fs.readdir(dir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  return Promise.all(names.map(async (name) => ({ version: name.replace(/\.sql$/, ''), sql: await fs.readFile(path.join(dir, name), 'utf8') })));
}

/**
 * Applies pending numbered SQL migrations, each in its own transaction, under a
 * session advisory lock so that processes starting together apply each file once.
 * Returns the versions this call applied.
 */
export async function migrate(database: Database, migrations?: MigrationFile[]): Promise<string[]> {
  const files = migrations ?? (await readMigrations());
  return database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (run) => {
    await run.executeSql(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const { rows } = await run.executeSql('select version from schema_migrations');
    const applied = new Set(rows.map((row: { version: string }) => row.version));
    const done: string[] = [];
    for (const file of files) {
      if (applied.has(file.version)) continue;
      await run.executeSql('begin');
      try {
        await run.executeSql(file.sql);
        await run.executeSql('insert into schema_migrations (version) values ($1)', [file.version]);
        await run.executeSql('commit');
      } catch (error) {
        await run.executeSql('rollback');
        throw new Error(`Migration ${file.version} failed: ${(error as Error).message}`, { cause: error });
      }
      done.push(file.version);
    }
    return done;
  });
}
