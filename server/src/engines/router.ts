import type { Logger } from 'pino';
import { planBatches } from '../text/toolkit';
import { EngineError, type Domain, type GlossaryTerm, type Lang, type Segment, type TranslationEngine } from './types';

/**
 * The engine router: every engine call goes through here, so every engine gets the same
 * batching, timeout, retries with backoff, per-engine concurrency limit and fallback.
 *
 * - Chain: the request's domain picks an ordered list of engine ids (a per-domain list,
 *   else the default list); `llm: true` puts the LLM engine first. Engines that are not
 *   registered or do not support the pair are skipped.
 * - Each batch tries the chain in order. A retryable EngineError (rate limit, 5xx,
 *   network) is retried on the same engine with exponential backoff (honouring
 *   `retryAfterMs`); anything else, a timeout or an answer with the wrong number of
 *   segments moves on to the next engine. The result says which engine answered.
 * - A synchronous engine (the dictionary: its work runs on this thread and cannot be cut
 *   short) is called at once, without a concurrency slot, timer or abort race; its answer is
 *   checked and its failures fall back like any other's.
 * - Glossaries: engines that apply `job.glossary` themselves (the LLM through its prompt,
 *   the dictionary through its look-up) get the terms as they are; for every other
 *   engine the router protects the terms with placeholders and puts the target terms back.
 * - Web addresses, e-mail addresses, markup tags and what reads as code (file names, paths,
 *   options, backticks, hashtags, handles) are never translated: every engine gets
 *   them as placeholders and the router puts them back as they were (`protectLiterals`).
 */
export interface EngineRouterOptions {
  engines: Iterable<TranslationEngine>;
  /** Default order of engine ids. */
  chain: string[];
  /** Per-domain order, replacing the default one for that domain. */
  chainByDomain?: Partial<Record<Domain, string[]>>;
  /** The engine `llm: true` asks for. */
  llmEngineId?: string;
  /** Milliseconds one engine call may take; a number, or per engine id with a `default`. */
  timeoutMs?: number | Record<string, number>;
  /** Retries of a retryable failure on the same engine (0 = try once). */
  retries?: number;
  /** First backoff delay; doubles each retry, capped by maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Calls in flight per engine; a number, or per engine id with a `default`. */
  concurrency?: number | Record<string, number>;
  /** Largest batch sent in one call: segments and characters. */
  batchSegments?: number;
  batchChars?: number;
  /** Engines that apply glossaries themselves. */
  nativeGlossaryEngines?: string[];
  logger?: Logger;
  /** Waits between retries (tests pass a recording stand-in). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** 0..1, for the backoff jitter (tests pass a constant). */
  random?: () => number;
}

export interface RouteRequest {
  source: Lang;
  target: Lang;
  domain: Domain;
  llm?: boolean;
  glossary?: GlossaryTerm[];
  signal?: AbortSignal;
}

export interface EngineFailure {
  engine: string;
  message: string;
  attempts: number;
}

export interface RouteResult {
  targets: string[];
  /** The engine that answered (the first batch's, when batches were answered by several). */
  engine: string;
  /** Every engine that answered a batch, in order of first use. */
  engines: string[];
  /** Engines that failed before one answered. */
  failures: EngineFailure[];
  /** Engine calls made, retries included. */
  calls: number;
  /** Wall time spent in the router, milliseconds. */
  engineMs: number;
}

/** No registered engine supports the request (none configured, or files missing). */
export class NoEngineAvailable extends Error {
  constructor(readonly source: Lang, readonly target: Lang) {
    super(`No translation engine supports ${source}->${target}`);
  }
}

/** Every engine of the chain failed. */
export class AllEnginesFailed extends Error {
  constructor(readonly failures: EngineFailure[]) {
    super(`All translation engines failed: ${failures.map((f) => `${f.engine}: ${f.message}`).join('; ')}`);
  }
}

