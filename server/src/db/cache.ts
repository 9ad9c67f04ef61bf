import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from './client';

const CHANNEL = 'lisan_cache';
/** Separates topic, origin and keys in a keyed payload ("actors␟origin␟u1,s2"). */
const SEP = '\u001f';
/** NOTIFY payloads are limited to 8000 bytes: keys are sent in chunks well below it. */
const MAX_KEYS_BYTES = 6000;

/**
 * Values read on every page (site settings, plans) are cached in each process and
 * dropped everywhere when one process changes them: a NOTIFY on `lisan_cache` whose
 * payload names the topic reaches every api and worker process (and PGlite's own).
 */
export class CacheBus {
  private readonly handlers = new Map<string, Set<() => void>>();
  private readonly keyHandlers = new Map<string, Set<(keys: string[]) => void>>();
  /** This process's id on the bus: it has already applied its own keyed invalidations. */
  private readonly origin = randomBytes(6).toString('hex');
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  async start() {
    this.unlisten = await this.database.listen(
      CHANNEL,
      (payload) => {
        if (payload.includes(SEP)) {
          const [topic, origin, keys] = payload.split(SEP);
          if (origin === this.origin) return;
          const list = keys ? keys.split(',') : [];
          for (const handler of this.keyHandlers.get(topic) ?? []) handler(list);
          return;
        }
        for (const handler of this.handlers.get(payload) ?? []) handler();
      },
      () => this.dropEverything(),
    );
  }

  /**
   * The listening connection was lost and opened again: invalidations sent meanwhile were
   * missed, so every cached value here goes (keyed topics get the key "*", meaning all).
   */
  private dropEverything() {
    this.logger.info('cache bus reconnected: every cached value is dropped');
    for (const set of this.handlers.values()) for (const handler of set) handler();
    for (const set of this.keyHandlers.values()) for (const handler of set) handler(['*']);
  }

  on(topic: string, handler: () => void) {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
  }

  /** Handles keyed invalidations of a topic sent by other processes (see invalidateKeys); the key "*" means every key. */
  onKeys(topic: string, handler: (keys: string[]) => void) {
    let set = this.keyHandlers.get(topic);
    if (!set) this.keyHandlers.set(topic, (set = new Set()));
    set.add(handler);
  }

  /**
   * Tells the other processes that these keys of the topic changed (the caller has already
   * applied it here). Keys must not contain "," or control characters.
   */
  async invalidateKeys(topic: string, keys: string[]) {
    let chunk: string[] = [];
    let bytes = 0;
    const send = async () => {
      if (!chunk.length) return;
      const payload = [topic, this.origin, chunk.join(',')].join(SEP);
      chunk = [];
      bytes = 0;
      try {
        await this.database.notify(CHANNEL, payload);
      } catch (error) {
        this.logger.error({ err: error, topic }, 'cache invalidation notify failed');
      }
    };
    for (const key of keys) {
      if (bytes + key.length + 1 > MAX_KEYS_BYTES) await send();
      chunk.push(key);
      bytes += key.length + 1;
    }
    await send();
  }

  /** Drops the topic here at once, and in every other process through NOTIFY. */
  async invalidate(topic: string) {
    for (const handler of this.handlers.get(topic) ?? []) handler();
    try {
      await this.database.notify(CHANNEL, topic);
    } catch (error) {
      this.logger.error({ err: error, topic }, 'cache invalidation notify failed');
    }
  }

  async stop() {
    await this.unlisten?.();
    this.unlisten = null;
  }
}

/** A lazily loaded value, reloaded after its topic is invalidated. Concurrent loads share one query. */
export class CachedValue<T> {
  private value: Promise<T> | null = null;

  constructor(
    bus: CacheBus,
    readonly topic: string,
    private readonly load: () => Promise<T>,
  ) {
    bus.on(topic, () => {
      this.value = null;
    });
  }

  get(): Promise<T> {
    if (!this.value) {
      const loading = this.load();
      this.value = loading;
      loading.catch(() => {
        if (this.value === loading) this.value = null;
      });
    }
    return this.value;
  }
}
