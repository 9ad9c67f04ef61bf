// Glyph subsets of IBM Plex Sans Arabic for the few Arabic words English pages show by design
// (web/src/app/arabic-on-english-pages.ts: the logo, the language switch, the home page's sample),
// so an English page loads a few kilobytes of Arabic font instead of the whole font (about 45 kB
// a weight). They are cut when the app is built, from @fontsource's own WOFF2 files (the hinted
// ones browsers get), by HarfBuzz's subsetter (subset-font: hb-subset built to WebAssembly), which
// keeps the shaping tables (joining forms, marks, kerning) and the hinting: the words come out as
// the whole font draws them. The fonts and their @font-face rules are written to
// web/src/generated/ (not committed), which main.tsx imports.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { runnerImport, type Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** The family styles.css names for these elements on English pages. */
export const SUBSET_FAMILY = 'IBM Plex Sans Arabic Subset';

/** The style sheet written beside the fonts, imported by main.tsx. */
export const SUBSET_STYLESHEET = 'font-subsets.css';

const FONTSOURCE_DIR = path.dirname(require.resolve('@fontsource/ibm-plex-sans-arabic/package.json'));

export interface SubsetRequest {
  text: string;
  weight: number;
}

export interface FontSubset {
  /** Its file name in the output folder. */
  file: string;
  weight: number;
  /** The @fontsource file it is cut from: 'arabic', 'latin', ... */
  fontsourceFile: string;
  codePoints: number[];
}

/** "U+0600-06FF,U+200C" -> [[0x600, 0x6ff], [0x200c, 0x200c]] */
export function parseUnicodeRange(range: string): Array<[number, number]> {
  return range.split(',').map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-') as [string, string?];
    return [parseInt(first, 16), parseInt(last, 16)];
  });
}

/** [0x627, 0x633] -> "U+627,U+633" */
export function formatUnicodeRange(codePoints: readonly number[]): string {
  return codePoints.map((codePoint) => `U+${codePoint.toString(16).toUpperCase()}`).join(',');
}

/**
 * @fontsource splits each weight into files by script (unicode.json: arabic, latin, ...) and its
 * style sheet declares them in that order, so a browser tries the last one first. Each character
 * is cut from the file the browser took it from until now: the Arabic letters from the arabic
 * file, a full stop from the latin one.
 */
export async function fontsourceFileOf(): Promise<(codePoint: number) => string> {
  const ranges = Object.entries(JSON.parse(await fs.readFile(path.join(FONTSOURCE_DIR, 'unicode.json'), 'utf8')) as Record<string, string>)
    .map(([name, range]) => ({ name, ranges: parseUnicodeRange(range) }))
    .reverse();
  return (codePoint) => {
    const found = ranges.find((file) => file.ranges.some(([first, last]) => codePoint >= first && codePoint <= last));
    if (!found) throw new Error(`No file of IBM Plex Sans Arabic holds U+${codePoint.toString(16).toUpperCase()}`);
    return found.name;
  };
}

const SPACE = 0x20;

/**
 * The characters FreeType's auto-hinter measures a script's alignment zones and stems on
 * (its afblue.dat and afscript.h), by @fontsource file. Chrome on Linux and Android draws text
 * hinted by it; in a subset without them it snaps the glyphs otherwise, a pixel off here and
 * there (the noon of the logo sat higher). They cost 1.5 kB (arabic) to 3 kB (latin) a file.
 */
const AUTO_HINTER_REFERENCE: Readonly<Record<string, string>> = {
  arabic: 'اإلكطظتثـح',
  latin: 'THEZOCQSLUfijkdbhxzroescpqgy0',
};

/**
 * Groups the texts' characters by weight and @fontsource file. Each group also holds the space
 * (a browser takes an element's first available font, whose metrics set its line, from the
 * first family whose unicode-range holds the space: without it, the whole font's latin file was
 * loaded for the logo and the switch) and the auto-hinter's reference characters of its file.
 */
