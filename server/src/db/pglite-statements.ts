import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { PgliteEngine } from './pglite-thread';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
type RowDescription = Extract<BackendMessage, { name: 'rowDescription' }>;

interface Prepared {
  name: string;
  /** The parameters' types, in order (how each value is written). */
  paramTypes: number[];
  /** The rows' description, or none for a statement without rows. */
  rows: RowDescription | null;
}

/**
 * `on conflict (...) where ...`: which unique index answers the conflict is decided when the
 * statement is planned, from the WHERE's values. After five runs PostgreSQL may plan a prepared
 * statement once for any values (a generic plan), which cannot tell that `kind = $3` is
 * `kind = 'renewal'` and so finds no partial unique index: such texts are never prepared, and
 * every run is planned for its values, as on PostgreSQL through its driver.
 */
const PLANNED_FOR_VALUES = /\bon\s+conflict\s*\([^)]*\)\s*where\b/i;

/** PostgreSQL's codes for a prepared statement that no longer fits: a changed table, or one that is gone. */
const STALE_STATEMENT = new Set(['0A000', '26000']);

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/**
 * Statements with parameters on PGlite, prepared once per SQL text (issue 19 item 8).
 * PGlite's own `query` parses, describes and plans the text again every time, in six calls
 * into the WebAssembly: a lookup by key cost ~260 µs, of which ~50 µs was the statement
 * itself. Here a text's first run parses it as a named statement and describes it (one call);
 * every run then binds and executes it (one call). Values are written as `query` writes them
 * (by the parameter's type) and rows read as it reads them, so callers see the same results
 * and errors.
 *
 * Plans are PostgreSQL's own choice for prepared statements (plan_cache_mode auto): planned
 * for their values for five runs, then once for any values where that costs no more. The
 * session used to force a plan per run, which also re-planned the statements PostgreSQL keeps
 * prepared itself (a foreign key's check on every inserted row, PL/pgSQL's statements), and
 * each of those plans asked the file system for table sizes: 5-8 % of the database thread's
 * time under load.
 *
 * The most recently used `limit` texts stay prepared; an older one is closed with the next
 * call. A statement a migration made stale (its table changed) is prepared again, once.
 * Calls take PGlite's own query lock, so they interleave safely with its `exec` and `listen`.
 */
export class PreparedStatements {
  private readonly prepared = new Map<string, Prepared>();
  private readonly toClose: string[] = [];
  private next = 1;

  private constructor(
    private readonly pglite: PGlite,
    private readonly limit: number,
  ) {}

  /** Statements of `pglite` prepared from now on. */
  static async create(pglite: PGlite, limit = 200) {
    return new PreparedStatements(pglite, limit);
  }

  /** The number of texts prepared now. */
  get size() {
    return this.prepared.size;
  }

  async query(text: string, values: readonly unknown[] = []): Promise<{ rows: Record<string, unknown>[]; affectedRows: number }> {
    await this.pglite._checkReady();
    return this.pglite._runExclusiveTransaction(() =>
      this.pglite._runExclusiveQuery(async () => {
        try {
          return await this.run(text, values);
        } catch (error) {
          if (!STALE_STATEMENT.has((error as { code?: string }).code ?? '') || !this.prepared.has(text)) throw error;
          this.forget(text);
          return this.run(text, values);
        }
      }),
    );
  }

  private async run(text: string, values: readonly unknown[]) {
    if (PLANNED_FOR_VALUES.test(text)) return this.runUnnamed(text, values);
    const statement = this.prepared.get(text) ?? (await this.prepare(text));
    // Most recently used last: the first entry is the one to close when over the limit.
    this.prepared.delete(text);
    this.prepared.set(text, statement);
    const bind = protocol.serialize.bind({ statement: statement.name, values: values.map((value, index) => this.write(value, statement.paramTypes[index]!)) });
    const { messages } = await this.send([bind, protocol.serialize.execute({}), protocol.serialize.sync()]);
    const [result] = parse.parseResults(statement.rows ? [statement.rows, ...messages] : messages, this.pglite.parsers);
    return { rows: result!.rows as Record<string, unknown>[], affectedRows: result!.affectedRows ?? 0 };
  }

  /** Parsed, planned and run in one call as the unnamed statement (PostgreSQL's driver runs every statement so). */
  private async runUnnamed(text: string, values: readonly unknown[]) {
    const { messages: described } = await this.send([protocol.serialize.parse({ name: '', text }), protocol.serialize.describe({ type: 'S', name: '' }), protocol.serialize.sync()]);
    const params = described.find((message) => message.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const rows = (described.find((message) => message.name === 'rowDescription') as RowDescription | undefined) ?? null;
    const types = params?.dataTypeIDs ?? [];
    const bind = protocol.serialize.bind({ statement: '', values: values.map((value, index) => this.write(value, types[index]!)) });
    const { messages } = await this.send([bind, protocol.serialize.execute({}), protocol.serialize.sync()]);
    const [result] = parse.parseResults(rows ? [rows, ...messages] : messages, this.pglite.parsers);
    return { rows: result!.rows as Record<string, unknown>[], affectedRows: result!.affectedRows ?? 0 };
  }

  private async prepare(text: string): Promise<Prepared> {
    const name = `lisan_${this.next++}`;
    const { messages } = await this.send([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]);
    const params = messages.find((message) => message.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const rows = (messages.find((message) => message.name === 'rowDescription') as RowDescription | undefined) ?? null;
    const statement = { name, paramTypes: params?.dataTypeIDs ?? [], rows };
    this.prepared.set(text, statement);
    while (this.prepared.size > this.limit) this.forget(this.prepared.keys().next().value!);
    return statement;
  }

  private forget(text: string) {
    const statement = this.prepared.get(text);
    if (!statement) return;
    this.prepared.delete(text);
    this.toClose.push(statement.name);
  }

  /** One call into PGlite: the messages, after closing the statements that left the cache. */
  private send(messages: Uint8Array[]) {
    const closes = this.toClose.splice(0).map((name) => protocol.serialize.close({ type: 'S', name }));
    return this.pglite.execProtocol(concat([...closes, ...messages]));
  }

  /** A value as PGlite's `query` writes it: by the parameter's type, else as text. */
  private write(value: unknown, type: number): string | null {
    if (value === null || value === undefined) return null;
    const serialize = this.pglite.serializers[type];
    return serialize ? serialize(value) : String(value);
  }
}

/** PGlite in this thread as the dialect uses it, with its statements prepared (the thread's worker does the same). */
export async function withPreparedStatements(pglite: PGlite): Promise<PgliteEngine> {
  const statements = await PreparedStatements.create(pglite);
  return {
    query: (text, values) => statements.query(text, values),
    exec: (text) => pglite.exec(text),
    listen: (channel, onMessage) => pglite.listen(channel, onMessage),
    close: () => pglite.close(),
    get closed() {
      return pglite.closed;
    },
  };
}
