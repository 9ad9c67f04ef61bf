// On a phone a data table is a stack of cards (.table-cards in styles.css) whose header row is hidden, so every cell
// must name its column with data-label, and a value's direction must sit inside the cell (on the cell it would move
// the label to the other side in Arabic). This reads the source of every screen whose table becomes cards.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.tsx') ? [file] : [];
  });
}

/** The screens with a table of cards: an AdminTable, or a table written out in a `.table-cards` box. */
const cardScreens = sourceFiles(webRoot)
  .map((file) => ({ name: path.relative(webRoot, file), source: readFileSync(file, 'utf8') }))
  .filter(({ source }) => source.includes('<td') && (source.includes('<AdminTable') || source.includes('table-cards')));

/**
 * Cells that name no column by design: a message across the whole row (colSpan), a website page's selection box,
 * which sits in its card's corner, and a row's actions (buttons and links name themselves; a label beside them
 * repeated their words: "Download PDF" beside a "Download PDF" button). `cell` is the opening tag and its content.
 */
const unlabelled = (cell: string) => /^<td\b[^>]*\bcolSpan=/.test(cell) || cell.includes('pages-table__check') || /<(button|a|Link)\b/.test(cell);

describe('tables that become cards on a phone', () => {
  it('are found', () => {
    expect(cardScreens.map(({ name }) => name)).toEqual(expect.arrayContaining(['features/admin/admin-users-page.tsx', 'features/content/admin-content-page.tsx', 'features/glossary/glossary-page.tsx']));
  });

  it.each(cardScreens.map(({ name, source }) => [name, source] as const))('%s: every cell names its column and leaves the direction to its content', (_name, source) => {
    const cells = [...source.matchAll(/(<td\b[^>]*>)([\s\S]*?)<\/td>/g)].map(([whole, tag]) => ({ whole, tag: tag! }));
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.filter(({ whole, tag }) => !unlabelled(whole) && !/\bdata-label=/.test(tag)).map(({ tag }) => tag)).toEqual([]);
    expect(cells.filter(({ tag }) => /\s(dir|lang)=/.test(tag)).map(({ tag }) => tag)).toEqual([]);
  });
});
