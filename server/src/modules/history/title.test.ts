import { describe, expect, it } from 'vitest';
import { historyTitle } from './service';

/** What the title is by definition: the whole text's white space collapsed, cut at `max` with an ellipsis. */
function reference(text: string, max = 120) {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

describe('historyTitle', () => {
  const word = (i: number) => ['alpha', 'كتاب', 'x', 'longer-word', '😀'][i % 5]!;
  const cases = [
    '',
    '   ',
    'Good morning.',
    'a'.repeat(120),
    'a'.repeat(121),
    // White space runs long enough to cross the part of the text read first.
    Array.from({ length: 200 }, (_, i) => `${word(i)}${' '.repeat(i % 7)}\n`).join(''),
    `${' '.repeat(1000)}Leading white space longer than the part read first, then the text.`,
    `Short start${' \n\t'.repeat(300)}and the rest after a long gap`,
    Array.from({ length: 120 }, (_, i) => `${word(i)}${i % 2 ? '    ' : ' '}`).join(''),
  ];

  it.each(cases.map((text) => [text.slice(0, 40), text] as const))('gives the same title as collapsing the whole text: %j', (_label, text) => {
    for (const max of [120, 200, 10]) expect(historyTitle(text, max)).toBe(reference(text, max));
  });
});
