import type { Logger } from 'pino';
import { normalizeForMatch } from '../engines/normalize';
import type { EngineRouter, RouteRequest, RouteResult } from '../engines/router';
import type { Domain, GlossaryTerm, Lang, SegmentTranslator } from '../engines/types';
import { termsCarried } from './applied.fns';
import { adaptFuzzyHit, hasPlaceables, memorySkeleton, type FuzzyHit } from './memory.fns';
import { ownerKeysFor } from './owner';

/**
 * What the pipeline reads, each module passing its own service in (the container wires them):
 * it imports no module, so the modules that use it (translate, documents, websites, the API)
 * and those it reads (translate's memory, the glossary) do not tie into one another through it.
 */
/** A stored translation memory entry that may match (translate module's `translation_memory`). */
export interface MemoryHit {
  source_norm: string;
  source_skeleton: string;
  target_text: string;
  /** For an approved correction: the machine's words it replaced, when known; null for a like. */
  machine_text: string | null;
  /** 'suggestion' (an approved correction) or a liked translation. */
  origin: string;
  owner_key: string;
}

export interface MemoryReader {
  /** Whether any of these owners has memory entries at all (most have none: no look-up). */
  hasEntries(ownerKeys: string[]): Promise<boolean>;
  /** Entries of these owners for the pair whose normalised source, or number skeleton, is one of these. */
  findMemory(ownerKeys: string[], source: string, target: string, norms: string[], skeletons: string[]): Promise<MemoryHit[]>;
}

export interface GlossaryReader {
  /** The terms that apply, in priority order: the owners' own, then the domain's and General's. */
  termsFor(input: { source: Lang; target: Lang; domain: Domain; ownerKeys?: string[] }): Promise<GlossaryTerm[]>;
}

/** Whose translation memory and glossary apply: a user (and their team), or nobody (a guest). */
export interface PipelineOwner {
  userId: number | null;
  teamId?: number | null;
}

/** The router's request (pair, domain, LLM mode, abort signal), with an owner and one more glossary. */
export interface PipelineRequest extends RouteRequest {
  owner: PipelineOwner;
  /** Segments: plain text, or text with numbered placeholders (documents, pages); kept as they are. */
  segments: string[];
  /** Terms of one more glossary (the developer API's glossary_id), before every other. */
  glossary?: GlossaryTerm[];
}

/** Where a segment's translation came from. */
export type SegmentOrigin = 'memory' | 'memory-correction' | 'memory-fuzzy' | 'glossary' | (string & {});

export interface PipelineSegment {
  target: string;
  /**
   * 'memory-correction' (an approved correction of the user or of their team, exactly this
   * sentence), 'memory' (a liked translation), 'memory-fuzzy' (either, for a sentence that
   * differs only in its numbers, the numbers replaced), else the engine that answered.
   */
  origin: SegmentOrigin;
  /** For 'memory-correction': the machine's words the correction replaced, when they are known and differ from it. */
  machineTarget?: string;
  /** For 'memory-fuzzy': the fuzzy match score, 0.5..1 (the share of tokens that are the stored sentence's own). */
  score?: number;
  /** Glossary terms of the source that the translation carries (enforced through the engine). */
  glossaryTerms: GlossaryTerm[];
}

