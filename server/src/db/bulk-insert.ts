import { sql, type AliasedRawBuilder, type Insertable, type InsertQueryBuilder, type InsertResult, type QueryCreator } from 'kysely';
import type { DB } from './schema';

/**
 * A row that gives a value to every one of the columns `C` of a table: none of them is left
 * to the column's default (through JSON a missing key would be null, not the default).
 */
export type FullRow<Table, C extends keyof Insertable<Table>> = Required<Pick<Insertable<Table>, C>>;

/** Lone UTF-16 surrogates, which JSON.stringify writes as `\udXXX` escapes. */
const ESCAPED_SURROGATE = /\\ud[89a-f]/i;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Rows as one JSON text. A lone surrogate in a string becomes U+FFFD, as it does when a string
 * is sent as a parameter of its own (the drivers encode it as UTF-8); PostgreSQL would refuse
 * its JSON escape. Dates become ISO strings, which timestamptz reads as the same instant.
 */
export function jsonRows(rows: readonly object[]): string {
  const text = JSON.stringify(rows);
  if (!ESCAPED_SURROGATE.test(text)) return text;
  return JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'string' ? value.replace(LONE_SURROGATE, '\ufffd') : value));
}

/**
 * `json_populate_recordset(null::<table>, $1::json) with ordinality as <alias>`: the rows, sent
 * as one JSON parameter, read back in their order (`<alias>.ordinality`, from 1) as rows of the
 * table's type (each column typed as the table's; a key the JSON lacks is null).
 */
export function jsonRecordset<T extends keyof DB & string, A extends string>(table: T, rows: readonly object[], alias: A): AliasedRawBuilder<DB[T] & { ordinality: number }, A> {
  return sql<DB[T] & { ordinality: number }>`json_populate_recordset(null::${sql.table(table)}, ${jsonRows(rows)}::json) with ordinality`.as(alias);
}

/** Whether `row`'s keys are `columns`, no more (then it goes to VALUES as it is, not copied). */
const hasExactly = (row: object, columns: readonly string[]) => Object.keys(row).length === columns.length && columns.every((column) => column in row);

/**
 * From this many rows an insert sends them as one JSON parameter; below, as a VALUES list.
 * A parameter per value is what costs in a big batch (PGlite serialises and parses each in
 * JavaScript; PostgreSQL sees a new SQL text for every batch size), but reading JSON through
 * a function scan costs more to set up than a few rows' parameters: one row took ~60 µs more
 * per table that way on PGlite and PostgreSQL alike, and the two broke even around 8 rows
 * (PGlite) to 12-25 (PostgreSQL) in save-bench (translations with their segments and history).
 */
export const JSON_FROM_ROWS = 10;

/**
 * A multi-row insert of the named columns, in the rows' order: from JSON_FROM_ROWS rows
 * `insert into <table> (<columns>) select <columns> from json_populate_recordset(...)` with
 * one parameter, else `insert into <table> (<columns>) values (...), (...)`. Every row gives
 * every named column (FullRow); the table's other columns take their defaults, and other keys
 * of a row are not written, either way. It can be a data-modifying CTE of another statement
 * (`query.with(name, (qb) => bulkInsert(qb, ...))`), or the statement after them
 * (`bulkInsert(query.with(...), ...)`), and takes `onConflict` and `returning` as any insert.
 */
export function bulkInsert<D extends DB, T extends keyof DB & string, C extends keyof Insertable<DB[T]> & string>(
  qb: QueryCreator<D>,
  table: T,
  columns: readonly C[],
  rows: ReadonlyArray<FullRow<DB[T], C>>,
): InsertQueryBuilder<D, T, InsertResult> {
  // The table is generic here, so Kysely cannot check the columns' types; FullRow checks the rows.
  const insert = (qb as unknown as QueryCreator<Record<string, Record<string, unknown>>>).insertInto(table);
  const query =
    rows.length >= JSON_FROM_ROWS
      ? insert.columns([...columns]).expression((eb) =>
          eb
            .selectFrom(jsonRecordset(table, rows, 'r') as unknown as AliasedRawBuilder<Record<string, unknown>, 'r'>)
            .select([...columns])
            .orderBy('ordinality'),
        )
      : insert.values(rows.map((row) => (hasExactly(row, columns) ? row : Object.fromEntries(columns.map((column) => [column, (row as Record<string, unknown>)[column]])))));
  return query as unknown as InsertQueryBuilder<D, T, InsertResult>;
}