/** A FIFO counting semaphore; waiting can be aborted. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<{ resolve: () => void; reject: (error: unknown) => void; signal?: AbortSignal; onAbort?: () => void }> = [];

  constructor(readonly limit: number) {}

  get inFlight() {
    return this.active;
  }

  get queued() {
    return this.waiting.length;
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.active < this.limit) {
      this.active++;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: (typeof this.waiting)[number] = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiting.push(waiter);
    });
    return this.releaser();
  }

  private releaser() {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) {
        if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
        next.resolve(); // The slot passes straight to the next waiter.
      } else {
        this.active--;
      }
    };
  }
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function perEngine(value: number | Record<string, number> | undefined, id: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number') return value;
  return value[id] ?? value.default ?? fallback;
}

/** Splits segments into batches of at most `maxSegments` segments and about `maxChars` characters (the toolkit's batcher). */
export function batchSegments(segments: Segment[], maxSegments: number, maxChars: number): Array<{ start: number; items: Segment[] }> {
  return planBatches(segments, { maxSegments, maxChars }).map((batch) => ({ start: batch.segmentIndexes[0]!, items: batch.segmentIndexes.map((i) => segments[i]!) }));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a glossary term occurs in a text: the whole term, any case, not inside a word. */
const termPattern = (term: GlossaryTerm) => new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escapeRegExp(term.source.trim())}(?![\\p{L}\\p{M}\\p{N}])`, 'giu');

/**
 * Replaces glossary terms in a segment with standalone placeholders numbered after the
 * segment's own, and returns how to put the target terms back. A placeholder the engine
 * dropped is re-inserted at the end, so the term is never lost.
 */
export function protectGlossaryTerms(segment: Segment, glossary: GlossaryTerm[]) {
  let next = nextPlaceholder(segment);
  const replacements: Array<{ placeholder: string; target: string }> = [];
  let text = segment;
  // Longest terms first, so "purchase order" wins over "order".
  for (const term of [...glossary].sort((a, b) => b.source.length - a.source.length)) {
    if (!term.source.trim()) continue;
    text = text.replace(termPattern(term), () => {
      const placeholder = `<x${next++}/>`;
      replacements.push({ placeholder, target: term.target });
      return placeholder;
    });
  }
  return { text, restore: restorer(replacements) };
}

/**
 * What no engine may translate, whatever the path (text, documents, pages, the API): web
 * addresses (with a scheme or `www.`), e-mail addresses and markup tags written as text (a
 * plain-text request with `<b>`; not our own `<x1>` placeholders). An engine saw
 * "https://lisan.com/pricing" and "info@lisan.com" as words ("بروتوكول انتقال النّصّ
 * المتشعّب://lisan.com/التسعير", "المعلومات@lisan.com"). The same holds for what reads as
 * code in running text: file names with a known extension ("report.pdf", "config.yaml"),
 * paths of two folders or more ("/etc/hosts"), command-line options ("--save-dev"), code in
 * backticks, hashtags and @handles: "Open config.yaml" became "افتح التكوين.yaml".
 */
const FILE_EXTENSIONS = [
  ...'pdf docx? xlsx? pptx? odt ods odp rtf txt csv tsv json ya?ml toml xml xliff xlf html? css sass scss jsx? tsx? mjs cjs py rb go rs java kt php cs cpp c h'.split(' '),
  ...'sh ps1 bat sql md ini cfg conf env log lock zip tar gz tgz 7z rar png jpe?g gif svg webp ico mp3 mp4 wav mov avi exe dmg apk msi iso bin dll so'.split(' '),
]
  // Either case ("REPORT.PDF"): each letter as a class of both.
  .map((extension) => extension.replace(/[a-z]/g, (letter) => `[${letter}${letter.toUpperCase()}]`))
  .join('|');
const LITERAL = new RegExp(
  [
    String.raw`\b(?:https?|ftp):\/\/[^\s<>"]+`,
    String.raw`\bwww\.[^\s<>"]+`,
    String.raw`\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+`,
    String.raw`<\/?(?!x\d+\/?>)[A-Za-z][A-Za-z0-9:-]*(?:\s[^<>]*)?\/?>`,
    // Code in backticks, whole (one line).
    String.raw`\u0060[^\u0060\n]+\u0060`,
    // A path of two folders or more, from the root or the home folder ("/etc/hosts", "~/.config/lisan").
    String.raw`(?<![\w.~/])~?(?:\/[\w.-]+){2,}\/?`,
    // A file name with a known extension ("report.pdf", "Node.js", "docker-compose.yml").
    String.raw`(?<![\w.\/-])[A-Za-z0-9_][\w-]*(?:\.[\w-]+)*\.(?:${FILE_EXTENSIONS})(?![\w-]|\.\w)`,
    // A command-line option ("--save-dev", "--port=8080"); a dash between words ("now -- then") is none.
    String.raw`(?<![\w-])--[A-Za-z][\w-]*(?:=[^\s<>"]+)?`,
    // A hashtag ("#Lisan", "#ترجمة") and a handle ("@lisan_app"); "C#" and "info@" are neither.
    String.raw`(?<![\p{L}\p{N}_&#])#[\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*`,
    String.raw`(?<![\p{L}\p{N}_.@])@[A-Za-z0-9_]{2,}\b`,
  ].join('|'),
  'gu',
);
/** Cheap test before the pattern: most segments hold none of these. */
const MAY_HOLD_LITERAL = new RegExp(String.raw`[<@#\u0060]|:\/\/|www\.|--[A-Za-z]|\/[\w.-]+\/|\.(?:${FILE_EXTENSIONS})\b`);
/** Punctuation that ends a sentence after an address rather than belonging to it. */
const ADDRESS_TAIL = /[.,;:!?)\]}'"»،؛؟]+$/;