export interface PipelineResult {
  segments: PipelineSegment[];
  /** The engine that answered (the first one), or 'memory' when memory answered every segment (whatever its hits' origins). */
  engine: string;
  engines: string[];
  route: RouteResult | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A term as the check after translation reads it, built once per term wording and language. */
interface TermMatcher {
  /** The term's normalised wording (a substring of any text that mentions it), or '' for none. */
  needle: string;
  /** The needle as a whole word or phrase. */
  pattern: RegExp | null;
}
const termMatchers = new Map<string, TermMatcher>();
function termMatcher(term: string, lang: Lang): TermMatcher {
  const key = `${lang}\u0000${term}`;
  let matcher = termMatchers.get(key);
  if (matcher === undefined) {
    const needle = normalizeForMatch(term, lang);
    matcher = { needle, pattern: needle ? new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(needle)}($|[^\\p{L}\\p{N}])`, 'u') : null };
    if (termMatchers.size >= 50_000) termMatchers.clear();
    termMatchers.set(key, matcher);
  }
  return matcher;
}

/**
 * The matchers of a glossary's terms, with each term's wording, in the glossary's order. The
 * glossary service gives back the same array for the same owner and pair, so a request's terms
 * are read once per array, not once per request.
 */
const glossaryMatchers = new WeakMap<GlossaryTerm[], { lang: Lang; terms: Array<{ term: GlossaryTerm; wording: string; matcher: TermMatcher }> }>();
function matchersOf(terms: GlossaryTerm[], lang: Lang) {
  let entry = glossaryMatchers.get(terms);
  if (!entry || entry.lang !== lang) {
    entry = { lang, terms: terms.map((term) => ({ term, wording: term.source.trim().toLowerCase(), matcher: termMatcher(term.source, lang) })) };
    glossaryMatchers.set(terms, entry);
  }
  return entry.terms;
}

/** Whether a term occurs in an already normalised text as a whole word or phrase (matched as glossaries match, case-insensitively). */
function mentions(normalizedText: string, matcher: TermMatcher): boolean {
  // The substring test first: most terms are not in most texts, and it costs a fraction of the pattern's.
  return matcher.needle !== '' && normalizedText.includes(matcher.needle) && (matcher.pattern?.test(normalizedText) ?? false);
}

/**
 * The one translation pipeline. Text, documents, websites and the developer API call it;
 * nothing else calls the engine router.
 *
 * segments in -> translation memory (the user's and the team's approved corrections, then
 * liked translations; exact match on the normalised text, else a fuzzy match that differs
 * only in numbers, see memory.fns.ts; an exact correction comes out as such, with the
 * machine's words it replaced) -> glossary terms (the request's
 * own, then user, team, the domain's and General's; protected through the engine with
 * placeholders by the router, and checked after) -> engine router -> segments out, each
 * with its origin. Memory is written by the approvals (corrections in the translator, likes,
 * a website's reviewed XLIFF) and read here, so a correction approved in the translator is
 * used by the next document and website page.
 */
export function createTranslationPipeline(deps: {
  router: EngineRouter;
  memory: MemoryReader;
  glossary: GlossaryReader;
  /** The user's team (for the team's memory and glossary) when the caller does not know it. */
  teamOf(userId: number): Promise<number | null>;
  logger?: Logger;
}) {
  async function ownerKeys(owner: PipelineOwner): Promise<string[]> {
    if (owner.userId === null) return [];
    const teamId = owner.teamId !== undefined ? owner.teamId : await deps.teamOf(owner.userId);
    return ownerKeysFor({ id: owner.userId }, teamId ? { teamId } : null);
  }

  async function translate(request: PipelineRequest): Promise<PipelineResult> {
    const { source, target, domain, segments } = request;
    const keys = await ownerKeys(request.owner);
    const out = new Array<PipelineSegment | undefined>(segments.length);

    // 1. Translation memory: exact hits, then fuzzy ones (a stored sentence that differs only
    // in its numbers, with the numbers put into its translation); suggestions before likes, the
    // most specific owner (the user before the team) first.
    if (keys.length && segments.length && (await deps.memory.hasEntries(keys))) {
      const norms = segments.map((text) => normalizeForMatch(text, source));
      const skeletons = norms.filter(hasPlaceables).map(memorySkeleton);
      const hits = await deps.memory.findMemory(keys, source, target, [...new Set(norms)], [...new Set(skeletons)]);
      const rank = (hit: (typeof hits)[number]) => (hit.origin === 'suggestion' ? 0 : 10) + keys.indexOf(hit.owner_key);
      const ranked = [...hits].sort((a, b) => rank(a) - rank(b));
      const exact = new Map<string, MemoryHit>();
      const bySkeleton = new Map<string, typeof ranked>();
      for (const hit of ranked) {
        if (!exact.has(hit.source_norm)) exact.set(hit.source_norm, hit);
        const group = bySkeleton.get(hit.source_skeleton);
        if (group) group.push(hit);
        else bySkeleton.set(hit.source_skeleton, [hit]);
      }
      norms.forEach((norm, index) => {
        const hit = exact.get(norm);
        if (hit !== undefined) {
          // An approved correction says so, with the machine's words it replaced (kept with it in the memory,
          // read by this same look-up), so the translator and the history show it like the correction itself.
          if (hit.origin !== 'suggestion') out[index] = { target: hit.target_text, origin: 'memory', glossaryTerms: [] };
          else {
            const machine = hit.machine_text !== null && hit.machine_text !== hit.target_text ? hit.machine_text : undefined;
            out[index] = { target: hit.target_text, origin: 'memory-correction', ...(machine !== undefined ? { machineTarget: machine } : {}), glossaryTerms: [] };
          }
          return;
        }
        // The highest score wins; at equal scores, the rank above (sort is stable).
        let best: FuzzyHit | null = null;
        for (const candidate of bySkeleton.get(memorySkeleton(norm)) ?? []) {
          const adapted = adaptFuzzyHit(norm, { sourceNorm: candidate.source_norm, target: candidate.target_text }, target);
          if (adapted && (!best || adapted.score > best.score)) best = adapted;
        }
        if (best) out[index] = { target: best.target, origin: 'memory-fuzzy', score: best.score, glossaryTerms: [] };
      });
    }

    const pending = segments.map((_, index) => index).filter((index) => out[index] === undefined);
    if (!pending.length) return { segments: out as PipelineSegment[], engine: 'memory', engines: [], route: null };

    // 2. Glossary terms, 3. the engine router (which protects the terms through engines that do not apply them).
    const owned = await deps.glossary.termsFor({ source, target, domain, ownerKeys: keys });
    const terms = request.glossary?.length ? [...request.glossary, ...owned] : owned;
    const route = await deps.router.translate(
      pending.map((index) => segments[index]!),
      { source, target, domain, llm: request.llm, glossary: terms, signal: request.signal },
    );

    // 4. Checked after: which terms of each source the translation carries.
    const matchers = terms.length ? matchersOf(terms, source) : [];
    pending.forEach((index, i) => {
      const text = route.targets[i]!;
      const normalizedSource = terms.length ? normalizeForMatch(segments[index]!, source) : '';
      // One term per source wording: the first in priority order (the request's, then the owner's, then shared ones), as the router applies it.
      const wordings = new Set<string>();
      const applied: GlossaryTerm[] = [];
      for (const { term, wording, matcher } of matchers) {
        if (wordings.has(wording) || !mentions(normalizedSource, matcher)) continue;
        wordings.add(wording);
        applied.push(term);
      }
      const carried = termsCarried(applied, text);
      if (carried.length < applied.length) {
        deps.logger?.warn({ engine: route.engine, missing: applied.length - carried.length }, 'a glossary term is missing from a translation');
      }
      out[index] = { target: text, origin: route.engine, glossaryTerms: carried };
    });
    return { segments: out as PipelineSegment[], engine: route.engine, engines: route.engines, route };
  }

  return {
    translate,

    /** The pipeline as documents and websites call it: segments of one owner's job. */
    segmentTranslator(): SegmentTranslator {
      return async (segments, job) => {
        const result = await translate({ owner: { userId: job.ownerUserId ?? null }, segments, source: job.source, target: job.target, domain: job.domain, llm: job.llm });
        return { translations: result.segments.map((s) => s.target), engine: result.engine, origins: result.segments.map((s) => s.origin), glossaryTerms: result.segments.map((s) => s.glossaryTerms) };
      };
    },
  };
}

export type TranslationPipeline = ReturnType<typeof createTranslationPipeline>;
