import path from 'node:path';
import type { Lang } from '../../engines/types';
import { isTranslatable, OUTPUT_FORMAT, stripPlaceholders, type DocumentFormat } from '../../formats';
import type { DocumentJobState } from '../../db/tables/documents';
import { planBatches as planTextBatches, type Batch } from '../../text/toolkit';

export type { Batch };

/**
 * Groups the segments that need an engine (those with letters) into batches (the toolkit's
 * batcher); the job saves its progress after each batch.
 */
export function planBatches(segments: readonly string[], limits: { maxSegments: number; maxChars: number }): Batch[] {
  return planTextBatches(segments, limits, (segment) => isTranslatable(stripPlaceholders(segment)));
}

/** Every segment's text to write: the engine's translation, or the source where none was needed. */
export function assembleTranslations(segments: readonly string[], batches: readonly Batch[], saved: ReadonlyMap<number, readonly string[]>): string[] {
  const translations = [...segments];
  for (const batch of batches) {
    const result = saved.get(batch.index);
    if (!result) throw new Error(`batch ${batch.index} has not been translated`);
    batch.segmentIndexes.forEach((segmentIndex, k) => {
      translations[segmentIndex] = result[k] ?? segments[segmentIndex]!;
    });
  }
  return translations;
}

/**
 * Progress shown to users (0-100): analysing takes the first 5, translating up to 90 (in
 * proportion to the batches done), generating up to 99, done is 100.
 */
export function progressFor(state: DocumentJobState, batchesDone = 0, batchCount = 0): number {
  switch (state) {
    case 'analyzing':
      return 2;
    case 'translating':
      return batchCount ? 5 + Math.floor((85 * batchesDone) / batchCount) : 90;
    case 'generating':
      return 95;
    case 'done':
      return 100;
    case 'failed':
    case 'canceled':
      return 0;
  }
}

/** The first day of the calendar month (UTC): monthly document quotas count from here. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** A file name safe to store and to send back: no folders, no control characters, at most 180 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim();
  if (!cleaned || cleaned === '.' || cleaned === '..') return 'document';
  return [...cleaned].slice(-180).join('');
}

/** "report.pdf" translated into Arabic -> "report (ar).docx". */
export function translatedFileName(fileName: string, format: DocumentFormat, target: Lang): string {
  const extension = OUTPUT_FORMAT[format].extension;
  const base = fileName.replace(/\.[^.]*$/, '') || 'document';
  return `${base} (${target}).${extension}`;
}

/**
 * Whether a result in `requested` (a file extension, DeepL's `output_format`, any case) is what
 * Lisan writes for an input of `format`: its own format, except a PDF, which comes back as DOCX
 * (`xliff` and `xlf` both name XLIFF).
 */
export function outputFormatAllowed(format: DocumentFormat, requested: string): boolean {
  const wanted = requested.trim().toLowerCase();
  const written = OUTPUT_FORMAT[format].extension;
  return wanted === written || (written === 'xlf' && wanted === 'xliff');
}

/** Content-Disposition for a download whose name may be Arabic (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
