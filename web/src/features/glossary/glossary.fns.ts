import type { ImportAnswer } from '../../../../contract/glossary';

/**
 * Whether an import took none of its file's lines: every line was skipped. Then the file's
 * columns are most likely not a glossary's (a contacts list, one column only), and the screen
 * says which columns it expects rather than leaving the reader with a line-by-line list.
 */
export function importTookNothing(answer: ImportAnswer): boolean {
  const { added, updated, unchanged, skipped } = answer.data;
  return added + updated + unchanged === 0 && skipped.length > 0;
}
