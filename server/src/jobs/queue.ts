import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, SqlExecutor } from '../db/client';
import type { JobPayloads } from './job-types';

export type JobName = keyof JobPayloads;

export interface QueueSettings {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /**
   * Long jobs hold a lease instead of a fixed expiry: the worker renews it every
   * leaseSeconds / 6 (its heartbeat); once it lapses (the process died), any worker takes the
   * job over at once, without the retry delay (see JobQueue.reclaimLapsed).
   */
  leaseSeconds?: number;
}

/** How often worker processes look for jobs whose lease lapsed. */
export const LEASE_SWEEP_SECONDS = 5;
/**
 * The lease of long jobs: renewed every 5 s, so a live worker keeps it through event-loop
 * stalls of up to ~25 s; a dead worker's job is taken over 30-40 s after its last heartbeat.
 */
export const JOB_LEASE_SECONDS = 30;

export interface JobMeta {
  id: string;
  retryCount: number;
  /** Aborted when this run lost its lease (another worker has taken the job over). */
  signal?: AbortSignal;
}

export interface JobDefinition<N extends JobName> {
  name: N;
  /** Handlers must be safe to run twice: pg-boss delivers at least once. */
  handle(data: JobPayloads[N], meta: JobMeta): Promise<void>;
  settings?: QueueSettings;
  /** Jobs handled at once by one worker process. */
  concurrency?: number;
  /** Cron expression for scheduled jobs (UTC). */
  cron?: string;
}

export interface JobQueueOptions {
  executor: SqlExecutor;
  logger: Logger;
  /** An api process only enqueues; workers fetch, supervise and schedule. */
  runsWorkers: boolean;
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
}

/** Advisory lock key for setting pg-boss up (the migrations use 72_410_001). */
const QUEUE_SETUP_LOCK_KEY = 72_410_002;

const DEFAULT_SETTINGS: Required<Omit<QueueSettings, 'leaseSeconds'>> = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

/**
 * pg-boss 10's worker calls `complete()` and `fail()` without awaiting them (src/manager.js,
 * onFetch), so a database that goes away at that moment (a restart, a terminated connection,
 * a dropped test database) became an unhandled rejection, which ends a Node process. The
 * rejection is now handled: it is reported as the queue's 'error' event (logged), the job stays
 * active and its lease hands it to a worker again. Callers that await still see the error.
 */
const PgBossManager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: Record<string, (...args: unknown[]) => Promise<unknown>> };
for (const method of ['complete', 'fail']) {
  const original = PgBossManager.prototype[method]!;
  const handled = function (this: EventEmitter, ...args: unknown[]) {
    const result = original.apply(this, args);
    result.catch((error: unknown) => {
      if (this.listenerCount('error') > 0) this.emit('error', error);
    });
    return result;
  };
  // pg-boss publishes its manager's methods on the instance by function name.
  Object.defineProperty(handled, 'name', { value: method });
  PgBossManager.prototype[method] = handled;
}

