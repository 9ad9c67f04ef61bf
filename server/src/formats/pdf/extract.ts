import fs from 'node:fs/promises';
import path from 'node:path';
import { DocumentError } from '../errors';
import type { FilterLimits } from '../limits';
import { encodePng } from './png';
import { findGrids, type Grid, type Rule } from './table-grid';

/**
 * Reads a PDF's text layer with pdfjs-dist (the legacy build runs in Node without a
 * browser) and rebuilds the document's structure as well as the text layer allows:
 * lines from glyph runs, reading order (two-column pages, right-to-left lines), paragraphs
 * from line spacing, headings from font size, lists from their markers, tables from
 * ruled grids or aligned cells, running headers and footers removed, images placed where
 * they were.
 */
export interface TextRun {
  text: string;
  bold: boolean;
  italic: boolean;
}

/** Logical alignment: start is left in a left-to-right line, right in a right-to-left one. */
export type Alignment = 'start' | 'center' | 'end';

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; runs: TextRun[]; align: Alignment }
  | { type: 'paragraph'; runs: TextRun[]; align: Alignment }
  | { type: 'listItem'; ordered: boolean; listId: number; runs: TextRun[] }
  | { type: 'table'; rows: TableCell[][]; columnWidths: number[] }
  | { type: 'image'; file: string; width: number; height: number }
  | { type: 'pageBreak' };

export interface TableCell {
  runs: TextRun[];
  /** Columns the cell covers (merged cells of a ruled table). */
  span: number;
}

export interface PdfLayout {
  pages: number;
  blocks: Block[];
  /** Right-to-left text dominated the source. */
  rtlSource: boolean;
  /** The first page's size, in points. */
  pageWidth: number;
  pageHeight: number;
}

interface Item {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  bold: boolean;
  italic: boolean;
  rtl: boolean;
  /** Set in Symbol, ZapfDingbats, Wingdings: its characters stand for pictures, not letters. */
  symbolFont: boolean;
}

interface Chunk {
  items: Item[];
  x0: number;
  x1: number;
}

interface Line {
  y: number;
  size: number;
  chunks: Chunk[];
  x0: number;
  x1: number;
  rtl: boolean;
  /** The line starts with a bullet (taken off the text: it is not translated). */
  bullet: boolean;
  /** The left and right edges of the column the line is read in (a page in two columns). */
  column?: { x0: number; x1: number };
}

/** A rectangle on the page, in points (y grows upwards). */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Where a picture or a ruled table stands on the page: its left and right edges and its bottom. */
interface Extent {
  x0: number;
  x1: number;
  bottom: number;
}
type TableElement = { kind: 'table'; rows: TableCell[][]; columnWidths: number[]; top: number } & Extent;
/** A picture; `file` is empty when it is not written out (analysis, or one that could not be decoded). */
type ImageElement = { kind: 'image'; file: string; width: number; height: number; top: number } & Extent;
type PageElement = { kind: 'line'; line: Line; top: number } | ImageElement | TableElement;

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Characters that mark a list item when they start a line. */
const BULLET = /^[•◦▪▫■□●○◆◇❖➢►▶▸‣⁃∙·✓✔➤\-–*]$/u;
/** Private-use characters: a symbol font's glyphs without a Unicode meaning (Word's Symbol bullet is U+F0B7). */
const PRIVATE_USE = /[\uE000-\uF8FF]/;
const SYMBOL_FONT = /symbol|dingbat|wingding|webding/i;
const NUMBERED = /^\s*(\(?\d{1,3}[.)]|\(?[a-zA-Z][.)]|[ivxlcdm]{1,5}[.)])\s+/;

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfjsModule> | null = null;
const loadPdfjs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

export interface ExtractOptions {
  limits: FilterLimits;
  /** Where decoded images are written as PNG; without it images are skipped (analysis). */
  imageDir?: string;
}

export async function extractPdf(filePath: string, options: ExtractOptions): Promise<PdfLayout> {
  const { getDocument, OPS } = await loadPdfjs();
  const data = new Uint8Array(await fs.readFile(filePath));
  const task = getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    maxImageSize: 25_000_000,
    stopAtErrors: false,
    enableXfa: false,
    verbosity: 0,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (name === 'PasswordException') throw new DocumentError('encrypted', 'PDF needs a password');
    throw new DocumentError('broken_file', `PDF: ${(error as Error).message}`);
  }
  try {
    const pageCount = document.numPages;
    if (pageCount > options.limits.maxPdfPages) throw new DocumentError('too_many_pages', `${pageCount} pages`, { count: options.limits.maxPdfPages });
    const pages: PageElement[][] = [];
    const pageWidths: number[] = [];
    const pageHeights: number[] = [];
    let imageCount = 0;
    let imagesOnPagesWithoutText = 0;
    let textChars = 0;
    for (let number = 1; number <= pageCount; number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const [vx0, vy0, vx1, vy1] = page.view as [number, number, number, number];
      const width = viewport.width;
      const height = viewport.height;
      pageWidths.push(width);
      pageHeights.push(height);
      const operators = await page.getOperatorList();
      const content = await page.getTextContent();
      const items: Item[] = [];
      for (const raw of content.items as Array<{ str?: string; transform?: number[]; width?: number; fontName?: string; dir?: string }>) {
        if (typeof raw.str !== 'string' || !raw.transform || raw.str === '') continue;
        const [a, b, c, d, e, f] = raw.transform as [number, number, number, number, number, number];
        const size = Math.hypot(c, d) || Math.hypot(a, b) || 10;
        const font = raw.fontName && page.commonObjs.has(raw.fontName) ? (page.commonObjs.get(raw.fontName) as { name?: string; bold?: boolean; black?: boolean; italic?: boolean }) : null;
        const fontName = font?.name ?? '';
        items.push({
          text: raw.str,
          x: e - vx0,
          y: f - vy0,
          width: raw.width ?? 0,
          size,
          bold: Boolean(font?.bold || font?.black || /bold|black|heavy|semibold|demi/i.test(fontName)),
          italic: Boolean(font?.italic || /italic|oblique/i.test(fontName)),
          rtl: raw.dir === 'rtl' || ARABIC.test(raw.str),
          symbolFont: SYMBOL_FONT.test(fontName),
        });
      }
      const hasText = items.some((i) => i.text.trim());
      textChars += items.reduce((sum, i) => sum + i.text.trim().length, 0);
      const graphics = await pageGraphics(page, operators, OPS, { imageDir: options.imageDir, firstIndex: imageCount, pageOrigin: [vx0, vy0] });
      // Text inside a ruled table goes to its cells; the rest is read as lines.
      const tables = ruledTables(items, findGrids(graphics.rules));
      const elements: PageElement[] = [
        ...tables.elements,
        ...buildLines(
          items.filter((i) => !tables.taken.has(i)),
          graphics.marks,
        ).map((line): PageElement => ({ kind: 'line', line, top: line.y + line.size })),
      ];
      if (options.imageDir || !hasText) {
        imageCount += graphics.images.length;
        if (!hasText && graphics.images.length) imagesOnPagesWithoutText++;
      }
      // Pictures take their place in analysis too, so both walks read the page in the same order.
      elements.push(...graphics.images.map((image) => ({ kind: 'image' as const, ...image })));
      elements.sort((p, q) => q.top - p.top);
      pages.push(elements);
      page.cleanup();
      void vx1;
      void vy1;
    }
    if (textChars === 0 || (textChars < pageCount * 5 && imagesOnPagesWithoutText > 0)) {
      throw new DocumentError(imageCount > 0 || imagesOnPagesWithoutText > 0 ? 'scanned_pdf' : 'no_text', 'no text layer');
    }
    removeRunningHeaders(pages, pageHeights);
    return { ...layoutBlocks(pages, pageWidths), pageWidth: pageWidths[0] ?? 595, pageHeight: pageHeights[0] ?? 842 };
  } catch (error) {
    // pdfjs reports damaged content streams, fonts and cross-reference tables with its own exceptions.
    if (error instanceof DocumentError) throw error;
    throw new DocumentError('broken_file', `PDF: ${(error as Error)?.message ?? String(error)}`);
  } finally {
    await document.destroy().catch(() => {});
  }
}

