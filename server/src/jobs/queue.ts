import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { SqlExecutor } from '../db/client';
import type { JobPayloads } from './job-types';

export type JobName = keyof JobPayloads;

export interface QueueSettings {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
}

export interface JobDefinition<N extends JobName> {
  name: N;
  /** Handlers must be safe to run twice: pg-boss delivers at least once. */
  handle(data: JobPayloads[N], meta: { id: string; retryCount: number }): Promise<void>;
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

const DEFAULT_SETTINGS: Required<QueueSettings> = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

/** pg-boss behind a typed job-name -> payload map; works on PostgreSQL and PGlite alike. */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly definitions = new Map<JobName, JobDefinition<JobName>>();
  private started = false;

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
    await this.boss.start();
    for (const definition of this.definitions.values()) {
      await this.boss.createQueue(definition.name, { name: definition.name, ...DEFAULT_SETTINGS, ...definition.settings });
    }
    if (this.options.runsWorkers) {
      for (const definition of this.definitions.values()) await this.startWorker(definition);
    }
    this.started = true;
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
            try {
              await definition.handle(job.data, { id: job.id, retryCount: job.retryCount });
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
    await this.boss.stop({ graceful: options.graceful ?? true, timeout: options.timeoutMs ?? 10_000, wait: true });
  }
}
