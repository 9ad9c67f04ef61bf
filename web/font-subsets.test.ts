import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SUBSET_FAMILY, SUBSET_STYLESHEET, fontFaceRules, formatUnicodeRange, parseUnicodeRange, planFontSubsets, writeFontSubsets } from './font-subsets';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const codePoints = (text: string) => [...text].map((character) => character.codePointAt(0)!);

const REQUESTS = [
  { text: 'لسان', weight: 700 },
  { text: 'العربية', weight: 600 },
  { text: 'يوم الخميس.', weight: 400 },
];

describe("the glyph subsets of the Arabic font", () => {
  it('group the characters by weight and @fontsource file, each with the space and the auto-hinter\'s reference characters', async () => {
    const subsets = await planFontSubsets(REQUESTS);
    expect(subsets.map((subset) => [subset.file, subset.weight, subset.fontsourceFile])).toEqual([
      ['ibm-plex-sans-arabic-subset-arabic-400-normal.woff2', 400, 'arabic'],
      ['ibm-plex-sans-arabic-subset-latin-400-normal.woff2', 400, 'latin'],
      ['ibm-plex-sans-arabic-subset-arabic-600-normal.woff2', 600, 'arabic'],
      ['ibm-plex-sans-arabic-subset-arabic-700-normal.woff2', 700, 'arabic'],
    ]);
    const [arabic400, latin400, , arabic700] = subsets;
    // The full stop is in @fontsource's latin file, as the browser took it from until now.
    expect(latin400!.codePoints).toContain(0x2e);
    expect(arabic400!.codePoints).not.toContain(0x2e);
    for (const subset of subsets) {
      expect(subset.codePoints).toContain(0x20);
      expect(subset.codePoints).toEqual([...new Set(subset.codePoints)].sort((a, b) => a - b));
    }
    expect(arabic700!.codePoints).toEqual(expect.arrayContaining([...codePoints('لسان'), ...codePoints('اإلكطظتثـح')]));
    // A weight's letters only: the logo's subset has no letter of the switch's that is not its own or a reference one.
    expect(arabic700!.codePoints).not.toContain('ع'.codePointAt(0));
    expect(latin400!.codePoints).toEqual(expect.arrayContaining(codePoints('THEZOCQSLUfijkdbhxzroescpqgjy0')));
  });

  it('refuse a character no file of the font holds', async () => {
    await expect(planFontSubsets([{ text: 'لسان 中', weight: 700 }])).rejects.toThrow('No file of IBM Plex Sans Arabic holds U+4E2D');
  });

  it('are declared each for its own characters, in WOFF2', async () => {
    const css = fontFaceRules(await planFontSubsets([{ text: 'لسان', weight: 700 }]));
    expect(css).toContain(`font-family: '${SUBSET_FAMILY}';`);
    expect(css).toContain('font-weight: 700;');
    expect(css).toContain("src: url(./ibm-plex-sans-arabic-subset-arabic-700-normal.woff2) format('woff2');");
    expect(css).toContain('font-display: swap;');
    const range = /unicode-range: ([^;]+);/.exec(css)![1]!;
    expect(range.split(',')).toEqual(expect.arrayContaining(['U+20', 'U+627', 'U+633', 'U+644', 'U+646']));
    expect(css.match(/@font-face/g)).toHaveLength(1);
  });

  it('are written as small WOFF2 files with their style sheet, and left alone when nothing changed', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-font-subsets-'));
    const subsets = await writeFontSubsets(REQUESTS, dir);
    expect((await fs.readdir(dir)).sort()).toEqual([SUBSET_STYLESHEET, ...subsets.map((subset) => subset.file)].sort());
    for (const subset of subsets) {
      const font = await fs.readFile(path.join(dir, subset.file));
      expect(font.subarray(0, 4).toString('latin1'), subset.file).toBe('wOF2');
      // The whole files are 20 (latin) to 47 kB (arabic) a weight.
      expect(font.length, subset.file).toBeLessThan(10_000);
    }
    expect(await fs.readFile(path.join(dir, SUBSET_STYLESHEET), 'utf8')).toBe(fontFaceRules(subsets));

    const written = await Promise.all(subsets.map(async (subset) => (await fs.stat(path.join(dir!, subset.file))).mtimeMs));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFontSubsets(REQUESTS, dir);
    expect(await Promise.all(subsets.map(async (subset) => (await fs.stat(path.join(dir!, subset.file))).mtimeMs))).toEqual(written);
  });

  it('read and write unicode ranges', () => {
    expect(parseUnicodeRange('U+0600-06FF,U+200C, U+1EE00-1EE03')).toEqual([
      [0x600, 0x6ff],
      [0x200c, 0x200c],
      [0x1ee00, 0x1ee03],
    ]);
    expect(formatUnicodeRange([0x20, 0x627])).toBe('U+20,U+627');
  });
});