/**
 * Groups glyph runs into lines (same baseline) and lines into chunks (split at wide gaps).
 * A line's leading bullet is taken off its text; `marks` are bullets drawn as shapes.
 */
function buildLines(items: Item[], marks: Box[]): Line[] {
  // Whitespace runs are dropped: pdfjs stretches them over column gaps; spaces come back from the gaps.
  const sorted = items.filter((i) => i.text.trim()).sort((p, q) => q.y - p.y || p.x - q.x);
  const lines: Array<{ y: number; size: number; items: Item[] }> = [];
  const loose = [...marks];
  for (const item of sorted) {
    const line = lines.find((l) => Math.abs(l.y - item.y) < Math.max(2, 0.35 * Math.min(l.size, item.size)));
    if (line) {
      line.items.push(item);
      line.size = Math.max(line.size, item.size);
    } else lines.push({ y: item.y, size: item.size, items: [item] });
  }
  const built = lines.map((line): Line => {
    const arabic = line.items.reduce((n, i) => n + (ARABIC.test(i.text) ? i.text.length : 0), 0);
    const total = line.items.reduce((n, i) => n + i.text.length, 0);
    const rtl = arabic > total / 2;
    const byX = [...line.items].sort((p, q) => p.x - q.x);
    const chunks: Chunk[] = [];
    for (const item of byX) {
      const last = chunks[chunks.length - 1];
      const gap = last ? item.x - last.x1 : Infinity;
      if (last && gap < Math.max(1.8 * line.size, 14)) {
        last.items.push({ ...item });
        last.x1 = Math.max(last.x1, item.x + item.width);
      } else chunks.push({ items: [{ ...item }], x0: item.x, x1: item.x + item.width });
    }
    const ordered = rtl ? [...chunks].reverse() : chunks;
    for (const chunk of ordered) if (rtl) chunk.items.reverse();
    const bullet = takeBullet(ordered, line.size);
    if (bullet && !bullet.inline) loose.push(bullet);
    // Other private-use characters and U+FFFD would print as boxes.
    for (const chunk of ordered) for (const item of chunk.items) item.text = item.text.replace(/[\uE000-\uF8FF\uFFFD]/g, '');
    const kept = ordered.map((c) => ({ ...c, items: c.items.filter((i) => i.text.trim()) })).filter((c) => c.items.length);
    for (const chunk of kept) {
      chunk.x0 = Math.min(...chunk.items.map((i) => i.x));
      chunk.x1 = Math.max(...chunk.items.map((i) => i.x + i.width));
    }
    const x0 = Math.min(...kept.map((c) => c.x0));
    const x1 = Math.max(...kept.map((c) => c.x1));
    return { y: line.y, size: line.size, chunks: kept, x0, x1, rtl, bullet: Boolean(bullet && bullet.inline) };
  });
  const text = built.filter((line) => line.chunks.length);
  // A bullet on a line of its own (a symbol font's baseline can sit a little off) or drawn as
  // a shape marks the line it stands before.
  for (const mark of loose) {
    const line = text.find((l) => {
      if (l.bullet) return false;
      const middle = (mark.y0 + mark.y1) / 2;
      const small = mark.x1 - mark.x0 <= l.size && mark.y1 - mark.y0 <= l.size;
      const before = l.rtl ? mark.x0 >= l.x1 - 1 && mark.x0 <= l.x1 + 3 * l.size : mark.x1 <= l.x0 + 1 && mark.x1 >= l.x0 - 3 * l.size;
      return small && before && middle >= l.y - 0.3 * l.size && middle <= l.y + l.size;
    });
    if (line) line.bullet = true;
  }
  return text;
}

/**
 * Takes a bullet off the start of a line (its first chunk in reading order): a bullet
 * character, a private-use character (a symbol font's picture) or any lone glyph in a
 * symbol font, followed by a space or a gap. Returns where it stood; `inline` when text
 * followed it on the line.
 */
function takeBullet(chunks: Chunk[], size: number): (Box & { inline: boolean }) | null {
  const chunk = chunks[0];
  const item = chunk?.items[0];
  if (!chunk || !item) return null;
  const text = item.text.trimStart();
  const glyph = String.fromCodePoint(text.codePointAt(0) ?? 32);
  const rest = text.slice(glyph.length);
  const picture = PRIVATE_USE.test(glyph) || (item.symbolFont && !rest.trim());
  if (!picture && !BULLET.test(glyph)) return null;
  const next = chunk.items[1];
  const gapAfter = next ? (item.rtl ? item.x - (next.x + next.width) : next.x - (item.x + item.width)) : Infinity;
  // "-5 degrees" and "*note" are text; "- item" and "• item" are bullets.
  if (!picture && !/^\s/.test(rest) && !(rest === '' && gapAfter > 0.15 * item.size)) return null;
  item.text = rest.trimStart();
  const box = { x0: item.x, y0: item.y, x1: item.x + Math.min(item.width, size), y1: item.y + size * 0.7 };
  if (!item.text) chunk.items.shift();
  if (!chunk.items.length) chunks.shift();
  const inline = chunks.some((c) => c.items.some((i) => i.text.replace(/[\uE000-\uF8FF\uFFFD]/g, '').trim()));
  return { ...box, inline };
}

