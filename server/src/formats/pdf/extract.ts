import fs from 'node:fs/promises';
import path from 'node:path';
import { DocumentError } from '../errors';
import type { FilterLimits } from '../limits';
import { encodePng } from './png';

/**
 * Reads a PDF's text layer with pdfjs-dist (the legacy build runs in Node without a
 * browser) and rebuilds the document's structure as well as the text layer allows:
 * lines from glyph runs, reading order (two-column pages, right-to-left lines), paragraphs
 * from line spacing, headings from font size, lists from their markers, tables from
 * aligned cells, running headers and footers removed, images placed where they were.
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
  | { type: 'table'; rows: TextRun[][][] }
  | { type: 'image'; file: string; width: number; height: number }
  | { type: 'pageBreak' };

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
}

type PageElement = { kind: 'line'; line: Line; top: number } | { kind: 'image'; file: string; width: number; height: number; top: number };

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const BULLET = /^\s*([•◦▪▫■□●○‣⁃∙·\-–*])\s+/;
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
        });
      }
      const elements: PageElement[] = buildLines(items).map((line) => ({ kind: 'line', line, top: line.y + line.size }));
      const hasText = items.some((i) => i.text.trim());
      if (options.imageDir || !hasText) {
        const images = await pageImages(page, operators, OPS, { imageDir: options.imageDir, page: number, firstIndex: imageCount, pageOrigin: [vx0, vy0] });
        imageCount += images.length;
        if (!hasText && images.length) imagesOnPagesWithoutText++;
        if (options.imageDir) elements.push(...images.map((image) => ({ kind: 'image' as const, ...image })));
      }
      elements.sort((p, q) => q.top - p.top);
      pages.push(elements);
      page.cleanup();
      void vx1;
      void vy1;
    }
    const textChars = pages.flat().reduce((sum, e) => sum + (e.kind === 'line' ? e.line.chunks.reduce((s, c) => s + c.items.reduce((t, i) => t + i.text.trim().length, 0), 0) : 0), 0);
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

/** Groups glyph runs into lines (same baseline) and lines into chunks (split at wide gaps). */
function buildLines(items: Item[]): Line[] {
  // Whitespace runs are dropped: pdfjs stretches them over column gaps; spaces come back from the gaps.
  const sorted = items.filter((i) => i.text.trim()).sort((p, q) => q.y - p.y || p.x - q.x);
  const lines: Array<{ y: number; size: number; items: Item[] }> = [];
  for (const item of sorted) {
    const line = lines.find((l) => Math.abs(l.y - item.y) < Math.max(2, 0.35 * Math.min(l.size, item.size)));
    if (line) {
      line.items.push(item);
      line.size = Math.max(line.size, item.size);
    } else lines.push({ y: item.y, size: item.size, items: [item] });
  }
  return lines
    .map((line) => {
      const arabic = line.items.reduce((n, i) => n + (ARABIC.test(i.text) ? i.text.length : 0), 0);
      const total = line.items.reduce((n, i) => n + i.text.length, 0);
      const rtl = arabic > total / 2;
      const byX = [...line.items].sort((p, q) => p.x - q.x);
      const chunks: Chunk[] = [];
      for (const item of byX) {
        const last = chunks[chunks.length - 1];
        const gap = last ? item.x - last.x1 : Infinity;
        if (last && gap < Math.max(1.8 * line.size, 14)) {
          last.items.push(item);
          last.x1 = Math.max(last.x1, item.x + item.width);
        } else chunks.push({ items: [item], x0: item.x, x1: item.x + item.width });
      }
      const ordered = rtl ? [...chunks].reverse() : chunks;
      for (const chunk of ordered) if (rtl) chunk.items.reverse();
      return { y: line.y, size: line.size, chunks: ordered, x0: byX[0]!.x, x1: Math.max(...byX.map((i) => i.x + i.width)), rtl };
    })
    .filter((line) => line.chunks.some((c) => c.items.some((i) => i.text.trim())));
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
function readingOrder(elements: PageElement[], pageWidth: number): PageElement[] {
  const lines = elements.filter((e): e is Extract<PageElement, { kind: 'line' }> => e.kind === 'line');
  if (lines.length < 6) return elements;
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
  const leftOnly = lines.filter((e) => e.line.chunks.length === 1 && e.line.x1 < mid + 10);
  const rightOnly = lines.filter((e) => e.line.chunks.length === 1 && e.line.x0 > mid - 10);
  if (twoColumn.length + Math.min(leftOnly.length, rightOnly.length) < lines.length * 0.6 || twoColumn.length < 3) return elements;
  // The gutter: between the widest left column and the leftmost right column of the qualifying lines.
  const gutterStart = Math.max(...twoColumn.map((e) => Math.min(...e.line.chunks.map((c) => c.x1))));
  const gutterEnd = Math.min(...twoColumn.map((e) => Math.max(...e.line.chunks.map((c) => c.x0))));
  const gutter = gutterEnd > gutterStart ? (gutterStart + gutterEnd) / 2 : mid;
  const left: PageElement[] = [];
  const right: PageElement[] = [];
  const full: PageElement[] = [];
  for (const e of elements) {
    if (e.kind === 'image') {
      full.push(e);
      continue;
    }
    const line = e.line;
    const leftChunks = line.chunks.filter((c) => c.x1 <= gutter + 2);
    const rightChunks = line.chunks.filter((c) => c.x0 >= gutter - 2);
    if (leftChunks.length + rightChunks.length !== line.chunks.length) full.push(e);
    else {
      const part = (chunks: Chunk[]): PageElement => ({ ...e, line: { ...line, chunks, x0: Math.min(...chunks.map((c) => c.x0)), x1: Math.max(...chunks.map((c) => c.x1)) } });
      if (leftChunks.length) left.push(part(leftChunks));
      if (rightChunks.length) right.push(part(rightChunks));
    }
  }
  const rtl = lines.filter((e) => e.line.rtl).length > lines.length / 2;
  const first = rtl ? right : left;
  const second = rtl ? left : right;
  // Full-width elements above the columns (a title) come first, the rest after.
  const columnsTop = Math.max(...[...left, ...right].map((e) => e.top));
  return [...full.filter((e) => e.top > columnsTop), ...first, ...second, ...full.filter((e) => e.top <= columnsTop)];
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
    const flush = () => {
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
        flush();
        inList = false;
        blocks.push({ type: 'image', file: element.file, width: element.width, height: element.height });
        i++;
        continue;
      }
      // A table: two or more consecutive lines with several chunks on shared column starts.
      const table = collectTable(elements, i);
      if (table) {
        flush();
        inList = false;
        blocks.push({ type: 'table', rows: table.rows });
        i = table.next;
        continue;
      }
      const line = element.line;
      const runs = line.chunks.flatMap((c, k) => (k > 0 ? [{ text: ' ', bold: false, italic: false }, ...chunkRuns(c)] : chunkRuns(c)));
      const text = runs.map((r) => r.text).join('');
      const level = headingLevel(line.size);
      const bullet = BULLET.exec(text);
      const numbered = bullet ? null : NUMBERED.exec(text);
      const previous = current?.lines[current.lines.length - 1];
      const gap = previous ? previous.y - line.y : 0;
      const spacing = previous ? Math.max(previous.size, line.size) * 1.6 : 0;
      const sizeChanged = previous ? Math.abs(previous.size - line.size) > Math.max(previous.size, line.size) * 0.12 : false;

      if (bullet || numbered) {
        const wasOrdered = current?.kind === 'list' ? current.ordered : lastListOrdered;
        flush();
        if (!inList || wasOrdered !== Boolean(numbered)) listId++;
        lastListOrdered = Boolean(numbered);
        inList = true;
        const marker = (bullet ?? numbered)![0];
        current = { runs: stripMarker(runs, marker.length), lines: [line], kind: 'list', ordered: Boolean(numbered), level: 3 };
      } else if (level && (!current || current.kind !== 'heading' || sizeChanged || gap > spacing)) {
        flush();
        inList = false;
        current = { runs, lines: [line], kind: 'heading', ordered: false, level };
      } else if (current && !sizeChanged && gap <= spacing && gap > 0 && !(current.kind === 'list' && line.x0 < current.lines[0]!.x0 - 2)) {
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
      if (!/[.!?:;؟"”»)]\s*$/.test(tail) && /^[a-z\u0600-\u06FF]/.test(head)) {
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

function alignmentOf(lines: Line[], marginLeft: number, marginRight: number): Alignment {
  const width = marginRight - marginLeft;
  if (width <= 0) return 'start';
  const line = lines[0]!;
  const left = line.x0 - marginLeft;
  const right = marginRight - line.x1;
  const startGap = line.rtl ? right : left;
  const endGap = line.rtl ? left : right;
  if (lines.length === 1 && startGap > width * 0.1 && Math.abs(startGap - endGap) < width * 0.06) return 'center';
  if (startGap > width * 0.3 && endGap < width * 0.05) return 'end';
  return 'start';
}

function collectTable(elements: PageElement[], start: number): { rows: TextRun[][][]; next: number } | null {
  const rows: Line[] = [];
  let columns: number[] | null = null;
  let j = start;
  while (j < elements.length) {
    const e = elements[j]!;
    if (e.kind !== 'line' || e.line.chunks.length < 2) break;
    const starts = e.line.chunks.map((c) => (e.line.rtl ? c.x1 : c.x0)).sort((p, q) => p - q);
    if (!columns) columns = starts;
    else {
      const matches = starts.filter((s) => columns!.some((c) => Math.abs(c - s) < 12)).length;
      if (matches < Math.min(starts.length, columns.length) * 0.6) break;
      for (const s of starts) if (!columns.some((c) => Math.abs(c - s) < 12)) columns.push(s);
      columns.sort((p, q) => p - q);
    }
    if (rows.length && rows[rows.length - 1]!.y - e.line.y > e.line.size * 4) break;
    rows.push(e.line);
    j++;
  }
  if (rows.length < 2 || !columns || columns.length < 2 || columns.length > 12) return null;
  const rtl = rows.filter((r) => r.rtl).length > rows.length / 2;
  const cols = columns;
  const cells = rows.map((line) => {
    const row: TextRun[][] = cols.map(() => []);
    for (const chunk of line.chunks) {
      const anchor = line.rtl ? chunk.x1 : chunk.x0;
      let index = 0;
      for (let k = 0; k < cols.length; k++) if (Math.abs(cols[k]! - anchor) < Math.abs(cols[index]! - anchor)) index = k;
      const cell = row[index]!;
      if (cell.length) cell.push({ text: ' ', bold: false, italic: false });
      cell.push(...chunkRuns(chunk));
    }
    const ordered = rtl ? row.reverse() : row;
    return ordered.map((cell) => tidyRuns(cell));
  });
  return { rows: cells, next: j };
}

/** Images painted on a page, decoded and written as PNG, with their position. */
async function pageImages(
  page: { objs: { get(id: string, callback?: (data: unknown) => void): unknown }; commonObjs: { get(id: string, callback?: (data: unknown) => void): unknown } },
  operators: { fnArray: number[]; argsArray: unknown[] },
  OPS: Record<string, number>,
  options: { imageDir?: string; page: number; firstIndex: number; pageOrigin: [number, number] },
): Promise<Array<{ file: string; width: number; height: number; top: number }>> {
  const out: Array<{ file: string; width: number; height: number; top: number }> = [];
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
    else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
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
      const top = Math.max(...ys) - options.pageOrigin[1];
      if (!options.imageDir) {
        out.push({ file: '', width, height, top });
        continue;
      }
      const id = String(args[0]);
      // Images used on several pages live in the document-wide store.
      const image = fn === OPS.paintInlineImageXObject ? args[0] : await objectData(id.startsWith('g_') ? page.commonObjs : page.objs, id);
      const png = toPng(image);
      if (!png) continue;
      const file = path.join(options.imageDir, `image${options.firstIndex + out.length + 1}.png`);
      await fs.writeFile(file, png);
      out.push({ file, width, height, top });
      if (out.length >= 200) break;
    }
  }
  return out;
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
