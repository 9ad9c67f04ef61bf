import { Worker } from 'node:worker_threads';
import { compiledEntry } from '../compiled';
import { DocumentError } from './errors';
import type { FilterLimits } from './limits';
import type { DocumentAnalysis, DocumentFormat, FilterOptions, MergeInput } from './types';

/**
 * Filters run on untrusted files, so the pipeline runs them in a worker thread with a
 * heap limit and a deadline: a file that gets past every cap inside the filters still
 * cannot take the process's memory or time. A worker that runs out of either is ended
 * and the file is reported as too complex or too slow; the process carries on.
 */
export type SandboxTask =
  | { kind: 'detect'; path: string; limits: FilterLimits }
  | { kind: 'inspect'; path: string; options: Omit<FilterOptions, 'onRepair'> }
  | { kind: 'analyze'; path: string; format: DocumentFormat; options: Omit<FilterOptions, 'onRepair'> }
  | { kind: 'merge'; path: string; format: DocumentFormat; outPath: string; input: MergeInput; options: Omit<FilterOptions, 'onRepair'> };

export interface SandboxLimits {
  timeoutMs: number;
  maxHeapMb: number;
}

export interface SandboxResult<T> {
  result: T;
  /** Placeholders the filter had to repair (lost or mangled by the engine). */
  repairs: number;
}

// Compiled (npm start, the image): the worker's own bundle; from the sources, the .mjs that loads pdfjs and then tsx.
const WORKER_URL = compiledEntry('sandbox-worker.mjs') ?? new URL('./sandbox-worker.mjs', import.meta.url);

export function runInSandbox<T>(task: SandboxTask, limits: SandboxLimits): Promise<SandboxResult<T>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: task,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(16, limits.maxHeapMb / 8)) },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      settle(() => reject(new DocumentError('timeout', `filter ran longer than ${limits.timeoutMs} ms`)));
      void worker.terminate();
    }, limits.timeoutMs);
    worker.once('message', (message: { ok: boolean; result?: T; repairs?: number; error?: { document: boolean; code?: string; message: string; params?: Record<string, string | number> } }) => {
      if (message.ok) settle(() => resolve({ result: message.result as T, repairs: message.repairs ?? 0 }));
      else if (message.error?.document) settle(() => reject(new DocumentError(message.error!.code as never, message.error!.message, message.error!.params)));
      else settle(() => reject(new Error(message.error?.message ?? 'filter failed')));
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') settle(() => reject(new DocumentError('too_complex', 'filter ran out of memory')));
      else settle(() => reject(error));
    });
    worker.once('exit', (code) => {
      settle(() => reject(new DocumentError('too_complex', `filter worker exited with code ${code}`)));
    });
  });
}

/** What an upload is and what it holds: its format and, when it is one we read, its analysis. */
export interface Inspection {
  format: DocumentFormat;
  analysis: DocumentAnalysis;
}

/** The filters as the documents service uses them: each call in a fresh worker thread, a few at a time. */
export interface DocumentFilterRunner {
  inspect(path: string, options: Omit<FilterOptions, 'onRepair'>, timeoutMs?: number): Promise<Inspection>;
  analyze(path: string, format: DocumentFormat, options: Omit<FilterOptions, 'onRepair'>): Promise<DocumentAnalysis>;
  merge(path: string, format: DocumentFormat, outPath: string, input: MergeInput, options: Omit<FilterOptions, 'onRepair'>): Promise<{ repairs: number }>;
  close(): Promise<void>;
}

interface PooledWorker {
  worker: Worker;
  busy: boolean;
  tasks: number;
}

type WorkerReply = { id?: number; ok: boolean; result?: unknown; repairs?: number; error?: { document: boolean; code?: string; message: string; params?: Record<string, string | number> } };

function toError(message: WorkerReply): Error {
  if (message.error?.document) return new DocumentError(message.error.code as never, message.error.message, message.error.params);
  return new Error(message.error?.message ?? 'filter failed');
}

/**
 * A few long-lived worker threads (pdfjs and the filters stay loaded between files), each
 * running one task at a time. A worker that overruns its deadline is terminated, one that
 * runs out of heap dies by itself; either way the next task gets a fresh worker. Workers
 * are also replaced after `recycleAfter` tasks, so nothing accumulates.
 */
export function createSandboxRunner(limits: SandboxLimits & { concurrency: number; recycleAfter?: number }): DocumentFilterRunner {
  const pool: PooledWorker[] = [];
  const waiting: Array<(slot: PooledWorker) => void> = [];
  let nextId = 1;

  const spawn = (): PooledWorker => {
    const worker = new Worker(WORKER_URL, {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(16, limits.maxHeapMb / 8)) },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: PooledWorker = { worker, busy: false, tasks: 0 };
    worker.on('error', () => {});
    worker.once('exit', () => {
      const index = pool.indexOf(slot);
      if (index >= 0) pool.splice(index, 1);
    });
    return slot;
  };

  const acquire = (): Promise<PooledWorker> => {
    const idle = pool.find((p) => !p.busy);
    if (idle) {
      idle.busy = true;
      return Promise.resolve(idle);
    }
    if (pool.length < limits.concurrency) {
      const slot = spawn();
      slot.busy = true;
      pool.push(slot);
      return Promise.resolve(slot);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };

  const release = (slot: PooledWorker, healthy: boolean) => {
    slot.tasks++;
    if (!healthy || slot.tasks >= (limits.recycleAfter ?? 50)) {
      const index = pool.indexOf(slot);
      if (index >= 0) pool.splice(index, 1);
      void slot.worker.terminate();
    } else slot.busy = false;
    const next = waiting.shift();
    if (next) void acquire().then(next);
  };

  const run = async <T>(task: SandboxTask, timeoutMs = limits.timeoutMs): Promise<SandboxResult<T>> => {
    const slot = await acquire();
    const id = nextId++;
    return new Promise<SandboxResult<T>>((resolve, reject) => {
      let settled = false;
      const finish = (healthy: boolean, fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        slot.worker.off('message', onMessage);
        slot.worker.off('exit', onExit);
        slot.worker.off('error', onError);
        release(slot, healthy);
        fn();
      };
      const onMessage = (message: WorkerReply) => {
        if (message.id !== id) return;
        if (message.ok) finish(true, () => resolve({ result: message.result as T, repairs: message.repairs ?? 0 }));
        else finish(true, () => reject(toError(message)));
      };
      const onError = (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') finish(false, () => reject(new DocumentError('too_complex', 'filter ran out of memory')));
        else finish(false, () => reject(error));
      };
      const onExit = (code: number) => finish(false, () => reject(new DocumentError('too_complex', `filter worker exited with code ${code}`)));
      const timer = setTimeout(() => finish(false, () => reject(new DocumentError('timeout', `filter ran longer than ${timeoutMs} ms`))), timeoutMs);
      slot.worker.on('message', onMessage);
      slot.worker.once('error', onError);
      slot.worker.once('exit', onExit);
      slot.worker.postMessage({ id, task });
    });
  };

  return {
    inspect: async (path, options, timeoutMs) => (await run<Inspection>({ kind: 'inspect', path, options }, timeoutMs)).result,
    analyze: async (path, format, options) => (await run<DocumentAnalysis>({ kind: 'analyze', path, format, options })).result,
    merge: async (path, format, outPath, input, options) => ({ repairs: (await run<null>({ kind: 'merge', path, format, outPath, input, options })).repairs }),
    async close() {
      await Promise.all(pool.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}
