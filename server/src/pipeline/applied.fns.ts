import type { AppliedSummary, StoredAppliedSummary } from '../../../contract/translate';
import type { GlossaryTerm } from '../engines/types';
import { MEMORY_ORIGINS } from './memory.fns';

export type { AppliedSummary, StoredAppliedSummary } from '../../../contract/translate';

/** Terms an answer lists (the screens show a few of them). */
export const APPLIED_TERMS_SHOWN = 20;
/** Terms a stored summary keeps (a page's, to add up over a site; a batch's are not cut). */
export const APPLIED_TERMS_KEPT = 100;

/** What memory and glossaries did for one segment: its origin and the terms its translation carries. */
export interface SegmentApplied {
  origin: string;
  glossaryTerms?: readonly GlossaryTerm[];
}

export const emptyApplied = (): AppliedSummary => ({ memory_segments: 0, memory_fuzzy_segments: 0, correction_segments: 0, glossary_terms: [], glossary_term_count: 0 });

/** Whether anything is worth saying: a memory segment, an approved correction or a glossary term. */
export const hasApplied = (summary: StoredAppliedSummary | null | undefined): summary is StoredAppliedSummary =>
  Boolean(summary && (summary.memory_segments > 0 || (summary.correction_segments ?? 0) > 0 || summary.glossary_term_count > 0));

/** Most used first, then by wording, so equal summaries list the same terms. */
function rankTerms(counts: Map<string, { source: string; target: string; count: number }>, limit: number) {
  return [...counts.values()].sort((a, b) => b.count - a.count || a.source.localeCompare(b.source) || a.target.localeCompare(b.target)).slice(0, limit);
}

/**
 * The pipeline's per-segment origins summed: segments answered by an approved correction
 * (`memory-correction`, counted as corrections, as the translator lists them), the other
 * segments from translation memory (liked translations, fuzzy hits of either) and, per
 * glossary term (wording and rendering), the segments it was applied in.
 * `limit` cuts the list (most used first); `glossary_term_count` still counts every term.
 */
export function summariseApplied(segments: Iterable<SegmentApplied>, limit = Number.POSITIVE_INFINITY): AppliedSummary {
  let memory = 0;
  let fuzzy = 0;
  let corrections = 0;
  const counts = new Map<string, { source: string; target: string; count: number }>();
  for (const segment of segments) {
    if (segment.origin === 'memory-correction') corrections++;
    else if (MEMORY_ORIGINS.has(segment.origin)) memory++;
    if (segment.origin === 'memory-fuzzy') fuzzy++;
    for (const term of segment.glossaryTerms ?? []) {
      const key = `${term.source}\u0000${term.target}`;
      const entry = counts.get(key);
      if (entry) entry.count++;
      else counts.set(key, { source: term.source, target: term.target, count: 1 });
    }
  }
  return { memory_segments: memory, memory_fuzzy_segments: fuzzy, correction_segments: corrections, glossary_terms: rankTerms(counts, limit), glossary_term_count: counts.size };
}

/**
 * Stored summaries (a document's batches, a site's pages) added up, the list cut to `limit`.
 * Missing ones (null: stored before summaries were kept) add nothing. The count of different
 * terms is exact while no part had more than it listed; past that it is the most that can be
 * told (at least the largest part's count).
 */
export function mergeApplied(parts: Iterable<StoredAppliedSummary | null | undefined>, limit = APPLIED_TERMS_SHOWN): AppliedSummary {
  let memory = 0;
  let fuzzy = 0;
  let corrections = 0;
  let largest = 0;
  const counts = new Map<string, { source: string; target: string; count: number }>();
  for (const part of parts) {
    if (!part) continue;
    memory += part.memory_segments;
    fuzzy += part.memory_fuzzy_segments;
    corrections += part.correction_segments ?? 0;
    largest = Math.max(largest, part.glossary_term_count);
    for (const term of part.glossary_terms) {
      const key = `${term.source}\u0000${term.target}`;
      const entry = counts.get(key);
      if (entry) entry.count += term.count;
      else counts.set(key, { source: term.source, target: term.target, count: term.count });
    }
  }
  return { memory_segments: memory, memory_fuzzy_segments: fuzzy, correction_segments: corrections, glossary_terms: rankTerms(counts, limit), glossary_term_count: Math.max(counts.size, largest) };
}

/** A stored summary as an answer lists it: the first APPLIED_TERMS_SHOWN terms (an older one's corrections, counted in its memory, as 0). */
export const shownApplied = (summary: StoredAppliedSummary | null | undefined): AppliedSummary | null =>
  summary ? { ...summary, correction_segments: summary.correction_segments ?? 0, glossary_terms: summary.glossary_terms.slice(0, APPLIED_TERMS_SHOWN) } : null;

/** The origin of a reviewed unit of a website page: the reviewer's approved correction, shown instead of the machine's words. */
export const REVIEWED_ORIGIN = 'memory-correction';

/**
 * A page's stored summary once some of its segments are reviewed (`origins`: each segment's
 * origin, the reviewed ones `REVIEWED_ORIGIN`): memory, fuzzy hits and corrections counted again
 * from the origins, so a unit reviewed twice, or one that already showed a correction, is one
 * correction. With `terms` (each segment's glossary terms, a reviewed unit's cut to those its new
 * words still carry) the terms are counted again from them too; without (a page translated before
 * they were kept) the glossary's terms stay as the pipeline applied them.
 */
export function reviewedApplied(summary: StoredAppliedSummary, origins: readonly string[], terms?: ReadonlyArray<readonly GlossaryTerm[]> | null): StoredAppliedSummary {
  const recounted = summariseApplied(origins.map((origin, index) => ({ origin, glossaryTerms: terms?.[index] })), APPLIED_TERMS_KEPT);
  const { memory_segments, memory_fuzzy_segments, correction_segments } = recounted;
  return terms ? recounted : { ...summary, memory_segments, memory_fuzzy_segments, correction_segments };
}

/** The terms of a segment a reviewer's words still carry (the pipeline's check after the engine: the rendering is in the text). */
export const termsCarried = (terms: readonly GlossaryTerm[], text: string): GlossaryTerm[] => terms.filter((term) => text.includes(term.target));
