import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildSegment, type InlineNode } from '../inline';
import { SegmentCursor, SegmentLimitError, type DocumentAnalysis, type FilterOptions, type MergeInput } from '../types';
import { DocumentError } from '../errors';
import { writeDocx, type OutputBlock } from './docx-writer';
import { extractPdf, type Block, type TextRun } from './extract';

/**
 * PDF in, DOCX out (spec section 9). Analysis and merge read the PDF the same way, so the
 * n-th segment of the analysis is the n-th text block the merge writes.
 */
type Style = { bold: boolean; italic: boolean };

const styleKey = (run: TextRun) => `${run.bold ? 'b' : ''}${run.italic ? 'i' : ''}`;

function translateRuns(runs: TextRun[], cursor: SegmentCursor): TextRun[] {
  const inline: InlineNode<never, Style>[] = runs.map((run) => ({ kind: 'text', text: run.text, style: { key: styleKey(run), value: { bold: run.bold, italic: run.italic } } }));
  const built = buildSegment(inline);
  const nodes = cursor.apply(built);
  return nodes.filter((n): n is Extract<typeof n, { kind: 'text' }> => n.kind === 'text').map((n) => ({ text: n.text, bold: n.style.value.bold, italic: n.style.value.italic }));
}

function walk(blocks: Block[], cursor: SegmentCursor): OutputBlock[] {
  const out: OutputBlock[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'heading':
      case 'paragraph':
      case 'listItem':
        out.push({ ...block, runs: translateRuns(block.runs, cursor) });
        break;
      case 'table':
        out.push({ ...block, rows: block.rows.map((row) => row.map((cell) => ({ ...cell, runs: translateRuns(cell.runs, cursor) }))) });
        break;
      case 'image':
        if (block.file) out.push(block); // analysis places pictures without writing them
        break;
      case 'pageBreak':
        break;
    }
  }
  return out;
}

export async function analyzePdf(filePath: string, options: FilterOptions): Promise<DocumentAnalysis> {
  const layout = await extractPdf(filePath, { limits: options.limits });
  const cursor = new SegmentCursor('analyze', [], 0, { maxSegments: options.limits.maxSegments });
  try {
    walk(layout.blocks, cursor);
  } catch (error) {
    if (error instanceof SegmentLimitError) throw new DocumentError('too_complex', 'too many segments');
    throw error;
  }
  return {
    format: 'pdf',
    segments: cursor.segments,
    parts: [{ part: 'pdf', start: 0, count: cursor.segments.length }],
    words: cursor.words,
    characters: cursor.characters,
    pages: layout.pages,
    detectedLanguage: cursor.detectedLanguage(),
  };
}

export async function mergePdf(filePath: string, outPath: string, input: MergeInput, options: FilterOptions): Promise<void> {
  const workDir = await fs.mkdtemp(path.join(options.workDir ?? os.tmpdir(), 'pdf-'));
  try {
    const layout = await extractPdf(filePath, { limits: options.limits, imageDir: workDir });
    const cursor = new SegmentCursor('merge', input.translations, 0, { onRepair: options.onRepair });
    const blocks = walk(layout.blocks, cursor);
    // Letter or A4 at most, so a poster-sized PDF still prints on paper.
    await writeDocx(outPath, blocks, { target: options.target, pageWidth: Math.min(layout.pageWidth, 612), pageHeight: Math.min(layout.pageHeight, 842), notice: input.notice });
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