export async function planFontSubsets(requests: readonly SubsetRequest[]): Promise<FontSubset[]> {
  const fileOf = await fontsourceFileOf();
  const subsets = new Map<string, FontSubset>();
  for (const { text, weight } of requests) {
    for (const character of text) {
      const codePoint = character.codePointAt(0)!;
      if (codePoint === SPACE) continue;
      const fontsourceFile = fileOf(codePoint);
      const key = `${fontsourceFile}-${weight}`;
      let subset = subsets.get(key);
      if (!subset) {
        const reference = [...(AUTO_HINTER_REFERENCE[fontsourceFile] ?? '')].map((each) => each.codePointAt(0)!);
        subset = { file: `ibm-plex-sans-arabic-subset-${key}-normal.woff2`, weight, fontsourceFile, codePoints: [...new Set([SPACE, ...reference])] };
        subsets.set(key, subset);
      }
      if (!subset.codePoints.includes(codePoint)) subset.codePoints.push(codePoint);
    }
  }
  for (const subset of subsets.values()) subset.codePoints.sort((a, b) => a - b);
  return [...subsets.values()].sort((a, b) => a.weight - b.weight || a.fontsourceFile.localeCompare(b.fontsourceFile));
}

/** The style sheet of the subsets' @font-face rules, each limited by unicode-range to its characters (another goes on to the next family). */
export function fontFaceRules(subsets: readonly FontSubset[]): string {
  const rules = subsets.map((subset) =>
    [
      '@font-face {',
      `  font-family: '${SUBSET_FAMILY}';`,
      '  font-style: normal;',
      // As @fontsource's faces: the fallback font until the file is in (a few kB, soon).
      '  font-display: swap;',
      `  font-weight: ${subset.weight};`,
      `  src: url(./${subset.file}) format('woff2');`,
      `  unicode-range: ${formatUnicodeRange(subset.codePoints)};`,
      '}',
    ].join('\n'),
  );
  return `/* Written by the build (web/font-subsets.ts) for web/src/app/arabic-on-english-pages.ts: not to be edited. */\n${rules.join('\n\n')}\n`;
}

/**
 * Cuts the subsets the texts need (planFontSubsets) out of @fontsource's WOFF2 files, writes them
 * to `outDir` with their style sheet (fontFaceRules), and returns them. A file is only written
 * when its content changes (the development server watches the folder).
 */
export async function writeFontSubsets(requests: readonly SubsetRequest[], outDir: string): Promise<FontSubset[]> {
  const subsets = await planFontSubsets(requests);
  const fonts = await Promise.all(
    subsets.map(async (subset) => {
      const whole = await fs.readFile(path.join(FONTSOURCE_DIR, 'files', `ibm-plex-sans-arabic-${subset.fontsourceFile}-${subset.weight}-normal.woff2`));
      return [subset.file, await subsetFont(whole, String.fromCodePoint(...subset.codePoints), { targetFormat: 'woff2' })] as const;
    }),
  );
  await fs.mkdir(outDir, { recursive: true });
  await Promise.all([...fonts, [SUBSET_STYLESHEET, Buffer.from(fontFaceRules(subsets))] as const].map(([name, content]) => writeIfChanged(path.join(outDir, name), content)));
  return subsets;
}

async function writeIfChanged(file: string, content: Buffer): Promise<void> {
  const current = await fs.readFile(file).catch(() => null);
  if (!current?.equals(content)) await fs.writeFile(file, content);
}

/**
 * The Vite plugin: before the app's modules are read (a build, or the development server's
 * start), writes the subsets for the texts `textsModule` exports as ARABIC_ON_ENGLISH_PAGES.
 * The module is one of the app's, so it is loaded through Vite (it imports a catalog and other
 * modules the way the app does); the development server reads it again only when restarted.
 */
export function fontSubsets(options: { textsModule: string; outDir: string }): Plugin {
  return {
    name: 'lisan-font-subsets',
    async buildStart() {
      const { module } = await runnerImport<{ ARABIC_ON_ENGLISH_PAGES: readonly SubsetRequest[] }>(options.textsModule, { configFile: false, logLevel: 'silent' });
      await writeFontSubsets(module.ARABIC_ON_ENGLISH_PAGES, options.outDir);
    },
  };
}
