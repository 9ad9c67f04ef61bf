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
import { createAdminRepo } from './modules/admin/repo';
import { createAdminService } from './modules/admin/service';
import { defineAnalyticsJobs } from './modules/analytics/jobs';
import { createAnalyticsRepo } from './modules/analytics/repo';
import { createAnalyticsService } from './modules/analytics/service';
import { createContentRepo } from './modules/content/repo';
import { createContentService } from './modules/content/service';
import { createOidcClient, type OidcClient } from './modules/auth/oidc-client';
import { createAuthRepo } from './modules/auth/repo';
import { createAuthService } from './modules/auth/service';
import { createSocialLoginService } from './modules/auth/social.service';
import { createPlansRepo } from './modules/plans/repo';
import { createRequestsRepo } from './modules/requests/repo';
import { createRequestsService } from './modules/requests/service';
import { createTeamsRepo } from './modules/teams/repo';
import { createTeamsService } from './modules/teams/service';
import { createPlansService } from './modules/plans/service';
import { createSettingsRepo } from './modules/settings/repo';
import { createSettingsService } from './modules/settings/service';
import { createUsersRepo } from './modules/users/repo';
import { createUsersService } from './modules/users/service';
import type { SocialProvider } from './config';
import { createDocumentsRepo } from './modules/documents/repo';
import { createDocumentsService, defineDocumentJobs, documentTempDir, unavailableTranslator, type SegmentTranslator } from './modules/documents/service';
import { createSandboxRunner } from './formats/sandbox';
import { createLocalStorage, type FileStorage } from './storage/local';

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

  const storage = overrides.fileStorage ?? createLocalStorage(path.join(config.dataDir, 'files'));

  const settings = createSettingsService({ repo: createSettingsRepo(database.db), cache, now });
  const plans = createPlansService({ repo: createPlansRepo(database.db), cache });
  const teams = createTeamsService({ repo: createTeamsRepo(database.db), plans, sessions, mail, appUrl: config.appUrl, now });
  const authRepo = createAuthRepo(database.db);
  const usersRepo = createUsersRepo(database.db);
  const users = createUsersService({
    repo: usersRepo,
    plans,
    teams,
    now,
    logger,
    storage,
    mail,
    rateLimiter,
    sessions,
    social: authRepo,
    appUrl: config.appUrl,
  });
  const auth = createAuthService({ repo: authRepo, users, usersRepo, mail, rateLimiter, sessions, now, appKey, appUrl: config.appUrl, logger });
  const socialClients: Partial<Record<SocialProvider, OidcClient>> = {};
  for (const [provider, providerConfig] of Object.entries(config.socialProviders) as Array<[SocialProvider, NonNullable<Config['socialProviders'][SocialProvider]>]>) {
    socialClients[provider] = createOidcClient(providerConfig, logger);
  }
  const social = createSocialLoginService({
    clients: socialClients,
    repo: authRepo,
    users,
    usersRepo,
    sessions,
    sendVerificationEmail: auth.sendVerificationEmail,
    now,
    appUrl: config.appUrl,
    logger,
  });
  const admin = createAdminService({ repo: createAdminRepo(database.db), users, plans, settings, now, paymentGateways: () => ['sandbox'] });
  const content = createContentService({ repo: createContentRepo(database.db), settings, now });
  const requests = createRequestsService({ repo: createRequestsRepo(database.db), mail, now, operatorEmail: config.operatorEmail, appUrl: config.appUrl });
  const analytics = createAnalyticsService({
    repo: createAnalyticsRepo(database.db),
    now,
    options: {
      recordingRetentionDays: config.recordingRetentionDays,
      pageViewRetentionDays: config.pageViewRetentionDays,
      maxEventsPerBatch: config.analyticsBatchMaxEvents,
    },
  });
  defineAnalyticsJobs(queue, { analytics, logger });

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
    settings,
    mail,
    queue,
    findUser: (id) => users.findById(id),
    planOf: (user) => users.effectivePlan(user),
    teamOf: (user) => teams.membershipOf(user),
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
    /** The application key: signs CSRF tokens and e-mail verification links. */
    appKey,
    storage,
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
    auth,
    social,
    admin,
    teams,
    content,
    requests,
    analytics,
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
