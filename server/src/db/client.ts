import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { Mutex } from './mutex';
import { PgliteDialect, runOnPglite } from './pglite-dialect';
import { WriteWatchPlugin, type WriteListener } from './write-watch';
import type { DB } from './schema';

// bigint (int8) and numeric come back as numbers, as they do on PGlite for int8.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type DatabaseKind = 'pglite' | 'postgres';

/** Runs raw SQL for libraries (pg-boss) and for migration scripts. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface Database extends SqlExecutor {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** Runs fn while holding a session-level advisory lock on one connection. */
  withAdvisoryLock<T>(key: number, fn: (run: SqlExecutor) => Promise<T>): Promise<T>;
  /** Cross-process notifications (LISTEN/NOTIFY) on both engines. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Called with each table a Kysely statement writes (see write-watch.ts); returns an unsubscribe function. */
  onWrite(listener: WriteListener): () => void;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… ; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  pgliteDir?: string;
  /** An already created PGlite (tests clone a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
  logger?: Logger;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  let pglite = options.pglite;
  if (!pglite) {
    if (options.pgliteDir) await fs.mkdir(path.dirname(options.pgliteDir), { recursive: true });
    pglite = await PGlite.create(options.pgliteDir ? { dataDir: options.pgliteDir } : {});
  }
  const instance = pglite;
  const mutex = new Mutex();
  const writes = new WriteWatchPlugin();
  const db = new Kysely<DB>({ dialect: new PgliteDialect(instance, mutex), plugins: [writes] });
  const executor: SqlExecutor = { executeSql: (text, values) => mutex.run(() => runOnPglite(instance, text, values)) };
  return {
    kind: 'pglite',
    db,
    onWrite: (listener) => writes.listen(listener),
    executeSql: executor.executeSql,
    // The lock holder keeps the one connection for the whole of fn (no other statement
    // can interleave with its transactions); the advisory lock is still taken so the
    // behaviour matches PostgreSQL.
    async withAdvisoryLock(key, fn) {
      return mutex.run(async () => {
        const direct: SqlExecutor = { executeSql: (text, values) => runOnPglite(instance, text, values) };
        await direct.executeSql('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(direct);
        } finally {
          await direct.executeSql('select pg_advisory_unlock($1)', [key]);
        }
      });
    },
    async listen(channel, onMessage) {
      const unsubscribe = await instance.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await executor.executeSql('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await db.destroy();
      if (!instance.closed) await instance.close();
    },
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  pool.on('error', (error) => options.logger?.error({ err: error }, 'idle database client failed'));
  const writes = new WriteWatchPlugin();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
  const listeners: pg.Client[] = [];
  const executeSql = async (text: string, values?: unknown[]) => lastResult(await pool.query(text, values as unknown[]));
  return {
    kind: 'postgres',
    db,
    onWrite: (listener) => writes.listen(listener),
    executeSql,
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn({ executeSql: async (text, values) => lastResult(await client.query(text, values as unknown[])) });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async listen(channel, onMessage) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', (error) => options.logger?.error({ err: error, channel }, 'listener connection failed'));
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end().catch(() => {});
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await Promise.all(listeners.splice(0).map((client) => client.end().catch(() => {})));
      await db.destroy();
    },
  };
}

/** A multi-statement script answers with one result per statement; callers want the last. */
function lastResult(result: pg.QueryResult | pg.QueryResult[]): pg.QueryResult {
  return Array.isArray(result) ? (result[result.length - 1] ?? ({ rows: [] } as unknown as pg.QueryResult)) : result;
}
