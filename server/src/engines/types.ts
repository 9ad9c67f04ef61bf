import type { Domain } from '../db/tables/glossary';

/**
 * The one interface every translation engine implements (ARCHITECTURE.md "Translation engines").
 * A Segment is plain text whose inline markup has been replaced by numbered placeholders
 * (see placeholders below); filters put the markup back after translation.
 */
export type Lang = 'en' | 'ar';
export type { Domain };

export const LANGS: readonly Lang[] = ['en', 'ar'];
export const DOMAINS: readonly Domain[] = ['general', 'business', 'legal', 'ecommerce'];

/**
 * Placeholders: paired tags `<x1>…</x1>` (numbered, properly nested) and standalone
 * `<x2/>`. Engines must return them unchanged and in a valid nesting; filters repair
 * what an engine loses (re-inserting missing tags at the nearest word boundary).
 */
export type Segment = string;

export interface GlossaryTerm {
  source: string;
  target: string;
}

export interface TranslationJob {
  source: Lang;
  target: Lang;
  domain: Domain;
  /** Terms that must be translated this way (per-domain and team glossaries, merged). */
  glossary?: GlossaryTerm[];
  /** Aborts a slow engine call (timeouts, client gone). */
  signal?: AbortSignal;
}

export interface TranslationEngine {
  /** 'local' (Bergamot), 'dictionary', 'llm', 'libretranslate', 'deepl', 'google', ... */
  readonly id: string;
  /** Whether this engine can serve the pair now (models installed, keys configured). */
  supports(source: Lang, target: Lang): boolean;
  /**
   * Does all its work on the calling thread without waiting on anything (the dictionary). The
   * router calls such an engine without a timeout, an abort race or a concurrency slot: none
   * of them can stop or bound work that runs to its end once it has started.
   */
  readonly synchronous?: boolean;
  /** One output per input segment, in order; never fewer, never more. */
  translate(segments: Segment[], job: TranslationJob): Promise<string[]>;
  close?(): Promise<void>;
}

/** An engine failure that the router may retry or fall back from. */
export class EngineError extends Error {
  constructor(
    readonly engineId: string,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown; retryAfterMs?: number },
  ) {
    super(message, { cause: options?.cause });
    this.retryAfterMs = options?.retryAfterMs;
  }
  readonly retryAfterMs?: number;
}

/**
 * Segments in (placeholders kept), one translation per segment out, and the engine that
 * answered: what documents and websites need from the engine router (container.ts).
 */
export type SegmentTranslator = (
  segments: Segment[],
  /** `ownerUserId`: whose translation memory and glossaries apply (the pipeline's owner; none for guests). */
  job: { source: Lang; target: Lang; domain: Domain; llm?: boolean; ownerUserId?: number | null },
) => Promise<{
  translations: string[];
  engine: string;
  /** Per segment: 'memory', 'memory-correction', 'memory-fuzzy' or the engine that answered (the pipeline's origins). */
  origins?: string[];
  /** Per segment: the glossary terms its translation carries. */
  glossaryTerms?: GlossaryTerm[][];
}>;