/** Numbers placeholders after those a segment already holds (its own, or an earlier protection's). */
function nextPlaceholder(segment: Segment) {
  let max = 0;
  for (const match of segment.matchAll(/<\/?x(\d+)\/?>/g)) max = Math.max(max, Number(match[1]));
  return max + 1;
}

/** Puts each placeholder's text back; a placeholder the engine dropped is added at the end, so nothing is lost. */
function restorer(replacements: Array<{ placeholder: string; target: string }>) {
  return (translated: string): string => {
    let result = translated;
    for (const { placeholder, target } of replacements) {
      result = result.includes(placeholder) ? result.split(placeholder).join(target) : `${result.trimEnd()} ${target}`;
    }
    return result;
  };
}

const unchanged = (text: string) => text;

/**
 * Replaces web addresses, e-mail addresses and markup tags in a segment with standalone
 * placeholders (numbered after the segment's own) and returns how to put them back.
 */
export function protectLiterals(segment: Segment): { text: string; restore(translated: string): string } {
  if (!MAY_HOLD_LITERAL.test(segment)) return { text: segment, restore: unchanged };
  let next = nextPlaceholder(segment);
  const replacements: Array<{ placeholder: string; target: string }> = [];
  const text = segment.replace(LITERAL, (match) => {
    const literal = match[0] === '<' || match[0] === '\u0060' ? match : match.replace(ADDRESS_TAIL, '');
    if (!literal) return match;
    const placeholder = `<x${next++}/>`;
    replacements.push({ placeholder, target: literal });
    return placeholder + match.slice(literal.length);
  });
  return replacements.length ? { text, restore: restorer(replacements) } : { text: segment, restore: unchanged };
}

