/**
 * The local neural engine: @browsermt/bergamot-translator (Firefox's Marian engine compiled to
 * WASM) in worker threads, with models read from MODELS_DIR (see models.ts).
 *
 * - BatchTranslator batches segments of one direction (batchSize per batch) and hands batches
 *   to up to `workers` worker threads; each worker loads the models it needs on first use.
 * - Segments with placeholders go through bergamot's HTML mode (markup.ts) so tags survive.
 * - A worker failure (a WASM abort leaves that worker unusable) fails the in-flight segments
 *   with a retryable EngineError and recycles the translator: the next call starts fresh workers.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { BergamotRequest, LoadedWorker, ModelBuffers } from '@browsermt/bergamot-translator';
import { BatchTranslator, TranslatorBacking } from './library';
import { EngineError, type Lang, type Segment, type TranslationEngine, type TranslationJob } from '../types';
import { hasPlaceholders, htmlToPlaceholders, placeholdersToHtml } from './markup';
import { discoverModels, marianConfigFor, pairKey, type ModelFiles } from './models';

export interface BergamotEngineOptions {
  /** Installed models keyed by pairKey(source, target). */
  models: Map<string, ModelFiles>;
  /** Worker threads (default 2). */
  workers?: number;
  /** Segments per batch handed to one worker (default 8). */
  batchSize?: number;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export interface WorkerStats {
  /** Batches this worker translated. */
  batches: number;
  /** Segments this worker translated. */
  segments: number;
}

/** The package's worker script (CommonJS thanks to scripts/postinstall.mjs). */
const WORKER_SCRIPT = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@browsermt/bergamot-translator')),
  'worker',
  'translator-worker.js',
);

function toArrayBuffer(buffer: Buffer): ArrayBuffer {
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

/** Loads models from our files instead of Mozilla's registry over the network. */
function createBacking(
  models: Map<string, ModelFiles>,
  stats: WorkerStats[],
  onerror: (error: Error) => void,
  logger: BergamotEngineOptions['logger'],
) {
  // The base constructor calls loadModelRegistery() before subclass fields exist, so the
  // methods read `models` from this closure, never from `this`.
  class LocalModelBacking extends TranslatorBacking {
    override async loadModelRegistery() {
      return [...models.values()].map((files) => ({ from: files.source, to: files.target, files: {} }));
    }

    override async loadTranslationModel({ from, to }: { from: string; to: string }): Promise<ModelBuffers> {
      const files = models.get(pairKey(from, to));
      if (!files) throw new Error(`No model installed for ${from}->${to}`);
      const [model, shortlist, ...vocabs] = await Promise.all([
        readFile(files.model),
        files.shortlist ? readFile(files.shortlist) : Promise.resolve(Buffer.alloc(0)),
        ...files.vocabs.map((file) => readFile(file)),
      ]);
      const vocabBuffers = vocabs.map(toArrayBuffer);
      return {
        model: toArrayBuffer(model!),
        shortlist: toArrayBuffer(shortlist!),
        // The same ArrayBuffer twice: the worker de-duplicates vocabularies by identity.
        vocabs: vocabBuffers.length === 1 ? [vocabBuffers[0]!, vocabBuffers[0]!] : vocabBuffers,
        config: marianConfigFor(files.model, model!),
      };
    }

    /**
     * Our own version of the library's loadWorker (same message protocol as translator.js):
     * a node:worker_threads Worker whose stderr we read, so marian's error lines reach the
     * logger and the EngineError, and whose exit fails its pending calls instead of leaving
     * them waiting forever.
     */
    override async loadWorker(): Promise<LoadedWorker> {
      const worker = new Worker(WORKER_SCRIPT, { stderr: true });
      const counters: WorkerStats = { batches: 0, segments: 0 };
      const pending = new Map<number, { accept: (value: unknown) => void; reject: (error: Error) => void; name: string }>();
      const recent: string[] = [];
      let serial = 0;
      let exited: Error | null = null;

      createInterface({ input: worker.stderr }).on('line', (line) => {
        recent.push(line);
        if (recent.length > 20) recent.shift();
        if (line.trim()) logger?.warn({ engine: 'local' }, `bergamot: ${line}`);
      });
      const failAll = (error: Error) => {
        for (const { reject } of pending.values()) reject(error);
        pending.clear();
      };
      worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: { message?: string } }) => {
        const call = pending.get(id);
        if (!call) return;
        pending.delete(id);
        if (error === undefined) {
          call.accept(result);
          return;
        }
        // marian writes its reason to stderr just before aborting; give the stream a moment.
        setTimeout(() => {
          const reasons = recent.filter((line) => /\bError: /.test(line) && !/Aborted from/.test(line));
          const detail = reasons.length ? `: ${reasons.map((l) => l.replace(/^\[[^\]]*\]\s*Error:\s*/, '')).join('; ')}` : '';
          recent.length = 0;
          call.reject(new Error(`${error.message ?? 'worker error'} in ${call.name}${detail}`));
        }, 25);
      });
      worker.on('error', (error) => {
        failAll(error);
        onerror(error);
      });
      worker.on('exit', (code) => {
        exited = new Error(`translation worker exited (code ${code})`);
        failAll(exited);
      });

      const call = (name: string, ...args: unknown[]) =>
        new Promise<unknown>((accept, reject) => {
          if (exited) return reject(exited);
          const id = ++serial;
          pending.set(id, { accept, reject, name });
          worker.postMessage({ id, name, args });
        });

      await call('initialize', this.options);
      stats.push(counters);
      const exports = new Proxy({} as LoadedWorker['exports'], {
        get(_target, name) {
          if (name === 'then' || typeof name !== 'string') return undefined;
          if (name === 'translate') {
            return async (input: Parameters<LoadedWorker['exports']['translate']>[0]) => {
              const result = (await call('translate', input)) as Awaited<ReturnType<LoadedWorker['exports']['translate']>>;
              counters.batches += 1;
              counters.segments += input.texts.length;
              return result;
            };
          }
          return (...args: unknown[]) => call(name, ...args);
        },
      });
      return {
        worker: {
          terminate: () => void worker.terminate(),
          addEventListener: (event, callback) => worker.on(event, (data) => callback({ data })),
        },
        exports,
      };
    }
  }
  // The backing's options are posted to each worker (structured clone), so no function in them.
  const backing = new LocalModelBacking({});
  (backing as unknown as { onerror: (error: Error) => void }).onerror = onerror;
  return backing;
}

