import { settledWithin } from '../shutdown';

/**
 * Group commit for hot writes. Items submitted while a batch is being written wait and
 * go together in the next one, so under load many requests share one statement (one
 * round trip, one commit) and an idle server writes each item at once (the first item
 * waits only for the current event-loop turn to finish). Each caller still awaits its own
 * item: nothing is acknowledged before it is stored.
 *
 * If a batch fails, its items are retried one by one, so one bad item fails alone.
 */
export interface Batcher<I, O> {
  submit(item: I): Promise<O>;
  /** Items waiting for the next batch (for tests and metrics). */
  readonly pending: number;
}

/**
 * The batchers of this process that hold items (queued or being written), each with what
 * resolves once it holds none. Process-wide because the database it writes to closes once,
 * at shutdown, after `batchesSettled`.
 */
const busy = new Map<object, Promise<void>>();

/** Resolves true once no batcher of this process holds an item, or false after `timeoutMs`. */
export function batchesSettled(timeoutMs: number): Promise<boolean> {
  return settledWithin(busy, timeoutMs);
}

export function createBatcher<I, O>(options: {
  /** Writes a batch; returns one result per item, in order. */
  run(items: I[]): Promise<O[]>;
  maxItems?: number;
  /** Batches written at once at most (1 on PGlite's single connection); see canSend. */
  concurrency?: number;
}): Batcher<I, O> {
  const maxItems = options.maxItems ?? 100;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  let queue: Array<{ item: I; resolve: (value: O) => void; reject: (error: unknown) => void }> = [];
  let inFlight = 0;
  let scheduled = false;
  const self = {};
  let idle: (() => void) | null = null;

  /** A batch is written: the next one goes out at once, before this one's callers resume. */
  const written = () => {
    inFlight--;
    if (queue.length) flush();
    else if (!inFlight && idle) {
      busy.delete(self);
      idle();
      idle = null;
    }
  };

  const settle = async (batch: typeof queue) => {
    let results: O[];
    try {
      results = await options.run(batch.map((entry) => entry.item));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else {
        // One item may be the cause: write them one by one so the others still succeed.
        for (const entry of batch) {
          try {
            entry.resolve((await options.run([entry.item]))[0]!);
          } catch (itemError) {
            entry.reject(itemError);
          }
        }
      }
      written();
      return;
    }
    // The items that arrived meanwhile are sent before the callers of this batch go on (their
    // code runs while the database writes the next batch, rather than one after the other).
    written();
    batch.forEach((entry, index) => entry.resolve(results[index]!));
  };

  /**
   * Whether the queue's items go out now. One batch goes out when none is in flight; another
   * goes out beside it only when a full batch waits (the one in flight cannot keep up). Small
   * batches in parallel cost the database a statement and a commit each: on the bench's
   * PostgreSQL, five in flight at once took 40 % more of its CPU per request than one, and a
   * request waited longer for it (service p99 9-12 ms against 7 ms).
   */
  const canSend = () => queue.length > 0 && (inFlight === 0 || (inFlight < concurrency && queue.length >= maxItems));

  const flush = () => {
    scheduled = false;
    while (canSend()) {
      const batch = queue.slice(0, maxItems);
      queue = queue.slice(batch.length);
      inFlight++;
      void settle(batch);
    }
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  return {
    submit(item: I) {
      if (!idle) busy.set(self, new Promise<void>((resolve) => (idle = resolve)));
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (canSend()) schedule();
      });
    },
    get pending() {
      return queue.length;
    },
  };
}