function chunkRuns(chunk: Chunk): TextRun[] {
  const runs: TextRun[] = [];
  let previous: Item | null = null;
  for (const item of chunk.items) {
    const text = item.text;
    if (previous) {
      const gap = previous.rtl && item.rtl ? previous.x - (item.x + item.width) : item.x - (previous.x + previous.width);
      const needsSpace = gap > 0.15 * item.size && !/\s$/.test(runs[runs.length - 1]?.text ?? '') && !/^\s/.test(text);
      if (needsSpace) runs.push({ text: ' ', bold: false, italic: false });
    }
    const last = runs[runs.length - 1];
    if (last && last.bold === item.bold && last.italic === item.italic) last.text += text;
    else runs.push({ text, bold: item.bold, italic: item.italic });
    previous = item;
  }
  return runs;
}

/** A sentence that runs on from `tail` into `head`: no closing punctuation, and a lower-case (or Arabic) start. */
const continuesSentence = (tail: string, head: string) => !/[.!?:;؟"”»)]\s*$/.test(tail) && /^[a-z\u0600-\u06FF]/.test(head.trimStart());

const lineText = (line: Line) => line.chunks.map((c) => chunkRuns(c).map((r) => r.text).join('')).join(' ');
const normalizeRunning = (text: string) => text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();

/** Lines that repeat at the top or bottom of most pages: running headers, footers, page numbers. */
function removeRunningHeaders(pages: PageElement[][], heights: number[]) {
  const counts = new Map<string, number>();
  const candidates = pages.map((elements, index) => {
    const lines = elements.filter((e): e is Extract<PageElement, { kind: 'line' }> => e.kind === 'line');
    const sizes = lines.map((e) => e.line.size).sort((p, q) => p - q);
    const median = sizes[Math.floor(sizes.length / 2)] ?? 10;
    const edge = heights[index]! * 0.08;
    // Running headers are small print at the page's edges; a chapter title is not.
    const picked = lines
      .filter((e) => (e.top > heights[index]! - edge || e.line.y < edge) && e.line.size <= median * 1.1)
      .map((e) => ({ e, key: normalizeRunning(lineText(e.line)) }));
    for (const key of new Set(picked.map((p) => p.key))) counts.set(key, (counts.get(key) ?? 0) + 1);
    return picked;
  });
  const threshold = Math.max(3, Math.ceil(pages.length * 0.5));
  pages.forEach((elements, index) => {
    const drop = new Set<PageElement>(
      candidates[index]!.filter((c) => (pages.length >= 3 && (counts.get(c.key) ?? 0) >= threshold) || /^[#\s\-–—|/]*$|^(page|صفحة) #( (of|من) #)?$/i.test(c.key)).map((c) => c.e),
    );
    if (drop.size) pages[index] = elements.filter((e) => !drop.has(e));
  });
}

/** Splits two-column pages into their columns, left column first (right first for RTL pages). */
function readingOrder(elements: PageElement[], pageWidth: number, below = false): PageElement[] {
  const lines = elements.filter((e): e is Extract<PageElement, { kind: 'line' }> => e.kind === 'line');
  // A page needs a few lines to be taken for columns; what follows a section in columns, less.
  if (lines.length < (below ? 3 : 6)) return elements;
  const mid = pageWidth / 2;
  const words = (c: Chunk) => c.items.reduce((n, i) => n + i.text.trim().split(/\s+/).filter(Boolean).length, 0);
  // Two columns of running text: wide chunks with several words each (table cells are short).
  const twoColumn = lines.filter(
    (e) =>
      e.line.chunks.length === 2 &&
      e.line.chunks.every((c) => c.x1 - c.x0 > pageWidth * 0.18 && words(c) >= 3) &&
      Math.min(...e.line.chunks.map((c) => c.x1)) < mid + 10 &&
      Math.max(...e.line.chunks.map((c) => c.x0)) > mid - 10,
  );
  if (twoColumn.length < 3) return elements;
  // Most lines from the first line in two columns to the last (a section of the page, or all of it) are.
  const top = Math.max(...twoColumn.map((e) => e.top));
  const bottom = Math.min(...twoColumn.map((e) => e.top));
  const span = lines.filter((e) => e.top <= top && e.top >= bottom);
  // A line beside a picture (or a ruled table) in the other column is a column's line too.
  const pictures = elements.filter((e): e is Exclude<PageElement, { kind: 'line' }> => e.kind !== 'line');
  const besidePicture = (e: Extract<PageElement, { kind: 'line' }>, side: 'left' | 'right') =>
    pictures.some((p) => p.top > e.line.y && p.bottom < e.top && (side === 'left' ? p.x0 > mid - 10 : p.x1 < mid + 10));
  const oneSided = span.filter((e) => e.line.chunks.length === 1);
  const leftOnly = oneSided.filter((e) => e.line.x1 < mid + 10);
  const rightOnly = oneSided.filter((e) => e.line.x0 > mid - 10);
  const beside = leftOnly.filter((e) => besidePicture(e, 'left')).length + rightOnly.filter((e) => besidePicture(e, 'right')).length;
  if (twoColumn.length + Math.min(leftOnly.length, rightOnly.length) + beside < span.length * 0.6) return elements;
  // The gutter: between the widest left column and the leftmost right column of the qualifying lines.
  const gutterStart = Math.max(...twoColumn.map((e) => Math.min(...e.line.chunks.map((c) => c.x1))));
  const gutterEnd = Math.min(...twoColumn.map((e) => Math.max(...e.line.chunks.map((c) => c.x0))));
  const gutter = gutterEnd > gutterStart ? (gutterStart + gutterEnd) / 2 : mid;
  const left: PageElement[] = [];
  const right: PageElement[] = [];
  const full: PageElement[] = [];
  const sides = new Map<PageElement, 'left' | 'right' | 'both' | 'full'>();
  for (const e of elements) {
    if (e.kind !== 'line') {
      // A picture or a ruled table within one column is read in that column's place.
      const side = e.x1 <= gutter + 2 ? 'left' : e.x0 >= gutter - 2 ? 'right' : 'full';
      (side === 'left' ? left : side === 'right' ? right : full).push(e);
      sides.set(e, side);
      continue;
    }
    const line = e.line;
    const leftChunks = line.chunks.filter((c) => c.x1 <= gutter + 2);
    const rightChunks = line.chunks.filter((c) => c.x0 >= gutter - 2);
    if (leftChunks.length + rightChunks.length !== line.chunks.length) {
      full.push(e);
      sides.set(e, 'full');
    } else {
      const part = (chunks: Chunk[]): PageElement => ({ ...e, line: { ...line, chunks, x0: Math.min(...chunks.map((c) => c.x0)), x1: Math.max(...chunks.map((c) => c.x1)) } });
      if (leftChunks.length) left.push(part(leftChunks));
      if (rightChunks.length) right.push(part(rightChunks));
      sides.set(e, leftChunks.length && rightChunks.length ? 'both' : leftChunks.length ? 'left' : 'right');
    }
  }
  const rtl = lines.filter((e) => e.line.rtl).length > lines.length / 2;
  // A picture across the gutter between lines in two columns: when the first column's sentence
  // runs on below it, the columns flow around it and it joins the first column (after the
  // paragraph it interrupts); otherwise it ends the section, like a line across the page.
  const firstColumn = rtl ? right : left;
  for (const picture of full.filter((e): e is ImageElement => e.kind === 'image' && e.top < top && e.bottom > bottom)) {
    const above = firstColumn.filter((e): e is Extract<PageElement, { kind: 'line' }> => e.kind === 'line' && e.line.y >= picture.top).at(-1);
    const below = firstColumn.find((e): e is Extract<PageElement, { kind: 'line' }> => e.kind === 'line' && e.top <= picture.bottom);
    if (!above || !below || !continuesSentence(lineText(above.line), lineText(below.line))) continue;
    full.splice(full.indexOf(picture), 1);
    firstColumn.splice(firstColumn.indexOf(below), 0, picture);
    sides.set(picture, rtl ? 'right' : 'left');
  }
  const cut = columnsEnd(elements, twoColumn, sides);
  const inColumns = (e: PageElement) => e.top > cut;
  const first = (rtl ? right : left).filter(inColumns);
  const second = (rtl ? left : right).filter(inColumns);
  // A column's lines are aligned against the column's edges, not the page's.
  for (const column of [first, second]) {
    const columnLines = column.filter((e): e is Extract<PageElement, { kind: 'line' }> => e.kind === 'line');
    const edges = { x0: Math.min(...columnLines.map((e) => e.line.x0)), x1: Math.max(...columnLines.map((e) => e.line.x1)) };
    for (const e of columnLines) e.line.column = edges;
  }
  // Full-width elements above the columns (a title) come first, the rest after; what is below
  // the columns' end is read after both columns (and may hold columns of its own).
  const columnsTop = Math.max(...[...left, ...right].map((e) => e.top));
  const rest = elements.filter((e) => !inColumns(e));
  return [...full.filter((e) => e.top > columnsTop), ...first, ...second, ...full.filter((e) => e.top <= columnsTop && inColumns(e)), ...readingOrder(rest, pageWidth, true)];
}

/**
 * Where two columns end (the top of the first element after them; -Infinity when they run to
 * the page's end). Below the last line set in two columns, a column goes on while its lines
 * follow at the columns' size and spacing (the longer column's last lines, and a picture or
 * ruled table within one column); a line of another size (a heading), a wide gap, a table or
 * an image across the gutter, or a line across the gutter ends them: a section in two columns
 * followed by full-width text. A line or a picture across the gutter between lines
 * in two columns ends them too (the page goes on with another section in columns).
 */
function columnsEnd(elements: PageElement[], twoColumn: Extract<PageElement, { kind: 'line' }>[], sides: Map<PageElement, 'left' | 'right' | 'both' | 'full'>): number {
  const sizes = twoColumn.map((e) => e.line.size).sort((p, q) => p - q);
  const size = sizes[Math.floor(sizes.length / 2)]!;
  const bottom = Math.min(...twoColumn.map((e) => e.top));
  // A line across the gutter between lines in two columns: a section ends there and another begins.
  const top = Math.max(...twoColumn.map((e) => e.top));
  const across = elements.filter((e) => e.kind !== 'table' && sides.get(e) === 'full' && e.top < top && e.top >= bottom);
  if (across.length) return Math.max(...across.map((e) => e.top));
  const last = { left: bottom, right: bottom };
  for (const e of elements.filter((el) => el.top < bottom).sort((p, q) => q.top - p.top)) {
    const side = sides.get(e);
    if (side === 'full' || !side || (e.kind === 'line' && Math.abs(e.line.size - size) > size * 0.1)) return e.top;
    const sidesOf = side === 'both' ? (['left', 'right'] as const) : [side];
    if (sidesOf.some((s) => last[s] - e.top > size * 3)) return e.top;
    // Below a picture in a column, the column's next line is measured from the picture's bottom.
    for (const s of sidesOf) last[s] = e.kind === 'line' ? e.top : e.bottom + size;
  }
  return -Infinity;
}

function layoutBlocks(pages: PageElement[][], pageWidths: number[]): Omit<PdfLayout, 'pageWidth' | 'pageHeight'> {
  // The body size: the font size carrying the most characters.
  const sizeWeight = new Map<number, number>();
  let arabic = 0;
  let latin = 0;
  for (const elements of pages) {
    for (const e of elements) {
      if (e.kind !== 'line') continue;
      const text = lineText(e.line);
      const size = Math.round(e.line.size * 2) / 2;
      sizeWeight.set(size, (sizeWeight.get(size) ?? 0) + text.length);
      arabic += (text.match(/[\u0600-\u06FF]/g) ?? []).length;
      latin += (text.match(/[A-Za-z]/g) ?? []).length;
    }
  }
  const bodySize = [...sizeWeight].sort((p, q) => q[1] - p[1])[0]?.[0] ?? 11;
  const headingSizes = [...sizeWeight.keys()].filter((s) => s >= bodySize * 1.15).sort((p, q) => q - p);
  const headingLevel = (size: number): 1 | 2 | 3 | null => {
    const rounded = Math.round(size * 2) / 2;
    if (rounded < bodySize * 1.15) return null;
    const index = headingSizes.indexOf(rounded);
    return index <= 0 ? 1 : index === 1 ? 2 : 3;
  };

  const blocks: Block[] = [];
  let listId = 0;
  let inList = false;
  let lastListOrdered: boolean | null = null;

  pages.forEach((rawElements, pageIndex) => {
    const pageWidth = pageWidths[pageIndex]!;
    const pageStart = blocks.length;
    const elements = readingOrder(rawElements, pageWidth);
    const textLines = elements.filter((e) => e.kind === 'line').map((e) => (e as { line: Line }).line);
    const marginLeft = Math.min(...textLines.map((l) => l.x0), pageWidth);
    const marginRight = Math.max(...textLines.map((l) => l.x1), 0);

    let i = 0;
    let current: { runs: TextRun[]; lines: Line[]; kind: 'paragraph' | 'heading' | 'list'; ordered: boolean; level: 1 | 2 | 3 } | null = null;
    // Pictures met while a paragraph is open (one floating beside it, or one its sentence runs
    // on past) wait until the paragraph ends, so its text stays one paragraph.
    let waiting: ImageElement[] = [];
    const pictures = elements.filter((e): e is ImageElement => e.kind === 'image');
    const flush = () => {
      flushParagraph();
      if (!waiting.length) return;
      for (const image of waiting) blocks.push({ type: 'image', file: image.file, width: image.width, height: image.height });
      waiting = [];
      inList = false;
    };
    const flushParagraph = () => {
      if (!current) return;
      const runs = tidyRuns(current.runs);
      if (runs.length) {
        if (current.kind === 'list') blocks.push({ type: 'listItem', ordered: current.ordered, listId, runs });
        else if (current.kind === 'heading') blocks.push({ type: 'heading', level: current.level, runs, align: alignmentOf(current.lines, marginLeft, marginRight) });
        else {
          const words = runs.map((r) => r.text).join('').trim().split(/\s+/).length;
          const allBold = runs.every((r) => r.bold || !r.text.trim());
          if (current.lines.length === 1 && allBold && words <= 10 && !/[.:;,]$/.test(runs.map((r) => r.text).join('').trim())) {
            blocks.push({ type: 'heading', level: 3, runs, align: alignmentOf(current.lines, marginLeft, marginRight) });
          } else blocks.push({ type: 'paragraph', runs, align: alignmentOf(current.lines, marginLeft, marginRight) });
        }
      }
      current = null;
    };

    while (i < elements.length) {
      const element = elements[i]!;
      if (element.kind === 'image') {
        if (current) waiting.push(element);
        else {
          flush();
          inList = false;
          blocks.push({ type: 'image', file: element.file, width: element.width, height: element.height });
        }
        i++;
        continue;
      }
      if (element.kind === 'table') {
        flush();
        inList = false;
        blocks.push({ type: 'table', rows: element.rows, columnWidths: element.columnWidths });
        i++;
        continue;
      }
      // A table without rules: two or more consecutive lines with several chunks on shared column starts.
      const table = collectTable(elements, i);
      if (table) {
        flush();
        inList = false;
        blocks.push({ type: 'table', rows: table.rows, columnWidths: table.columnWidths });
        i = table.next;
        continue;
      }
      const line = element.line;
      const runs = line.chunks.flatMap((c, k) => (k > 0 ? [{ text: ' ', bold: false, italic: false }, ...chunkRuns(c)] : chunkRuns(c)));
      const text = runs.map((r) => r.text).join('');
      const level = headingLevel(line.size);
      const bullet = line.bullet;
      const numbered = bullet ? null : NUMBERED.exec(text);
      const previous = current?.lines[current.lines.length - 1];
      const gap = previous ? previous.y - line.y : 0;
      const spacing = previous ? Math.max(previous.size, line.size) * 1.6 : 0;
      const sizeChanged = previous ? Math.abs(previous.size - line.size) > Math.max(previous.size, line.size) * 0.12 : false;
      // A picture between the two lines (across this line's width) whose sentence runs on past it.
      const pastPicture =
        previous !== undefined &&
        current?.kind !== 'heading' &&
        pictures.some((p) => p.top <= previous.y + previous.size * 0.5 && p.bottom >= line.y + line.size * 0.5 && p.x0 < line.x1 && p.x1 > line.x0) &&
        continuesSentence(current!.runs.map((r) => r.text).join(''), text);

      if (bullet || numbered) {
        const wasOrdered = current?.kind === 'list' ? current.ordered : lastListOrdered;
        flush();
        if (!inList || wasOrdered !== Boolean(numbered)) listId++;
        lastListOrdered = Boolean(numbered);
        inList = true;
        current = { runs: numbered ? stripMarker(runs, numbered[0].length) : runs, lines: [line], kind: 'list', ordered: Boolean(numbered), level: 3 };
      } else if (level && (!current || current.kind !== 'heading' || sizeChanged || gap > spacing)) {
        flush();
        inList = false;
        current = { runs, lines: [line], kind: 'heading', ordered: false, level };
      } else if (current && !sizeChanged && (gap <= spacing || pastPicture) && gap > 0 && !(current.kind === 'list' && line.x0 < current.lines[0]!.x0 - 2)) {
        appendLine(current.runs, runs);
        current.lines.push(line);
      } else {
        flush();
        inList = false;
        current = { runs, lines: [line], kind: level ? 'heading' : 'paragraph', ordered: false, level: level ?? 3 };
      }
      i++;
    }
    flush();
    // A paragraph cut by the page break continues when it did not end a sentence.
    const before = blocks[pageStart - 1];
    const first = blocks[pageStart];
    if (pageStart > 0 && before?.type === 'paragraph' && first?.type === 'paragraph') {
      const tail = before.runs.map((r) => r.text).join('');
      const head = first.runs.map((r) => r.text).join('');
      if (continuesSentence(tail, head)) {
        appendLine(before.runs, first.runs);
        before.runs = tidyRuns(before.runs);
        blocks.splice(pageStart, 1);
      }
    }
  });

  return { pages: pages.length, blocks, rtlSource: arabic > latin };
}

function stripMarker(runs: TextRun[], length: number): TextRun[] {
  let remaining = length;
  const out: TextRun[] = [];
  for (const run of runs) {
    if (remaining <= 0) out.push(run);
    else if (run.text.length <= remaining) remaining -= run.text.length;
    else {
      out.push({ ...run, text: run.text.slice(remaining) });
      remaining = 0;
    }
  }
  return out;
}

/** Joins a wrapped line: a hyphen at the end of a line joins the word, else a space. */
function appendLine(target: TextRun[], runs: TextRun[]) {
  const last = target[target.length - 1];
  const first = runs[0];
  if (last && first && /[A-Za-z]-$/.test(last.text) && /^[a-z]/.test(first.text)) last.text = last.text.slice(0, -1);
  else if (last && !/\s$/.test(last.text)) target.push({ text: ' ', bold: last.bold, italic: last.italic });
  target.push(...runs.map((r) => ({ ...r })));
}

function tidyRuns(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  let pendingSpace = false;
  const plain = (run: TextRun | undefined) => Boolean(run && !run.bold && !run.italic);
  for (const run of runs) {
    const text = run.text.replace(/\s+/g, ' ');
    if (!text) continue;
    if (!text.trim()) {
      pendingSpace = true;
      continue;
    }
    let body = text;
    const last = out[out.length - 1];
    // A space between differently formatted words goes to the plain side, so "a **b** c"
    // keeps its bold exactly on "b".
    if (pendingSpace && last && !/\s$/.test(last.text) && !/^\s/.test(body)) {
      if (plain(last) || !plain(run)) last.text += ' ';
      else body = ` ${body}`;
    }
    pendingSpace = false;
    const previous = out[out.length - 1];
    if (previous && previous.bold === run.bold && previous.italic === run.italic) previous.text += body;
    else out.push({ ...run, text: body });
  }
  if (out.length) {
    out[0]!.text = out[0]!.text.trimStart();
    out[out.length - 1]!.text = out[out.length - 1]!.text.trimEnd();
  }
  return out.filter((r) => r.text);
}

function alignmentOf(lines: Line[], pageLeft: number, pageRight: number): Alignment {
  const line = lines[0]!;
  const marginLeft = line.column?.x0 ?? pageLeft;
  const marginRight = line.column?.x1 ?? pageRight;
  const width = marginRight - marginLeft;
  if (width <= 0) return 'start';
  const left = line.x0 - marginLeft;
  const right = marginRight - line.x1;
  const startGap = line.rtl ? right : left;
  const endGap = line.rtl ? left : right;
  if (lines.length === 1 && startGap > width * 0.1 && Math.abs(startGap - endGap) < width * 0.06) return 'center';
  if (startGap > width * 0.3 && endGap < width * 0.05) return 'end';
  return 'start';
}

const NUMBER_MARKER = /^\(?(\d{1,3}|[a-zA-Z]|[ivxlcdm]{1,5})[.)]$/;
const chunkText = (chunk: Chunk) => chunkRuns(chunk).map((r) => r.text).join('');
const wordCount = (chunk: Chunk) => chunkText(chunk).trim().split(/\s+/).filter(Boolean).length;
/** A list item's line: a bullet, or a number standing apart before its text ("1." then a tab). */
const isListLine = (line: Line) => line.bullet || (line.chunks.length === 2 && NUMBER_MARKER.test(chunkText(line.chunks[0]!).trim()));

/**
 * A table without rules: two or more consecutive lines whose chunks start on shared columns.
 * A line with fewer chunks, closer under the one above than the rows are apart and inside
 * the columns, is a cell's text wrapping. Lines of running text side by side (two columns
 * of prose) are not a table.
 */
function collectTable(elements: PageElement[], start: number): { rows: TableCell[][]; columnWidths: number[]; next: number } | null {
  const rows: Line[][] = [];
  let columns: number[] | null = null;
  let pitch = Infinity;
  let left = Infinity;
  let right = -Infinity;
  let j = start;
  const anchor = (line: Line, chunk: Chunk) => (line.rtl ? chunk.x1 : chunk.x0);
  const nearest = (cols: number[], at: number) => cols.reduce((best, c, k) => (Math.abs(c - at) < Math.abs(cols[best]! - at) ? k : best), 0);
  // A wrapped cell's text stays between its column's start and the next column's.
  const insideColumn = (cols: number[], line: Line, chunk: Chunk) => {
    const k = nearest(cols, anchor(line, chunk));
    if (Math.abs(cols[k]! - anchor(line, chunk)) >= 12) return false;
    return line.rtl ? chunk.x0 >= (cols[k - 1] ?? left - 2 * line.size) + 4 : chunk.x1 <= (cols[k + 1] ?? right + 2 * line.size) - 4;
  };
  while (j < elements.length) {
    const e = elements[j]!;
    if (e.kind !== 'line' || isListLine(e.line)) break;
    const line = e.line;
    const previous = rows[rows.length - 1]?.at(-1);
    const gap = previous ? previous.y - line.y : 0;
    if (previous && gap > line.size * 4) break;
    const cols = columns;
    if (previous && cols && line.chunks.length < cols.length && gap > 0 && gap < Math.min(pitch - 2, line.size * 1.35) && line.chunks.every((c) => insideColumn(cols, line, c))) {
      rows[rows.length - 1]!.push(line);
      j++;
      continue;
    }
    if (line.chunks.length < 2) break;
    const starts = line.chunks.map((c) => anchor(line, c)).sort((p, q) => p - q);
    if (!columns) columns = starts;
    else {
      const matches = starts.filter((s) => columns!.some((c) => Math.abs(c - s) < 12)).length;
      if (matches < Math.min(starts.length, columns.length) * 0.6) break;
      for (const s of starts) if (!columns.some((c) => Math.abs(c - s) < 12)) columns.push(s);
      columns.sort((p, q) => p - q);
    }
    if (previous) pitch = Math.min(pitch, rows[rows.length - 1]![0]!.y - line.y);
    left = Math.min(left, line.x0);
    right = Math.max(right, line.x1);
    rows.push([line]);
    j++;
  }
  if (rows.length < 2 || !columns || columns.length < 2 || columns.length > 12) return null;
  const cols = columns;
  // Running text: most rows are a few words in every column.
  const prose = rows.filter((row) => row[0]!.chunks.length >= 2 && row[0]!.chunks.every((c) => wordCount(c) >= 4)).length;
  if (prose >= rows.length / 2) return null;
  const rtl = rows.filter((row) => row[0]!.rtl).length > rows.length / 2;
  const cells = rows.map((lines) => {
    const row: TextRun[][] = cols.map(() => []);
    for (const line of lines) {
      for (const chunk of line.chunks) {
        const cell = row[nearest(cols, anchor(line, chunk))]!;
        if (cell.length) appendLine(cell, chunkRuns(chunk));
        else cell.push(...chunkRuns(chunk));
      }
    }
    const ordered = rtl ? row.reverse() : row;
    return ordered.map((cell) => ({ runs: tidyRuns(cell), span: 1 }));
  });
  // Columns run from one start to the next (right to left, from one right edge to the next);
  // the last one ends where its text does, plus the gutter between columns.
  const gaps = rows.flatMap((lines) =>
    lines.flatMap((line) =>
      line.chunks.map((chunk) => {
        const k = nearest(cols, anchor(line, chunk));
        return rtl ? (k > 0 ? chunk.x0 - cols[k - 1]! : Infinity) : k < cols.length - 1 ? cols[k + 1]! - chunk.x1 : Infinity;
      }),
    ),
  );
  const narrowest = Math.min(...gaps.filter((gap) => gap > 0));
  const gutter = Number.isFinite(narrowest) ? narrowest : 0;
  const edges = rtl ? [left - gutter, ...cols] : [...cols, right + gutter];
  const widths = edges.slice(1).map((edge, k) => Math.max(1, edge - edges[k]!));
  return { rows: cells, columnWidths: rtl ? widths.reverse() : widths, next: j };
}

/**
 * An item that runs across a grid's inner column lines, cut at the space nearest each line: a
 * row exported with little cell padding ("February 200" in two narrow cells) comes out of the
 * PDF as one item. Where a character falls is estimated from the item's width, evenly; an
 * item without a space there stays whole.
 */
function splitAtColumns(item: Item, xs: number[]): Item[] {
  const inner = xs.slice(1, -1).filter((edge) => edge > item.x && edge < item.x + item.width);
  if (!inner.length || !/\s/.test(item.text.trim())) return [item];
  const perChar = item.width / item.text.length;
  const cuts: number[] = [];
  for (const edge of inner) {
    let best = -1;
    for (let i = 0; i < item.text.length; i++) {
      if (!/\s/.test(item.text[i]!)) continue;
      if (best < 0 || Math.abs(item.x + (i + 0.5) * perChar - edge) < Math.abs(item.x + (best + 0.5) * perChar - edge)) best = i;
    }
    // A space more than two characters from the line is a space inside the cell's text, not the cell's end.
    if (best >= 0 && Math.abs(item.x + (best + 0.5) * perChar - edge) <= 2 * perChar && !cuts.includes(best)) cuts.push(best);
  }
  if (!cuts.length) return [item];
  const pieces: Item[] = [];
  let start = 0;
  for (const cut of [...cuts.sort((a, b) => a - b), item.text.length]) {
    const text = item.text.slice(start, cut);
    if (text.trim()) pieces.push({ ...item, text: text.trim(), x: item.x + start * perChar, width: (cut - start) * perChar });
    start = cut + 1;
  }
  return pieces;
}

/** The text inside each ruled grid, cell by cell. A grid with little text in it is a drawing, not a table. */
function ruledTables(items: Item[], grids: Grid[]): { elements: TableElement[]; taken: Set<Item> } {
  const taken = new Set<Item>();
  const elements: TableElement[] = [];
  for (const grid of grids) {
    const { xs, ys } = grid;
    const cells: Item[][][] = grid.rows.map((row) => row.map(() => []));
    const inside: Item[] = [];
    const placed: Item[] = [];
    for (const whole of items) {
      if (taken.has(whole) || !whole.text.trim()) continue;
      let within = false;
      for (const item of splitAtColumns(whole, xs)) {
        const x = item.x + item.width / 2;
        const y = item.y + item.size * 0.3;
        if (x <= xs[0]! || x >= xs[xs.length - 1]! || y >= ys[0]! || y <= ys[ys.length - 1]!) continue;
        const row = ys.findIndex((edge) => edge < y) - 1;
        const column = xs.findIndex((edge) => edge > x) - 1;
        const cell = grid.rows[row]!.findIndex((c) => column >= c.column && column < c.column + c.span);
        cells[row]![cell]!.push(item);
        inside.push(item);
        within = true;
      }
      if (within) placed.push(whole);
    }
    const all = cells.flat();
    if (all.filter((c) => c.length).length < Math.max(2, all.length * 0.3)) continue;
    for (const item of placed) taken.add(item);
    const arabic = inside.reduce((n, i) => n + (i.text.match(/[\u0600-\u06FF]/g) ?? []).length, 0);
    const latin = inside.reduce((n, i) => n + (i.text.match(/[A-Za-z]/g) ?? []).length, 0);
    // A right-to-left table's first column is its rightmost.
    const rtl = arabic > latin;
    const rows = cells.map((row, r) => {
      const out = row.map((cellItems, k) => ({ runs: cellRuns(cellItems), span: grid.rows[r]![k]!.span }));
      return rtl ? out.reverse() : out;
    });
    const widths = xs.slice(1).map((x, k) => x - xs[k]!);
    elements.push({ kind: 'table', rows, columnWidths: rtl ? widths.reverse() : widths, top: ys[0]!, bottom: ys[ys.length - 1]!, x0: xs[0]!, x1: xs[xs.length - 1]! });
  }
  return { elements, taken };
}

/** A cell's lines as one run of text (a cell is one segment). */
function cellRuns(items: Item[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const line of buildLines(items, [])) {
    const lineRuns = line.chunks.flatMap((c, k) => (k > 0 ? [{ text: ' ', bold: false, italic: false }, ...chunkRuns(c)] : chunkRuns(c)));
    if (runs.length) appendLine(runs, lineRuns);
    else runs.push(...lineRuns);
  }
  return tidyRuns(runs);
}

interface PageGraphics {
  /** Images, decoded and written as PNG when there is an image folder. */
  images: Array<Omit<ImageElement, 'kind'>>;
  /** Horizontal and vertical lines: table borders, underlines, separators. */
  rules: Rule[];
  /** Small filled shapes: bullets drawn as pictures instead of characters. */
  marks: Box[];
}

/** Caps on what one page's drawing can add, so a page of hatching stays cheap. */
const MAX_RULES = 20_000;
const MAX_MARKS = 2_000;

/** Walks a page's drawing operators once: images with their position, lines and small shapes. */
async function pageGraphics(
  page: { objs: { get(id: string, callback?: (data: unknown) => void): unknown }; commonObjs: { get(id: string, callback?: (data: unknown) => void): unknown } },
  operators: { fnArray: number[]; argsArray: unknown[] },
  OPS: Record<string, number>,
  options: { imageDir?: string; firstIndex: number; pageOrigin: [number, number] },
): Promise<PageGraphics> {
  const images: PageGraphics['images'] = [];
  const rules: Rule[] = [];
  const marks: Box[] = [];
  const stack: number[][] = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  const multiply = (m: number[], n: number[]) => [
    m[0]! * n[0]! + m[2]! * n[1]!,
    m[1]! * n[0]! + m[3]! * n[1]!,
    m[0]! * n[2]! + m[2]! * n[3]!,
    m[1]! * n[2]! + m[3]! * n[3]!,
    m[0]! * n[4]! + m[2]! * n[5]! + m[4]!,
    m[1]! * n[4]! + m[3]! * n[5]! + m[5]!,
  ];
  const [originX, originY] = options.pageOrigin;
  const point = (x: number, y: number): [number, number] => [ctm[0]! * x + ctm[2]! * y + ctm[4]! - originX, ctm[1]! * x + ctm[3]! * y + ctm[5]! - originY];
  const strokes = new Set([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  const fills = new Set([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  for (let k = 0; k < operators.fnArray.length; k++) {
    const fn = operators.fnArray[k];
    const args = operators.argsArray[k] as unknown[];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.transform) ctm = multiply(ctm, args as number[]);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (Array.isArray(args[0])) ctm = multiply(ctm, args[0] as number[]);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.constructPath) {
      // pdfjs 5: [painting operator, [path data], [minX, minY, maxX, maxY]]; a clipping path is "endPath".
      const [paint, data, minMax] = args as [number, unknown, ArrayLike<number> | null];
      const path = Array.isArray(data) ? (data[0] as ArrayLike<number> | null) : null;
      if (!path || !minMax) continue;
      if (strokes.has(paint)) addPathLines(rules, path, point);
      if (fills.has(paint)) {
        const corners = [point(minMax[0]!, minMax[1]!), point(minMax[2]!, minMax[3]!)];
        const box = { x0: Math.min(corners[0]![0], corners[1]![0]), y0: Math.min(corners[0]![1], corners[1]![1]), x1: Math.max(corners[0]![0], corners[1]![0]), y1: Math.max(corners[0]![1], corners[1]![1]) };
        const width = box.x1 - box.x0;
        const height = box.y1 - box.y0;
        // Borders drawn as thin filled rectangles (Word does this) are lines too.
        if (height <= 3 && width >= 4 && rules.length < MAX_RULES) rules.push({ x0: box.x0, x1: box.x1, y0: (box.y0 + box.y1) / 2, y1: (box.y0 + box.y1) / 2 });
        else if (width <= 3 && height >= 4 && rules.length < MAX_RULES) rules.push({ x0: (box.x0 + box.x1) / 2, x1: (box.x0 + box.x1) / 2, y0: box.y0, y1: box.y1 });
        else if (width >= 1.5 && height >= 1.5 && width <= 10 && height <= 10 && marks.length < MAX_MARKS) marks.push(box);
      }
    } else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
      if (images.length >= 200) continue;
      const corners = [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ].map(([u, v]) => [ctm[0]! * u! + ctm[2]! * v! + ctm[4]!, ctm[1]! * u! + ctm[3]! * v! + ctm[5]!]);
      const xs = corners.map((c) => c[0]!);
      const ys = corners.map((c) => c[1]!);
      const width = Math.max(...xs) - Math.min(...xs);
      const height = Math.max(...ys) - Math.min(...ys);
      if (width < 12 || height < 12) continue; // rules, dots, spacers
      const placed = { file: '', width, height, top: Math.max(...ys) - originY, bottom: Math.min(...ys) - originY, x0: Math.min(...xs) - originX, x1: Math.max(...xs) - originX };
      if (!options.imageDir) {
        images.push(placed);
        continue;
      }
      const id = String(args[0]);
      // Images used on several pages live in the document-wide store.
      const image = fn === OPS.paintInlineImageXObject ? args[0] : await objectData(id.startsWith('g_') ? page.commonObjs : page.objs, id);
      const png = toPng(image);
      if (!png) {
        images.push(placed); // kept in the layout, not written
        continue;
      }
      const file = path.join(options.imageDir, `image${options.firstIndex + images.length + 1}.png`);
      await fs.writeFile(file, png);
      images.push({ ...placed, file });
    }
  }
  return { images, rules, marks };
}

/** Adds the straight horizontal and vertical pieces of a stroked path (pdfjs's path data: 0 move, 1 line, 2 curve, 3 quadratic curve, 4 close). */
function addPathLines(out: Rule[], data: ArrayLike<number>, point: (x: number, y: number) => [number, number]) {
  let start: [number, number] | null = null;
  let current: [number, number] | null = null;
  const add = (a: [number, number], b: [number, number]) => {
    const [dx, dy] = [Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])];
    if ((dx <= 1 || dy <= 1) && Math.max(dx, dy) >= 2 && out.length < MAX_RULES) out.push({ x0: Math.min(a[0], b[0]), y0: Math.min(a[1], b[1]), x1: Math.max(a[0], b[0]), y1: Math.max(a[1], b[1]) });
  };
  for (let k = 0; k < data.length && out.length < MAX_RULES; ) {
    const op = data[k++];
    if (op === 0) {
      current = start = point(data[k]!, data[k + 1]!);
      k += 2;
    } else if (op === 1) {
      const next = point(data[k]!, data[k + 1]!);
      if (current) add(current, next);
      current = next;
      k += 2;
    } else if (op === 2) {
      current = point(data[k + 4]!, data[k + 5]!);
      k += 6;
    } else if (op === 3) {
      current = point(data[k + 2]!, data[k + 3]!);
      k += 4;
    } else if (op === 4) {
      if (current && start) add(current, start);
      current = start;
    } else break;
  }
}

function objectData(store: { get(id: string, callback?: (data: unknown) => void): unknown }, id: string): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 5_000);
    try {
      store.get(id, (data: unknown) => {
        clearTimeout(timer);
        resolve(data);
      });
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

function toPng(image: unknown): Buffer | null {
  const data = image as { width?: number; height?: number; kind?: number; data?: Uint8Array | Uint8ClampedArray } | null;
  if (!data?.data || !data.width || !data.height) return null;
  if (data.width * data.height > 25_000_000) return null;
  const channels = data.kind === 3 ? 4 : data.kind === 2 ? 3 : data.kind === 1 ? 0 : Math.round(data.data.length / (data.width * data.height));
  if (channels === 0) {
    // 1 bit per pixel, rows padded to bytes: expand to 8-bit grey.
    const rowBytes = (data.width + 7) >> 3;
    const grey = new Uint8Array(data.width * data.height);
    for (let y = 0; y < data.height; y++) {
      for (let x = 0; x < data.width; x++) grey[y * data.width + x] = (data.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
    return encodePng(data.width, data.height, 1, grey);
  }
  if (![1, 3, 4].includes(channels) || data.data.length < data.width * data.height * channels) return null;
  return encodePng(data.width, data.height, channels as 1 | 3 | 4, data.data);
}