interface QueuedBatch {
  requests: { reject: (error: unknown) => void }[];
}
interface PoolWorker {
  idle: boolean;
  exports?: LoadedWorker['exports'];
  worker?: LoadedWorker['worker'];
}
/** The internals of BatchTranslator (translator.js) that SafeBatchTranslator.notify uses. */
interface BatchTranslatorInternals {
  queue: QueuedBatch[];
  workers: PoolWorker[];
  workerLimit: number;
  backing: TranslatorBacking;
  onerror: (error: Error) => void;
  consumeBatch(batch: QueuedBatch, worker: LoadedWorker['exports']): Promise<void>;
}

/**
 * BatchTranslator with its scheduling step rewritten. In 0.4.9, when a second worker finishes
 * starting after the first one already took the last batch, `notify()` shifts `undefined` off
 * the queue and throws inside a timer (an uncaught exception that kills the process); and a
 * worker that fails to start keeps its slot forever. Here: no batch -> the worker goes idle;
 * a failed start frees its slot and reports through onerror (which fails what is pending).
 */
class SafeBatchTranslator extends BatchTranslator {
  notify(): void {
    const self = this as unknown as BatchTranslatorInternals;
    setTimeout(() => void (async () => {
      if (!self.queue.length) return;
      let worker = self.workers.find((w) => w.idle);
      if (!worker && self.workers.length < self.workerLimit) {
        const slot: PoolWorker = { idle: false };
        self.workers.push(slot);
        try {
          Object.assign(slot, await self.backing.loadWorker());
          worker = slot;
        } catch (error) {
          self.workers.splice(self.workers.indexOf(slot), 1);
          self.onerror(new Error(`Could not start a translation worker: ${(error as Error).message}`, { cause: error }));
          return;
        }
      }
      if (!worker) return;
      const batch = self.queue.shift();
      if (!batch) {
        worker.idle = true;
        return;
      }
      worker.idle = false;
      try {
        await self.consumeBatch(batch, worker.exports!);
      } catch (error) {
        for (const { reject } of batch.requests) reject(error);
      }
      worker.idle = true;
      if (self.queue.length) this.notify();
    })());
  }
}

interface Pending {
  request: BergamotRequest;
  reject: (error: Error) => void;
}

/** One translator with its workers; replaced as a whole when a worker fails. */
class Generation {
  readonly translator: BatchTranslator;
  readonly pending = new Set<Pending>();
  readonly stats: WorkerStats[] = [];
  dead = false;

  constructor(
    models: Map<string, ModelFiles>,
    options: { workers: number; batchSize: number; logger: BergamotEngineOptions['logger'] },
    onFailure: (g: Generation, e: Error) => void,
  ) {
    const onerror = (error: Error) => onFailure(this, error);
    this.translator = new SafeBatchTranslator(
      { workers: options.workers, batchSize: options.batchSize, onerror },
      createBacking(models, this.stats, onerror, options.logger),
    );
  }
}

export class BergamotEngine implements TranslationEngine {
  readonly id = 'local';
  private readonly models: Map<string, ModelFiles>;
  private readonly workers: number;
  private readonly batchSize: number;
  private readonly logger?: BergamotEngineOptions['logger'];
  private generation: Generation | null = null;
  private inFlight = 0;
  private retiring: (() => void) | null = null;