export function createEngineRouter(options: EngineRouterOptions) {
  const engines = new Map<string, TranslationEngine>();
  for (const engine of options.engines) engines.set(engine.id, engine);
  const llmEngineId = options.llmEngineId ?? 'llm';
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 200;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  const batchSegmentsMax = options.batchSegments ?? 32;
  const batchCharsMax = options.batchChars ?? 8_000;
  const nativeGlossary = new Set(options.nativeGlossaryEngines ?? [llmEngineId, 'dictionary']);
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const semaphores = new Map<string, Semaphore>();
  const timings = new Map<string, { calls: number; failures: number; recent: number[]; next: number }>();
  const TIMING_WINDOW = 10_000;
  /** Remembers the duration of a call (a ring of the last 10,000 per engine) for stats(). */
  const recordTiming = (id: string, ms: number, failed: boolean) => {
    let entry = timings.get(id);
    if (!entry) timings.set(id, (entry = { calls: 0, failures: 0, recent: [], next: 0 }));
    entry.calls++;
    if (failed) entry.failures++;
    if (entry.recent.length < TIMING_WINDOW) entry.recent.push(ms);
    else entry.recent[entry.next] = ms;
    entry.next = (entry.next + 1) % TIMING_WINDOW;
  };
  const semaphoreFor = (id: string) => {
    let semaphore = semaphores.get(id);
    if (!semaphore) semaphores.set(id, (semaphore = new Semaphore(Math.max(1, perEngine(options.concurrency, id, 8)))));
    return semaphore;
  };

  /** The engine ids a request would try, in order: registered and supporting the pair. */
  function chainFor(request: Pick<RouteRequest, 'source' | 'target' | 'domain' | 'llm'>): string[] {
    const base = options.chainByDomain?.[request.domain] ?? options.chain;
    const ids = request.llm ? [llmEngineId, ...base.filter((id) => id !== llmEngineId)] : base.filter((id) => id !== llmEngineId);
    return [...new Set(ids)].filter((id) => engines.get(id)?.supports(request.source, request.target));
  }

  /** The engine's answer checked (one string per segment) and what was protected put back. */
  function checkedOutput(engine: TranslationEngine, items: Segment[], output: unknown, protectedItems: Array<{ restore(text: string): string }>): string[] {
    if (!Array.isArray(output) || output.length !== items.length || output.some((item) => typeof item !== 'string')) {
      throw new EngineError(engine.id, `returned ${Array.isArray(output) ? output.length : 'no'} segments for ${items.length}`, false);
    }
    return (output as string[]).map((text, i) => protectedItems[i]!.restore(text));
  }

  /**
   * What an engine is sent: addresses and tags protected for every engine, then glossary terms
   * for an engine that does not apply them itself; `restore` undoes both, in turn.
   */
  function protectForEngine(engine: TranslationEngine, items: Segment[], glossary: GlossaryTerm[] | undefined) {
    const glossaryHere = glossary && !nativeGlossary.has(engine.id) ? glossary : undefined;
    return items.map((item) => {
      const literals = protectLiterals(item);
      if (!glossaryHere) return literals;
      const terms = protectGlossaryTerms(literals.text, glossaryHere);
      return { text: terms.text, restore: (text: string) => literals.restore(terms.restore(text)) };
    });
  }

  /** One call to one engine under its concurrency limit and timeout (a synchronous engine runs at once). */
  async function callOnce(engine: TranslationEngine, items: Segment[], request: RouteRequest): Promise<string[]> {
    const glossary = request.glossary?.length ? request.glossary : undefined;
    const protectedItems = protectForEngine(engine, items, glossary);
    const sent = protectedItems.map((p) => p.text);
    const job = { source: request.source, target: request.target, domain: request.domain, glossary };
    if (engine.synchronous) {
      // Nothing to wait for, so nothing a timer or the client going away could cut short.
      request.signal?.throwIfAborted();
      return checkedOutput(engine, items, await engine.translate(sent, { ...job, signal: request.signal }), protectedItems);
    }
    const release = await semaphoreFor(engine.id).acquire(request.signal);
    const controller = new AbortController();
    const timeoutMs = perEngine(options.timeoutMs, engine.id, 20_000);
    const onClientAbort = () => controller.abort(request.signal!.reason);
    request.signal?.addEventListener('abort', onClientAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    try {
      // One promise settles the race for both the timeout and the client going away.
      const stopped = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
      });
      timer = setTimeout(() => controller.abort(new EngineError(engine.id, `timed out after ${timeoutMs} ms`, false)), timeoutMs);
      if (request.signal?.aborted) controller.abort(request.signal.reason);
      const call = engine.translate(sent, { ...job, signal: controller.signal });
      call.catch(() => {}); // A late rejection after a timeout must not go unhandled.
      return checkedOutput(engine, items, await Promise.race([call, stopped]), protectedItems);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onClientAbort);
      release();
    }
  }

  /** Translates one batch through the chain; returns the answer and who gave it. */
  async function translateBatch(chain: string[], items: Segment[], request: RouteRequest, stats: { calls: number; failures: EngineFailure[] }) {
    for (const id of chain) {
      const engine = engines.get(id);
      if (!engine) continue; // taken out (hot swap) since the chain was computed
      let attempts = 0;
      for (;;) {
        attempts++;
        stats.calls++;
        const started = performance.now();
        try {
          const targets = await callOnce(engine, items, request);
          recordTiming(id, performance.now() - started, false);
          return { engine: id, targets };
        } catch (error) {
          recordTiming(id, performance.now() - started, true);
          if (request.signal?.aborted) throw request.signal.reason ?? error;
          const retryable = error instanceof EngineError && error.retryable;
          const message = error instanceof Error ? error.message : String(error);
          if (retryable && attempts <= retries) {
            const suggested = error instanceof EngineError && error.retryAfterMs !== undefined ? error.retryAfterMs : backoffMs * 2 ** (attempts - 1);
            const delay = Math.min(maxBackoffMs, suggested) * (0.5 + random() / 2);
            options.logger?.info({ engine: id, attempt: attempts, delayMs: Math.round(delay), err: message }, 'engine call failed; retrying');
            await sleep(delay, request.signal);
            continue;
          }
          options.logger?.warn({ engine: id, attempts, err: message }, 'engine failed; falling back');
          stats.failures.push({ engine: id, message, attempts });
          break;
        }
      }
    }
    throw new AllEnginesFailed(stats.failures);
  }

  return {
    chainFor,
    /** Whether an engine is registered under this id and supports the pair. */
    has(id: string, source?: Lang, target?: Lang) {
      const engine = engines.get(id);
      return Boolean(engine && (!source || !target || engine.supports(source, target)));
    },
    engine(id: string) {
      return engines.get(id);
    },
    get engineIds() {
      return [...engines.keys()];
    },

    /**
     * Puts an engine in, replacing the one registered under its id, or takes `id` out (null).
     * Batches already under way finish on the engine they started on (hot swap).
     */
    setEngine(id: string, engine: TranslationEngine | null) {
      if (engine) engines.set(id, engine);
      else engines.delete(id);
    },

    /** Translates segments, in order, one output per input. */
    async translate(segments: Segment[], request: RouteRequest): Promise<RouteResult> {
      const started = performance.now();
      const chain = chainFor(request);
      if (!chain.length) throw new NoEngineAvailable(request.source, request.target);
      const targets = new Array<string>(segments.length);
      const stats = { calls: 0, failures: [] as EngineFailure[] };
      const answered: string[] = [];
      if (segments.length) {
        const batches = batchSegments(segments, batchSegmentsMax, batchCharsMax);
        const results = await Promise.all(batches.map((batch) => translateBatch(chain, batch.items, request, stats)));
        results.forEach((result, index) => {
          const { start } = batches[index]!;
          result.targets.forEach((text, offset) => (targets[start + offset] = text));
          if (!answered.includes(result.engine)) answered.push(result.engine);
        });
      }
      return {
        targets,
        engine: answered[0] ?? chain[0]!,
        engines: answered,
        failures: stats.failures,
        calls: stats.calls,
        engineMs: performance.now() - started,
      };
    },

    /** Calls, failures and recent call durations (ms) per engine: for the benchmark and operators. */
    stats() {
      const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);
      return Object.fromEntries(
        [...timings].map(([id, entry]) => {
          const sorted = [...entry.recent].sort((a, b) => a - b);
          return [id, { calls: entry.calls, failures: entry.failures, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), meanMs: sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1) }];
        }),
      );
    },

    resetStats() {
      timings.clear();
    },

    async close() {
      await Promise.all([...engines.values()].map(async (engine) => engine.close?.()));
    },
  };
}

export type EngineRouter = ReturnType<typeof createEngineRouter>;
