/** One Markdown table from rows of named cells (the columns in order of first appearance); the benchmarks and `npm run eval` print with it. */
export function markdownTable(rows: ReadonlyArray<Record<string, string>>): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(columns), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map((row) => line(columns.map((column) => row[column] ?? '')))].join('\n');
}

/** Prints rows as a Markdown table under a title (the bench's tables). */
export function printTable(title: string, rows: Array<Record<string, string>>) {
  if (!rows.length) return;
  console.log(`\n${title}\n`);
  console.log(markdownTable(rows));
}