  constructor(options: BergamotEngineOptions) {
    this.models = options.models;
    this.workers = Math.max(1, options.workers ?? 2);
    this.batchSize = Math.max(1, options.batchSize ?? 8);
    this.logger = options.logger;
  }

  /** An engine for the models installed under `modelsDir`, or null when there are none. */
  static fromDirectory(modelsDir: string, options: Omit<BergamotEngineOptions, 'models'> = {}): BergamotEngine | null {
    const { models, problems } = discoverModels(modelsDir);
    for (const problem of problems) options.logger?.warn({ engine: 'local' }, `ignoring model folder: ${problem}`);
    return models.size ? new BergamotEngine({ ...options, models }) : null;
  }

  supports(source: Lang, target: Lang): boolean {
    return this.models.has(pairKey(source, target));
  }

  /** Per worker thread, how many batches and segments it translated (current translator). */
  workerStats(): WorkerStats[] {
    return (this.generation?.stats ?? []).map((s) => ({ ...s }));
  }

  async translate(segments: Segment[], job: TranslationJob): Promise<string[]> {
    if (!this.supports(job.source, job.target)) {
      throw new EngineError(this.id, `No local model for ${job.source}->${job.target}`, false);
    }
    throwIfAborted(this.id, job.signal);
    const generation = this.current();
    this.inFlight++;
    try {
      return await Promise.all(segments.map((segment) => this.translateOne(generation, segment, job)));
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) this.retiring?.();
    }
  }

  /**
   * Closes the engine once the calls already made have finished (hot swap: a newer engine has
   * taken its place in the router, so no new call arrives).
   */
  retire(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.retiring = () => {
        this.retiring = null;
        void this.close().finally(resolve);
      };
      if (this.inFlight === 0) this.retiring();
    });
  }

  private async translateOne(generation: Generation, segment: Segment, job: TranslationJob): Promise<string> {
    // Keep the segment's outer whitespace; bergamot trims it. Nothing to translate: as is.
    const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(segment)!;
    const [, lead, core, trail] = match;
    const html = hasPlaceholders(core!);
    if (!/\p{L}/u.test(html ? core!.replace(/<\/?x\d+\/?>/g, '') : core!)) return segment;

    const request: BergamotRequest = {
      from: job.source,
      to: job.target,
      text: html ? placeholdersToHtml(core!) : core!,
      html,
    };
    const text = await new Promise<string>((resolve, reject) => {
      const pending: Pending = { request, reject };
      const signal = job.signal;
      const onAbort = () => {
        generation.pending.delete(pending);
        generation.translator.remove((r) => r === request);
        reject(abortError(this.id, signal!));
      };
      const settle = () => {
        generation.pending.delete(pending);
        signal?.removeEventListener('abort', onAbort);
      };
      generation.pending.add(pending);
      signal?.addEventListener('abort', onAbort, { once: true });
      generation.translator.translate(request).then(
        (response) => {
          settle();
          resolve(response.target.text);
        },
        (error: Error) => {
          settle();
          if (signal?.aborted) return; // already rejected by onAbort
          reject(this.fail(generation, error));
        },
      );
    });
    return `${lead}${html ? htmlToPlaceholders(text) : text}${trail}`;
  }

  private current(): Generation {
    if (!this.generation || this.generation.dead) {
      this.generation = new Generation(
        this.models,
        { workers: this.workers, batchSize: this.batchSize, logger: this.logger },
        (g, e) => this.fail(g, e),
      );
    }
    return this.generation;
  }

  /** A worker or model failure: fail everything in flight on that translator and retire it. */
  private fail(generation: Generation, error: Error): EngineError {
    const engineError =
      error instanceof EngineError ? error : new EngineError(this.id, `Local engine failed: ${error.message}`, true, { cause: error });
    if (!generation.dead) {
      generation.dead = true;
      this.logger?.error({ engine: this.id, err: error }, 'local engine worker failed; restarting its workers');
      for (const pending of [...generation.pending]) pending.reject(engineError);
      generation.pending.clear();
      void generation.translator.delete();
    }
    return engineError;
  }

  async close(): Promise<void> {
    const generation = this.generation;
    this.generation = null;
    if (!generation) return;
    generation.dead = true;
    const closed = new EngineError(this.id, 'Local engine closed', true);
    for (const pending of [...generation.pending]) pending.reject(closed);
    generation.pending.clear();
    await generation.translator.delete();
  }
}

function abortError(engineId: string, signal: AbortSignal): EngineError {
  const reason = signal.reason as { name?: string } | undefined;
  const timedOut = reason?.name === 'TimeoutError';
  return new EngineError(engineId, timedOut ? 'Timed out' : 'Aborted', timedOut, { cause: signal.reason });
}

export function throwIfAborted(engineId: string, signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError(engineId, signal);
}
