import { Worker } from 'node:worker_threads';
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

const WORKER_URL = new URL('./sandbox-worker.mjs', import.meta.url);

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
}

export function createSandboxRunner(limits: SandboxLimits & { concurrency: number }): DocumentFilterRunner {
  let running = 0;
  const waiting: Array<() => void> = [];
  const slot = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= limits.concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
  return {
    inspect: (path, options, timeoutMs) =>
      slot(async () => (await runInSandbox<Inspection>({ kind: 'inspect', path, options }, { ...limits, timeoutMs: timeoutMs ?? limits.timeoutMs })).result),
    analyze: (path, format, options) => slot(async () => (await runInSandbox<DocumentAnalysis>({ kind: 'analyze', path, format, options }, limits)).result),
    merge: (path, format, outPath, input, options) =>
      slot(async () => ({ repairs: (await runInSandbox<null>({ kind: 'merge', path, format, outPath, input, options }, limits)).repairs })),
  };
}
