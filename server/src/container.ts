import path from 'node:path';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { CacheBus } from './db/cache';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { loadAppKey } from './db/secrets';
import { JobQueue } from './jobs/queue';
import { CsrfTokens } from './http/csrf';
import { RateLimiter } from './http/rate-limit';
import { SessionStore } from './http/sessions';
import { createMailer, outboxTransport, smtpTransport, type Transport } from './mail/mailer';
import { createMailService, defineMailJobs } from './mail/jobs';
import { createPlansRepo } from './modules/plans/repo';
import { createPlansService } from './modules/plans/service';
import { createSettingsRepo } from './modules/settings/repo';
import { createSettingsService } from './modules/settings/service';
import { createUsersRepo } from './modules/users/repo';
import { createUsersService } from './modules/users/service';
import { createDocumentsRepo } from './modules/documents/repo';
import { createDocumentsService, defineDocumentJobs, documentTempDir, unavailableTranslator, type SegmentTranslator } from './modules/documents/service';
import { createSandboxRunner } from './formats/sandbox';
import { createLocalStorage } from './storage/local';
import type { FileStorage } from './storage/types';

export type ProcessRole = 'all' | 'api' | 'worker';

/** Parts a caller may supply instead of the defaults (tests: another database, transport or clock). */
export interface ContainerOverrides {
  database?: Database;
  logger?: Logger;
  mailTransport?: Transport;
  now?: () => Date;
  jobPollingIntervalSeconds?: number;
  jobMaintenanceIntervalSeconds?: number;
  /** Translates document segments; the text-translation core's translator when it is wired. */
  documentTranslator?: SegmentTranslator;
  fileStorage?: FileStorage;
}

/**
 * The composition root: wires config, database, queue, mail and services together.
 * main.ts and the tests build the application through this one function.
 */
export async function createContainer(config: Config, role: ProcessRole, overrides: ContainerOverrides = {}) {
  const logger = overrides.logger ?? pino({ level: config.logLevel });
  const now = overrides.now ?? (() => new Date());
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      poolSize: config.databasePoolSize,
      logger,
    }));

  const applied = await migrate(database);
  if (applied.length) logger.info({ migrations: applied }, 'database migrated');

  const appKey = await loadAppKey(database.db);
  const cache = new CacheBus(database, logger);
  await cache.start();

  const queue = new JobQueue({
    executor: database,
    logger,
    runsWorkers: role !== 'api',
    pollingIntervalSeconds: overrides.jobPollingIntervalSeconds,
    maintenanceIntervalSeconds: overrides.jobMaintenanceIntervalSeconds,
  });

  const transport = overrides.mailTransport ?? (config.mailUrl ? smtpTransport(config.mailUrl) : outboxTransport(path.join(config.dataDir, 'mail'), logger));
  const mailer = createMailer({ transport, from: config.mailFrom, logger });
  defineMailJobs(queue, mailer);
  const mail = createMailService(queue);

  const secureCookies = config.appUrl.startsWith('https:');
  const sessions = new SessionStore(database.db, { ttlHours: config.sessionTtlHours, rememberDays: config.sessionRememberDays, secureCookies, now });
  const rateLimiter = new RateLimiter(database.db, now);
  const csrf = new CsrfTokens(appKey);

  const settings = createSettingsService({ repo: createSettingsRepo(database.db), cache, now });
  const plans = createPlansService({ repo: createPlansRepo(database.db), cache });
  const users = createUsersService({ repo: createUsersRepo(database.db), plans, now, logger });

  const storage = overrides.fileStorage ?? createLocalStorage(path.join(config.dataDir, 'files'));
  // Filters read untrusted files in worker threads with a heap limit and a deadline.
  const documentFilters = createSandboxRunner({
    timeoutMs: config.documents.filterTimeoutSeconds * 1000,
    maxHeapMb: config.documents.filterMaxHeapMb,
    concurrency: 2,
  });
  const documents = createDocumentsService({
    repo: createDocumentsRepo(database.db),
    storage,
    filters: documentFilters,
    // The translate module's engine router (container.translator) is wired here when merged;
    // until then document jobs fail with a clear "no engine configured" log line.
    translate: overrides.documentTranslator ?? unavailableTranslator,
    plans,
    settings,
    mail,
    queue,
    findUser: (id) => users.findById(id),
    now,
    logger,
    config: { ...config.documents, appUrl: config.appUrl, tempDir: documentTempDir(config.dataDir) },
  });
  defineDocumentJobs(queue, documents, config.documents);

  return {
    config,
    role,
    logger,
    now,
    database,
    cache,
    queue,
    mailer,
    mail,
    transport,
    sessions,
    rateLimiter,
    csrf,
    secureCookies,
    settings,
    plans,
    users,
    storage,
    documents,
    /** Starts the queue (and, except in api processes, its workers). */
    async start() {
      await queue.start();
    },
    async close() {
      await queue.stop({ graceful: true, timeoutMs: 5_000 }).catch((error) => logger.error({ err: error }, 'queue stop failed'));
      await cache.stop();
      await documentFilters.close();
      transport.close();
      await database.close();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
