import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { Mutex } from './mutex';
import { PgliteThread, type PgliteEngine } from './pglite-thread';

/**
 * Runs one statement, or a parameterless multi-statement script, on PGlite.
 * PGlite's `query` uses the extended protocol (one statement); scripts go through `exec`.
 * This is also the executor pg-boss uses on PGlite.
 */
export async function runOnPglite(pglite: PgliteEngine, text: string, values?: readonly unknown[]) {
  try {
    if (values && values.length > 0) {
      const result = await pglite.query(text, values as unknown[]);
      return { rows: result.rows as Record<string, unknown>[], affectedRows: result.affectedRows };
    }
    const results = await pglite.exec(text);
    const last = results[results.length - 1];
    return { rows: (last?.rows ?? []) as Record<string, unknown>[], affectedRows: last?.affectedRows };
  } finally {
    // PGlite in this thread settles through promises alone, so a loop of statements (a
    // document's batches, a crawl) would be one unbroken chain of microtasks that never lets
    // the event loop read a socket: the API stalled for seconds behind a big document. After
    // each statement the loop gets a turn (issue 17 item 2). The PGlite thread's answers are
    // messages, which already give the loop its turn.
    if (!(pglite instanceof PgliteThread)) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PgliteEngine) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await runOnPglite(this.pglite, compiledQuery.sql, compiledQuery.parameters);
    const kind = compiledQuery.query.kind;
    const numAffectedRows =
      kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode' || kind === 'MergeQueryNode'
        ? BigInt(result.affectedRows ?? 0)
        : undefined;
    return { rows: result.rows as R[], numAffectedRows };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

/**
 * The single PGlite connection is handed out under a mutex, so a Kysely transaction
 * holds it exclusively and no other request's statement can slip into it.
 */
class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  private release: (() => void) | null = null;

  constructor(
    private readonly pglite: PgliteEngine,
    private readonly mutex: Mutex,
  ) {
    this.connection = new PgliteConnection(pglite);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.mutex.acquire();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection() {
    const release = this.release;
    this.release = null;
    release?.();
  }

  async destroy() {
    // The owner of the PGlite instance closes it.
  }
}

export class PgliteDialect implements Dialect {
  constructor(
    private readonly pglite: PgliteEngine,
    private readonly mutex: Mutex,
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteDriver(this.pglite, this.mutex);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
