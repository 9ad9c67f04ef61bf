import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

export type WriteKind = 'insert' | 'update' | 'delete';
export type WriteListener = (table: string, kind: WriteKind) => void;

interface AnyNode {
  kind: string;
  [key: string]: unknown;
}

function tableName(node: unknown): string | undefined {
  const n = node as AnyNode | undefined;
  if (!n) return undefined;
  if (n.kind === 'AliasNode') return tableName(n.node);
  if (n.kind === 'TableNode') return ((n.table as AnyNode).identifier as { name: string }).name;
  return undefined;
}

/** The tables a statement writes: its own target and those of data-modifying WITH clauses. */
export function writtenTables(node: OperationNode): Array<[string, WriteKind]> {
  const n = node as unknown as AnyNode;
  const found: Array<[string, WriteKind]> = [];
  const ctes = (n.with as { expressions?: Array<{ expression: OperationNode }> } | undefined)?.expressions ?? [];
  for (const cte of ctes) found.push(...writtenTables(cte.expression));
  if (n.kind === 'InsertQueryNode') {
    const table = tableName(n.into);
    if (table) found.push([table, 'insert']);
  } else if (n.kind === 'UpdateQueryNode') {
    const table = tableName(n.table);
    if (table) found.push([table, 'update']);
  } else if (n.kind === 'DeleteQueryNode') {
    for (const from of ((n.from as { froms?: unknown[] } | undefined)?.froms ?? [])) {
      const table = tableName(from);
      if (table) found.push([table, 'delete']);
    }
  }
  return found;
}

/**
 * A Kysely plugin that tells listeners which tables a statement writes, before it runs and
 * again after it ran (so a read that slipped in between cannot leave a stale copy behind).
 * In-process caches of rows (the signed-in actor) use it to drop what a write changed,
 * whichever module made the write. Raw `sql` statements are not seen.
 */
export class WriteWatchPlugin implements KyselyPlugin {
  private readonly listeners = new Set<WriteListener>();
  private readonly pending = new WeakMap<object, Array<[string, WriteKind]>>();

  listen(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.size && (args.node.kind !== 'SelectQueryNode' || args.node.with)) {
      const tables = writtenTables(args.node);
      if (tables.length) {
        this.pending.set(args.queryId, tables);
        this.emit(tables);
      }
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.pending.get(args.queryId);
    if (tables) this.emit(tables);
    return args.result;
  }

  private emit(tables: Array<[string, WriteKind]>) {
    for (const [table, kind] of tables) for (const listener of this.listeners) listener(table, kind);
  }
}
