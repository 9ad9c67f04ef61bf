import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

/** Errors of a stdout/stderr whose reader went away: nothing to do but stop writing. */
const GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END', 'ECONNRESET', 'EBADF']);
const isGone = (error: unknown) => GONE.has(String((error as NodeJS.ErrnoException)?.code));

/**
 * stdout and stderr errors (EPIPE once the reader of a pipe is gone) never crash the process
 * before its cleanup. (pino's own stdout destination already drops EPIPE.)
 */
export function tolerateClosedOutput() {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error) => {
      if (!isGone(error)) throw error;
    });
  }
}

export interface ShutdownOptions {
  logger: Pick<Logger, 'info' | 'error'>;
  /** Drains the process: stop taking requests, finish or hand back jobs, close the database. */
  drain: () => Promise<void>;
  /** After this, the process exits whatever the drain is still waiting for. */
  graceMs: number;
  exit?: (code: number) => void;
  signals?: NodeJS.Signals[];
  /** false: no watchdog thread (unit tests with a stand-in exit). */
  watchdog?: boolean;
}

/**
 * Resolves true once `pending` is empty, or false after `timeoutMs`. Its owner removes each
 * promise as it settles and may add new ones meanwhile (a request, a batch); each round waits
 * for those there now.
 */
export async function settledWithin(pending: { readonly size: number; values(): Iterable<Promise<unknown>> }, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (pending.size) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(pending.values()), new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
    clearTimeout(timer);
  }
  return true;
}

/** A thread that SIGKILLs this process after `ms`, whatever its main thread is doing. */
function startWatchdog(ms: number) {
  const worker = new Worker(`setTimeout(() => process.kill(${process.pid}, 'SIGKILL'), ${Math.round(ms)});`, { eval: true });
  worker.unref();
  worker.on('error', () => {});
}

/**
 * SIGTERM and SIGINT end the process within `graceMs`: the drain runs, and a timer started
 * before anything else (logging included, which may fail) exits with 1 if it has not finished.
 * A second signal exits at once. Nothing here can throw before the timer is armed.
 */
export function installShutdown(options: ShutdownOptions) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const log = (fn: () => void) => {
    try {
      fn();
    } catch {
      /* the log is gone (closed stdout): shutting down matters more */
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      exit(signal === 'SIGINT' ? 130 : 143);
      return;
    }
    stopping = true;
    // Last resort, on its own thread: if the main thread is stuck (a long synchronous job), the
    // timer below cannot fire; this one still ends the process shortly after.
    if (options.watchdog !== false) startWatchdog(options.graceMs + 5_000);
    setTimeout(() => {
      log(() => options.logger.error({ signal, graceMs: options.graceMs }, 'shutdown took too long: exiting'));
      exit(1);
    }, options.graceMs);
    log(() => options.logger.info({ signal }, 'shutting down'));
    Promise.resolve()
      .then(options.drain)
      .then(
        () => exit(0),
        (error: unknown) => {
          log(() => options.logger.error({ err: error }, 'shutdown failed'));
          exit(1);
        },
      );
  };
  for (const signal of options.signals ?? (['SIGTERM', 'SIGINT'] as NodeJS.Signals[])) process.on(signal, onSignal);
  return { trigger: onSignal };
}
