import type { DocumentFormat, DocumentModel, DocumentState } from '../../../../contract/documents';
import type { Limits } from '../account/limits.fns';

// The answers' shapes come from the shared contract (contract/documents.ts).
export type { DocumentFormat, DocumentModel, DocumentQueued, DocumentStatus, WordCount } from '../../../../contract/documents';

/** The document formats of the spec (section 1) and the file names that usually carry them. */
export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ['docx', 'xlsx', 'pptx', 'xliff', 'pdf'];

const EXTENSIONS: Record<string, DocumentFormat> = { docx: 'docx', xlsx: 'xlsx', pptx: 'pptx', xlf: 'xliff', xliff: 'xliff', pdf: 'pdf' };

export const DOCUMENT_MODELS: readonly DocumentModel[] = ['general', 'business', 'legal', 'ecommerce', 'llm'];

export type JobState = DocumentState;
export const PHASES = ['analyzing', 'translating', 'generating'] as const;

/** The format a file name suggests; the server decides by content, this only gives early feedback. */
export function formatFromName(name: string): DocumentFormat | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return extension ? (EXTENSIONS[extension] ?? null) : null;
}

/** The `accept` attribute for the file input: the extensions of the formats the visitor may use. */
export function acceptAttribute(formats: readonly string[]): string {
  return Object.entries(EXTENSIONS)
    .filter(([, format]) => formats.includes(format))
    .map(([extension]) => `.${extension}`)
    .join(',');
}

/** `format`: a format Lisan reads that the visitor's limits leave out (null: not a document format at all). */
export type FileProblem = { kind: 'format'; format: DocumentFormat | null } | { kind: 'size'; limitMb: number } | { kind: 'words'; limit: number };

/** Checks a chosen file against the visitor's limits before anything is uploaded (spec section 5). */
export function checkFile(file: { name: string; size: number }, limits: Pick<Limits, 'fileFormats' | 'maxDocSize'>): FileProblem | null {
  const format = formatFromName(file.name);
  if (!format || !limits.fileFormats.includes(format)) return { kind: 'format', format };
  if (file.size > limits.maxDocSize * 1024 * 1024) return { kind: 'size', limitMb: limits.maxDocSize };
  return null;
}

export function checkWords(words: number, limits: Pick<Limits, 'docWordsCount'>): FileProblem | null {
  return words > limits.docWordsCount ? { kind: 'words', limit: limits.docWordsCount } : null;
}

export const isFinished = (state: JobState | undefined) => state === 'done' || state === 'failed' || state === 'canceled';

/** Where each phase stands: done, current or still to come. */
export function phaseStatus(state: JobState, phase: (typeof PHASES)[number]): 'done' | 'current' | 'pending' {
  if (state === 'done') return 'done';
  const order = PHASES.indexOf(phase);
  const current = state === 'failed' || state === 'canceled' ? -1 : PHASES.indexOf(state);
  if (current < 0) return 'pending';
  return order < current ? 'done' : order === current ? 'current' : 'pending';
}

/** The target language when the source changes or is detected: always the other one of our two. */
export function targetFor(source: 'auto' | 'en' | 'ar', currentTarget: 'en' | 'ar', detected?: 'en' | 'ar'): 'en' | 'ar' {
  // "Detect language" found the language chosen as the target: the other one is meant (the server's rule too).
  if (source === 'auto') return detected === currentTarget ? (detected === 'en' ? 'ar' : 'en') : currentTarget;
  return source === 'en' ? 'ar' : 'en';
}

