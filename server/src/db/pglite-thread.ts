import { Worker } from 'node:worker_threads';
import { compiledEntry } from '../compiled';

/**
 * The database thread's young generation (V8's space for new objects): 96 MB instead of V8's
 * default. Each statement's parameters, protocol messages and result rows are short-lived
 * objects of the thread; with the default space they were collected (and some promoted to the
 * old generation) many times a second under load. Measured with `npm run bench -- guests`
 * (PGlite): the server's CPU per translation 164-181 µs at the default and 48 MB, 137-139 µs
 * at 96, 192 and 384 MB; the space grows to its maximum only under load.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 96 };

/** What the API thread needs of PGlite: an in-process PGlite has it, and so does PgliteThread. */
export interface PgliteEngine {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }>;
  exec(text: string): Promise<Array<{ rows: unknown[]; affectedRows?: number }>>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
}

export type ThreadRequest =
  | { id: number; op: 'query'; text: string; values?: unknown[] }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listenId: number }
  | { id: number; op: 'close' };

/** A request as the caller writes it: the thread numbers it. */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

interface PlainError {
  message: string;
  name?: string;
  fields: Record<string, string | number | boolean>;
}

type Results = Array<{ rows: Record<string, unknown>[]; affectedRows?: number }>;

export type ThreadReply =
  | { id: number; ok: true; results: Results }
  | { id: number; ok: false; error: PlainError }
  | { notification: number; payload: string }
  | { ready: true }
  | { ready: false; error: PlainError };

/** The database's error again, with PostgreSQL's fields (code, constraint, ...) that callers test. */
function toError(plain: PlainError): Error {
  const error = new Error(plain.message);
  if (plain.name) error.name = plain.name;
  Object.assign(error, plain.fields);
  return error;
}

/**
 * PGlite in a thread of its own (issue 19 item 8). PGlite is PostgreSQL compiled to
 * WebAssembly: in the API's thread it took about half of that thread's time under load, and
 * its statements ran between the requests' own work. Here the thread only sends each
 * statement as a message and gets the rows back, so the database runs on the second core
 * while the API thread parses, translates and answers. Statements run in the order they are
 * sent (the one connection); transactions still hold it through the caller's mutex.
 */
export class PgliteThread implements PgliteEngine {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (results: Results) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private next = 1;
  private ended: Error | null = null;
  private closing = false;

  private constructor(worker: Worker, onLost?: (error: Error) => void) {
    this.worker = worker;
    worker.on('message', (message: ThreadReply) => {
      if ('notification' in message) return this.listeners.get(message.notification)?.(message.payload);
      if (!('id' in message)) return;
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.ok) waiting?.resolve(message.results);
      else waiting?.reject(toError(message.error));
    });
    const fail = (error: Error) => {
      this.ended = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', (error) => {
      fail(error);
      onLost?.(error);
    });
    worker.on('exit', (code) => {
      if (this.closing) return fail(new Error('the PGlite thread is closed'));
      const error = new Error(`the PGlite thread exited (code ${code})`);
      fail(error);
      onLost?.(error);
    });
  }

  /**
   * Starts the thread and opens the database (`dataDir`, or in memory). `onLost` hears of a
   * thread that ended without being closed: every statement fails from then on.
   */
  static async start(dataDir: string | null, onLost?: (error: Error) => void): Promise<PgliteThread> {
    // Compiled (npm start, the image): the worker is its own bundle beside the process's.
    // From the sources (tests, npm run dev) it is TypeScript: tsx's loader is registered in the
    // thread first (a worker does not inherit the main thread's `--import tsx`).
    const compiled = compiledEntry('pglite-worker.mjs');
    const worker = compiled
      ? new Worker(compiled, { workerData: { dataDir }, resourceLimits: THREAD_LIMITS })
      : new Worker(
            `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href)}); });`,
            { eval: true, workerData: { dataDir }, resourceLimits: THREAD_LIMITS },
          );
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: ThreadReply) => {
        if (!('ready' in message)) return;
        worker.off('message', onMessage);
        if (message.ready) resolve();
        else reject(toError(message.error));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the PGlite thread exited while starting (code ${code})`)));
    });
    return new PgliteThread(worker, onLost);
  }

  get closed() {
    return this.ended !== null;
  }

  private send(request: Unnumbered<ThreadRequest>): Promise<Results> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.next++;
    return new Promise<Results>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async query(text: string, values?: unknown[]) {
    return (await this.send({ op: 'query', text, values }))[0]!;
  }

  exec(text: string) {
    return this.send({ op: 'exec', text });
  }

  async listen(channel: string, onMessage: (payload: string) => void) {
    const id = this.next;
    this.listeners.set(id, onMessage);
    try {
      await this.send({ op: 'listen', channel });
    } catch (error) {
      this.listeners.delete(id);
      throw error;
    }
    return async () => {
      this.listeners.delete(id);
      if (!this.ended) await this.send({ op: 'unlisten', listenId: id });
    };
  }

  async close() {
    if (this.ended) return;
    this.closing = true;
    await this.send({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
  }
}
