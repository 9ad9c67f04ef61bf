import type { Lang } from '../engines/types';
import { countWords, languageFromLetters, scriptLetters } from '../text/toolkit';
import { applyTranslation, stripPlaceholders, type BuiltSegment, type InlineNode } from './inline';
import type { FilterLimits } from './limits';

export type DocumentFormat = 'docx' | 'xlsx' | 'pptx' | 'xliff' | 'pdf';
export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ['docx', 'xlsx', 'pptx', 'xliff', 'pdf'];

/** The format written for each input format (a PDF comes back as DOCX, spec section 9). */
export const OUTPUT_FORMAT: Record<DocumentFormat, { extension: string; mime: string }> = {
  docx: { extension: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  pdf: { extension: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { extension: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { extension: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  xliff: { extension: 'xlf', mime: 'application/xliff+xml' },
};

/** Which segments came from which part, so a merge can write parts in any order. */
export interface PartRange {
  part: string;
  start: number;
  count: number;
}

export interface DocumentAnalysis {
  format: DocumentFormat;
  /** One per paragraph (or cell string, sheet name, unit), with placeholders; in document order. */
  segments: string[];
  parts: PartRange[];
  words: number;
  characters: number;
  pages?: number;
  /** The language most of the text is in, when it is clearly one of ours. */
  detectedLanguage: Lang | null;
}

export interface FilterOptions {
  source: Lang;
  target: Lang;
  limits: FilterLimits;
  /** Directory for scratch files (PDF images); removed by the caller. */
  workDir?: string;
  /** Placeholders an engine lost and the filter re-inserted are reported here. */
  onRepair?: (segmentIndex: number, repairs: number) => void;
}

export interface MergeInput {
  translations: readonly (string | undefined)[];
  parts?: readonly PartRange[];
  /** Written into the file's metadata (the "dictionary gloss" notice), when set. */
  notice?: string;
}


/**
 * Hands segments out in document order. Analysis records them; a merge returns the
 * translation of the same segment, found by the same walk over the same file.
 */
export class SegmentCursor {
  readonly segments: string[] = [];
  words = 0;
  characters = 0;
  arabicLetters = 0;
  latinLetters = 0;
  /** Latin letters of capitalised words (names, brands): see languageFromLetters. */
  nameLetters = 0;

  constructor(
    readonly mode: 'analyze' | 'merge',
    private readonly translations: readonly (string | undefined)[] = [],
    private index = 0,
    private readonly options: Pick<FilterOptions, 'onRepair'> & { maxSegments?: number } = {},
  ) {}

  get position() {
    return this.mode === 'analyze' ? this.segments.length : this.index;
  }

  /** Analysis: records the segment. Merge: the translation of the segment at this position. */
  take(text: string, plain: string, countable = true): string | undefined {
    if (this.mode === 'analyze') {
      this.segments.push(text);
      if (this.options.maxSegments && this.segments.length > this.options.maxSegments) throw new SegmentLimitError();
      if (countable) {
        this.words += countWords(plain);
        this.characters += plain.length;
        const letters = scriptLetters(plain);
        this.arabicLetters += letters.arabic;
        this.latinLetters += letters.latin;
        this.nameLetters += letters.names;
      }
      return undefined;
    }
    return this.translations[this.index++];
  }

  /**
   * Plain text outside any paragraph (an attribute: alt text, a validation's message): its
   * trimmed text is the segment. Returns the text to write, the original when there is no
   * translation; placeholders an engine added are dropped, the spaces around are kept.
   */
  takePlain(text: string, countable = true): string {
    const core = text.trim();
    if (!core) return text;
    const translated = this.take(core, core, countable);
    if (translated === undefined) return text;
    const plain = stripPlaceholders(translated).trim();
    return plain ? text.replace(core, () => plain) : text;
  }

  /** `takePlain` over some attributes of an element (each its own segment), written back in a merge. */
  takeAttributes(attrs: Record<string, string>, names: readonly string[], countable = true) {
    for (const name of names) {
      const value = attrs[name];
      if (value === undefined) continue;
      const translated = this.takePlain(value, countable);
      if (this.mode === 'merge') attrs[name] = translated;
    }
  }

  /** Takes the segment of a built paragraph and returns the nodes to write. */
  apply<P, S>(built: BuiltSegment<P, S>, countable = true): InlineNode<P, S>[] {
    if (!built.text) return built.original;
    const at = this.position;
    const translated = this.take(built.text, built.plain, countable);
    if (this.mode === 'analyze') return built.original;
    const { nodes, repairs } = applyTranslation(built, translated);
    if (repairs) this.options.onRepair?.(at, repairs);
    return nodes;
  }

  detectedLanguage(): Lang | null {
    return languageFromLetters({ arabic: this.arabicLetters, latin: this.latinLetters, names: this.nameLetters })?.lang ?? null;
  }
}

export class SegmentLimitError extends Error {}
