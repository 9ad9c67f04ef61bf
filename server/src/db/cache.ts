import type { Logger } from 'pino';
import type { Database } from './client';

const CHANNEL = 'lisan_cache';

/**
 * Values read on every page (site settings, plans) are cached in each process and
 * dropped everywhere when one process changes them: a NOTIFY on `lisan_cache` whose
 * payload names the topic reaches every api and worker process (and PGlite's own).
 */
export class CacheBus {
  private readonly handlers = new Map<string, Set<() => void>>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  async start() {
    this.unlisten = await this.database.listen(CHANNEL, (topic) => {
      for (const handler of this.handlers.get(topic) ?? []) handler();
    });
  }

  on(topic: string, handler: () => void) {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
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