/** pg-boss behind a typed job-name -> payload map; works on PostgreSQL and PGlite alike. */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly definitions = new Map<JobName, JobDefinition<JobName>>();
  private started = false;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly options: JobQueueOptions) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => options.executor.executeSql(text, values) },
      schema: 'pgboss',
      supervise: options.runsWorkers,
      schedule: options.runsWorkers,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
      ...(options.runsWorkers ? { monitorStateIntervalSeconds: 60 } : {}),
    });
    this.boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  }

  define<N extends JobName>(definition: JobDefinition<N>) {
    this.definitions.set(definition.name, definition as unknown as JobDefinition<JobName>);
  }

  async start() {
    const setUp = async () => {
      await this.boss.start();
      for (const definition of this.definitions.values()) {
        const { leaseSeconds, ...settings } = definition.settings ?? {};
        // A leased job expires (in pg-boss's eyes too) when its lease does; the heartbeat moves it on.
        const queueOptions = { name: definition.name, ...DEFAULT_SETTINGS, ...settings, ...(leaseSeconds ? { expireInSeconds: leaseSeconds } : {}) };
        // A queue's first creation is DDL on pg-boss's tables; a process already running
        // (maintenance updating pgboss.queue) can make PostgreSQL pick it as a deadlock
        // victim. Creating an existing queue is a no-op, so it is simply tried again.
        for (let attempt = 1; ; attempt++) {
          try {
            await this.boss.createQueue(definition.name, queueOptions);
            // createQueue keeps an existing queue as it was: settings changed since apply here.
            await this.boss.updateQueue(definition.name, queueOptions);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
            this.options.logger.warn({ queue: definition.name, attempt }, 'queue set-up chosen as a deadlock victim; trying again');
          }
        }
      }
    };
    // Processes starting together set pg-boss up one at a time (its schema, then the queues),
    // so none of them supervises before the queues exist. PGlite serves one process, and its
    // lock holder owns its only connection: not there.
    const database = this.options.executor as Partial<Pick<Database, 'withAdvisoryLock' | 'kind'>>;
    if (database.kind === 'postgres' && database.withAdvisoryLock) await database.withAdvisoryLock(QUEUE_SETUP_LOCK_KEY, setUp);
    else await setUp();
    if (this.options.runsWorkers) {
      for (const definition of this.definitions.values()) await this.startWorker(definition);
      if (this.leased().length) {
        await this.reclaimLapsed();
        this.sweeper = setInterval(() => void this.reclaimLapsed(), LEASE_SWEEP_SECONDS * 1000);
        this.sweeper.unref();
      }
    }
    this.started = true;
  }

  private leased() {
    return [...this.definitions.values()].filter((definition) => definition.settings?.leaseSeconds);
  }

  /**
   * Hands jobs whose lease lapsed (their worker died: no heartbeat) back to the queue, ready at
   * once, so any worker takes them over within a sweep and a poll. A job out of retries is left
   * to pg-boss's own expiry, which fails it. Safe with several workers: a lapsed row is
   * updated by one of them (SKIP LOCKED), and the next fetch counts the attempt.
   */
  async reclaimLapsed(): Promise<number> {
    const names = this.leased().map((definition) => definition.name);
    if (!names.length) return 0;
    try {
      const { rows } = await this.options.executor.executeSql(
        `WITH lapsed AS (
           SELECT id, name FROM pgboss.job
           WHERE name = ANY($1::text[]) AND state = 'active' AND started_on + expire_in < now() AND retry_count < retry_limit
           FOR UPDATE SKIP LOCKED
         )
         UPDATE pgboss.job AS job SET state = 'retry', start_after = now()
         FROM lapsed WHERE job.name = lapsed.name AND job.id = lapsed.id
         RETURNING job.id, job.name`,
        [names],
      );
      for (const row of rows as Array<{ id: string; name: string }>) this.options.logger.warn({ job: row.name, jobId: row.id }, 'job lease lapsed: handed to the next worker');
      return rows.length;
    } catch (error) {
      this.options.logger.error({ err: error }, 'lease sweep failed');
      return 0;
    }
  }

  /**
   * The heartbeat of one running job: pushes its expiry leaseSeconds past now. False when the
   * job is no longer active here (it lapsed and was handed over).
   */
  private async renewLease(name: JobName, id: string, leaseSeconds: number): Promise<boolean> {
    const { rows } = await this.options.executor.executeSql(
      `UPDATE pgboss.job SET expire_in = (now() - started_on) + make_interval(secs => $3::int)
       WHERE name = $1 AND id = $2::uuid AND state = 'active'
       RETURNING id`,
      [name, id, leaseSeconds],
    );
    return rows.length > 0;
  }

  /** Runs a leased job's handler with its heartbeat; the signal aborts when the lease is lost. */
  private async withLease<T>(name: JobName, id: string, leaseSeconds: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const beat = setInterval(
      () => {
        this.renewLease(name, id, leaseSeconds).then(
          (held) => {
            if (!held && !controller.signal.aborted) {
              this.options.logger.warn({ job: name, jobId: id }, 'job lease lost: another worker has the job');
              controller.abort(new Error('job lease lost'));
            }
          },
          (error: unknown) => this.options.logger.warn({ err: error, job: name, jobId: id }, 'job heartbeat failed'),
        );
      },
      Math.max(1000, (leaseSeconds * 1000) / 6),
    );
    try {
      return await run(controller.signal);
    } finally {
      clearInterval(beat);
    }
  }

  private async startWorker(definition: JobDefinition<JobName>) {
    const { logger, pollingIntervalSeconds } = this.options;
    const concurrency = definition.concurrency ?? 1;
    for (let i = 0; i < concurrency; i++) {
      await this.boss.work<JobPayloads[JobName]>(
        definition.name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: pollingIntervalSeconds ?? 2 },
        async (jobs) => {
          for (const job of jobs as PgBoss.JobWithMetadata<JobPayloads[JobName]>[]) {
            const started = Date.now();
            logger.info({ job: definition.name, jobId: job.id, retry: job.retryCount }, 'job started');
            try {
              const leaseSeconds = definition.settings?.leaseSeconds;
              if (leaseSeconds) {
                await this.withLease(definition.name, job.id, leaseSeconds, (signal) => definition.handle(job.data, { id: job.id, retryCount: job.retryCount, signal }));
              } else {
                await definition.handle(job.data, { id: job.id, retryCount: job.retryCount });
              }
              logger.info({ job: definition.name, jobId: job.id, ms: Date.now() - started }, 'job done');
            } catch (error) {
              logger.warn({ job: definition.name, jobId: job.id, err: error, retry: job.retryCount }, 'job failed');
              throw error;
            }
          }
        },
      );
    }
    if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {} as object, { tz: 'UTC' });
  }

  async send<N extends JobName>(name: N, data: JobPayloads[N], options: PgBoss.SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`Unknown job type ${name}`);
    return this.boss.send(name, data as object, options);
  }

  async stop(options: { graceful?: boolean; timeoutMs?: number } = {}) {
    if (!this.started) return;
    this.started = false;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await this.boss.stop({ graceful: options.graceful ?? true, timeout: options.timeoutMs ?? 10_000, wait: true });
  }
}
