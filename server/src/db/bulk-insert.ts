import type { Insertable } from 'kysely';
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

/** A constant name (a table or column of the schema) as an SQL identifier. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

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
 * The SQL of a multi-row insert of the named columns, in the rows' order, its values appended
 * to `params` (its placeholders number on from those already there): from JSON_FROM_ROWS rows
 * `insert into <table> (<columns>) select <columns> from json_populate_recordset(null::<table>,
 * $n::json) with ordinality as r order by ordinality` (each value typed as the table's column;
 * no rows at all is an empty array, which inserts nothing), else `insert into <table>
 * (<columns>) values ($1, $2), ($3, $4)`. Every row gives every named column (FullRow); the
 * table's other columns take their defaults, and other keys of a row are not written, either
 * way. The caller adds what follows (`returning`, `on conflict`), or makes it a data-modifying
 * CTE of a larger statement, and runs it with `CompiledQuery.raw(text, params)`.
 *
 * Written directly, not with Kysely's builder, which makes a node for every value of every
 * row: building the save of 8 translations with their sentences took 41-46 µs that way and
 * 12-13 µs this way (3 translations: 20-26 and 6-7 µs), on the API thread, per group commit.
 */
export function insertSql<T extends keyof DB & string, C extends keyof Insertable<DB[T]> & string>(
  table: T,
  columns: readonly C[],
  rows: ReadonlyArray<FullRow<DB[T], C>>,
  params: unknown[],
): string {
  const names = columns.map(quoted).join(', ');
  const head = `insert into ${quoted(table)} (${names})`;
  if (rows.length >= JSON_FROM_ROWS || rows.length === 0) {
    // Keys a row has beyond the columns are not read: the select names the columns.
    params.push(jsonRows(rows));
    return `${head} select ${names} from json_populate_recordset(null::${quoted(table)}, $${params.length}::json) with ordinality as "r" order by "ordinality"`;
  }
  const tuples: string[] = [];
  for (const row of rows) {
    const placeholders: string[] = [];
    for (const column of columns) {
      params.push((row as Record<string, unknown>)[column]);
      placeholders.push(`$${params.length}`);
    }
    tuples.push(`(${placeholders.join(', ')})`);
  }
  return `${head} values ${tuples.join(', ')}`;
}
