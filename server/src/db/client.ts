import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { Mutex } from './mutex';
import { PgliteDialect, runOnPglite } from './pglite-dialect';
import { PgliteThread, type PgliteEngine } from './pglite-thread';
import { withPreparedStatements } from './pglite-statements';
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
  /**
   * Cross-process notifications (LISTEN/NOTIFY) on both engines. On PostgreSQL a lost listening
   * connection is opened again, and `onReconnect` called: notifications sent meanwhile were missed.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
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
  /** An already created PGlite, run in this thread (tests clone a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
  logger?: Logger;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  // Otherwise PGlite runs in a thread of its own (pglite-thread.ts).
  let instance: PgliteEngine | undefined = options.pglite && (await withPreparedStatements(options.pglite));
  if (!instance) {
    if (options.pgliteDir) await fs.mkdir(path.dirname(options.pgliteDir), { recursive: true });
    instance = await PgliteThread.start(options.pgliteDir ?? null, (error) =>
      options.logger?.fatal({ err: error }, 'the database thread ended: every statement fails until the process is restarted'),
    );
  }
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
      return async () => {
        await unsubscribe();
      };
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
  const poolSize = options.poolSize ?? 10;
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', (error) => options.logger?.error({ err: error }, 'idle database client failed'));
  // When the server ends one connection (a restart, a fail-over, pg_terminate_backend) it has
  // usually ended them all. `losses` counts the losses seen; a pooled connection last used
  // before the latest one is replaced by a new one when it is next taken out, rather than
  // failing the request that takes it. The request whose statement was cut off gets the error
  // (the API answers 503); the next ones find a working connection.
  let losses = 0;
  const usedAt = new WeakMap<pg.PoolClient, number>();
  pool.on('connect', (client) => {
    usedAt.set(client, losses);
    // The pool listens for errors of idle clients only: a checked-out client (Kysely holds one
    // per query and transaction) emitting 'error' with no listener would end the process.
    client.on('error', (error) => {
      losses += 1;
      options.logger?.warn({ err: error }, 'database connection lost');
    });
  });
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => usedAt.set(client, losses));
  /**
   * A connection from the pool, for one statement or a transaction. A statement that fails
   * because the connection is gone marks it: it goes back to the pool to be closed, not reused.
   */
  async function checkout() {
    let client!: pg.PoolClient;
    for (let attempt = 0; ; attempt++) {
      client = await pool.connect();
      if ((usedAt.get(client) ?? losses) >= losses || attempt >= poolSize) break;
      client.release(new Error('pooled before a lost connection: replaced'));
    }
    let lost: Error | undefined;
    const failed = (error: unknown) => {
      if (!isDatabaseUnavailable(error)) return;
      losses += 1;
      lost = error as Error;
    };
    return {
      client,
      async query(text: string, values?: unknown[]) {
        try {
          return await client.query(text, values as unknown[]);
        } catch (error) {
          failed(error);
          throw error;
        }
      },
      failed,
      release: () => client.release(lost),
    };
  }
  // Kysely's pool: the same checkouts (Kysely calls query with a cursor for streams).
  const kyselyPool = {
    async connect() {
      const connection = await checkout();
      return {
        query: ((textOrCursor: string, values?: unknown[]) => {
          const result = connection.client.query(textOrCursor, values as unknown[]);
          if (!(result instanceof Promise)) return result; // a cursor
          return result.catch((error: unknown) => {
            connection.failed(error);
            throw error;
          });
        }) as pg.PoolClient['query'],
        release: connection.release,
      };
    },
    end: () => pool.end(),
  };
  const writes = new WriteWatchPlugin();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: kyselyPool }), plugins: [writes] });
  const unlistens: Array<() => Promise<void>> = [];
  const executeSql = async (text: string, values?: unknown[]) => {
    const connection = await checkout();
    try {
      return lastResult(await connection.query(text, values));
    } finally {
      connection.release();
    }
  };
  return {
    kind: 'postgres',
    db,
    onWrite: (listener) => writes.listen(listener),
    executeSql,
    async withAdvisoryLock(key, fn) {
      const connection = await checkout();
      try {
        await connection.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn({ executeSql: async (text, values) => lastResult(await connection.query(text, values)) });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        connection.release();
      }
    },
    /**
     * LISTEN on a connection of its own. When that connection is lost it is opened again (after
     * 0.5 s, doubling up to 30 s while the server is away) and `onReconnect` is called: what was
     * notified meanwhile was missed.
     */
    async listen(channel, onMessage, onReconnect) {
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | null = null;
      let delayMs = 500;
      const open = async () => {
        const next = new pg.Client({ connectionString: url });
        next.on('error', (error) => options.logger?.warn({ err: error, channel }, 'listener connection lost'));
        next.on('end', () => {
          if (client !== next) return;
          client = null;
          reopenLater();
        });
        try {
          await next.connect();
          next.on('notification', (message) => {
            if (message.channel === channel) onMessage(message.payload ?? '');
          });
          await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await next.end().catch(() => {});
          throw error;
        }
        if (stopped) return void (await next.end().catch(() => {}));
        client = next;
      };
      const reopenLater = () => {
        if (stopped || retry) return;
        retry = setTimeout(() => {
          retry = null;
          open().then(
            () => {
              delayMs = 500;
              options.logger?.info({ channel }, 'listener connection opened again');
              onReconnect?.();
            },
            (error: unknown) => {
              options.logger?.warn({ err: error, channel, retryInMs: delayMs }, 'listener connection could not be opened again');
              delayMs = Math.min(delayMs * 2, 30_000);
              reopenLater();
            },
          );
        }, delayMs);
        retry.unref();
      };
      await open();
      const unlisten = async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        unlistens.splice(unlistens.indexOf(unlisten), 1);
        const current = client;
        client = null;
        await current?.end().catch(() => {});
      };
      unlistens.push(unlisten);
      return unlisten;
    },
    async notify(channel, payload) {
      await executeSql('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await Promise.all([...unlistens].map((unlisten) => unlisten()));
      await db.destroy();
    },
  };
}

/** A multi-statement script answers with one result per statement; callers want the last. */
function lastResult(result: pg.QueryResult | pg.QueryResult[]): pg.QueryResult {
  return Array.isArray(result) ? (result[result.length - 1] ?? ({ rows: [] } as unknown as pg.QueryResult)) : result;
}

/** SQLSTATEs of a connection the server ended or refused (class 08, admin/crash shutdown, too many connections). */
const CONNECTION_LOST_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres throws when the socket under a query or a checkout goes away. */
const CONNECTION_LOST_MESSAGES = [/^Connection terminated/, /is not queryable/, /^timeout exceeded when trying to connect/];

/**
 * Whether an error means the database could not be reached (a restart, a fail-over, a
 * terminated backend) rather than that the statement was wrong: the request may simply be
 * tried again. The pool replaces the broken connection; nothing else needs to happen.
 */
/** PostgreSQL's unique_violation, raised alike by PGlite and node-postgres. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * Two requests changed the same rows at once and the database refused the later one: a
 * duplicate key (unique_violation) or a row the other request removed (foreign_key_violation).
 */
export function isConcurrentChange(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === '23503';
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message, syscall } = current as { code?: unknown; message?: unknown; syscall?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_LOST_STATES.has(code))) return true;
    if (syscall === 'connect' && typeof code === 'string' && ['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code)) return true;
    if (typeof message === 'string' && CONNECTION_LOST_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}
