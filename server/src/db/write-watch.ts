import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

export type WriteKind = 'insert' | 'update' | 'delete';
/** `where` is the statement's WHERE clause (updates and deletes), for listeners that read keys from it (keysOf). */
export type WriteListener = (table: string, kind: WriteKind, where?: OperationNode) => void;

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

type Written = [string, WriteKind, OperationNode?];

/**
 * The values a WHERE clause pins `column` to (`column = v`, `column in (...)`, in a chain of
 * ANDs), or null when the statement may touch rows with any value (no such condition, an OR,
 * a sub-query...): then a listener must assume every row.
 */
export function keysOf(where: OperationNode | undefined, column: string): Array<string | number> | null {
  const visit = (node: AnyNode | undefined): Array<string | number> | null => {
    if (!node) return null;
    if (node.kind === 'WhereNode') return visit(node.where as AnyNode);
    if (node.kind === 'AndNode') return visit(node.left as AnyNode) ?? visit(node.right as AnyNode);
    if (node.kind !== 'BinaryOperationNode') return null;
    const left = node.leftOperand as AnyNode;
    const name = left.kind === 'ReferenceNode' ? (((left.column as AnyNode).column as AnyNode)?.name as string | undefined) : undefined;
    const operator = (node.operator as AnyNode).operator;
    if (name !== column) return null;
    const right = node.rightOperand as AnyNode;
    const plain = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : undefined);
    if (operator === '=' && right.kind === 'ValueNode') {
      const value = plain(right.value);
      return value === undefined ? null : [value];
    }
    if (operator === 'in' && right.kind === 'PrimitiveValueListNode') {
      const values = (right.values as unknown[]).map(plain);
      return values.every((v) => v !== undefined) ? (values as Array<string | number>) : null;
    }
    if (operator === 'in' && right.kind === 'ValueListNode') {
      const values = (right.values as AnyNode[]).map((v) => (v.kind === 'ValueNode' ? plain(v.value) : undefined));
      return values.every((v) => v !== undefined) ? (values as Array<string | number>) : null;
    }
    return null;
  };
  return visit(where as unknown as AnyNode);
}

/** The columns a WHERE clause compares, when it is a plain chain of ANDed comparisons; else null. */
export function whereColumns(where: OperationNode | undefined): string[] | null {
  const visit = (node: AnyNode | undefined): string[] | null => {
    if (!node) return null;
    if (node.kind === 'WhereNode') return visit(node.where as AnyNode);
    if (node.kind === 'AndNode') {
      const left = visit(node.left as AnyNode);
      const right = visit(node.right as AnyNode);
      return left && right ? [...left, ...right] : null;
    }
    if (node.kind !== 'BinaryOperationNode') return null;
    const left = node.leftOperand as AnyNode;
    const name = left.kind === 'ReferenceNode' ? (((left.column as AnyNode).column as AnyNode)?.name as string | undefined) : undefined;
    return name ? [name] : null;
  };
  return visit(where as unknown as AnyNode);
}

/** The tables a statement writes: its own target and those of data-modifying WITH clauses. */
export function writtenTables(node: OperationNode): Written[] {
  const n = node as unknown as AnyNode;
  const found: Written[] = [];
  const ctes = (n.with as { expressions?: Array<{ expression: OperationNode }> } | undefined)?.expressions ?? [];
  for (const cte of ctes) found.push(...writtenTables(cte.expression));
  if (n.kind === 'InsertQueryNode') {
    const table = tableName(n.into);
    if (table) found.push([table, 'insert']);
  } else if (n.kind === 'UpdateQueryNode') {
    const table = tableName(n.table);
    if (table) found.push([table, 'update', n.where as OperationNode | undefined]);
  } else if (n.kind === 'DeleteQueryNode') {
    for (const from of ((n.from as { froms?: unknown[] } | undefined)?.froms ?? [])) {
      const table = tableName(from);
      if (table) found.push([table, 'delete', n.where as OperationNode | undefined]);
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
  private readonly pending = new WeakMap<object, Written[]>();

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

  private emit(tables: Written[]) {
    for (const [table, kind, where] of tables) for (const listener of this.listeners) listener(table, kind, where);
  }
}
