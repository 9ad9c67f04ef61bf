import { analyzeDocx, mergeDocx } from './docx';
import { analyzePdf, mergePdf } from './pdf';
import { analyzePptx, mergePptx } from './pptx';
import type { DocumentAnalysis, DocumentFormat, FilterOptions, MergeInput } from './types';
import { analyzeXliff, mergeXliff } from './xliff';
import { analyzeXlsx, mergeXlsx } from './xlsx';

/**
 * Document filters (ARCHITECTURE.md "Documents"): each extracts segments, and merges
 * translations back into a file that looks like the original.
 */
export { detectFormat } from './detect';
export { DocumentError, documentErrorKey, isDocumentError, type DocumentErrorCode } from './errors';
export { DEFAULT_LIMITS, type FilterLimits } from './limits';
export { countWords, isTranslatable, stripPlaceholders } from './inline';
export { DOCUMENT_FORMATS, OUTPUT_FORMAT, type DocumentAnalysis, type DocumentFormat, type FilterOptions, type MergeInput, type PartRange } from './types';

const FILTERS: Record<DocumentFormat, { analyze(path: string, options: FilterOptions): Promise<DocumentAnalysis>; merge(path: string, out: string, input: MergeInput, options: FilterOptions): Promise<void> }> = {
  docx: { analyze: analyzeDocx, merge: mergeDocx },
  xlsx: { analyze: analyzeXlsx, merge: mergeXlsx },
  pptx: { analyze: analyzePptx, merge: mergePptx },
  xliff: { analyze: analyzeXliff, merge: mergeXliff },
  pdf: { analyze: analyzePdf, merge: mergePdf },
};

export function analyzeDocument(path: string, format: DocumentFormat, options: FilterOptions): Promise<DocumentAnalysis> {
  return FILTERS[format].analyze(path, options);
}

export function mergeDocument(path: string, format: DocumentFormat, outPath: string, input: MergeInput, options: FilterOptions): Promise<void> {
  return FILTERS[format].merge(path, outPath, input, options);
}
