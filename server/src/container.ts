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
import { ActorCache } from './http/actor-cache';
import { createMailer, outboxTransport, smtpTransport, type Transport } from './mail/mailer';
import { createMailService, defineMailJobs } from './mail/jobs';
import { defineBillingJobs } from './modules/billing/jobs';
import { createBillingService } from './modules/billing/service';
import { createAdminPlansService } from './modules/plans/admin-service';
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
import { createSsrfPolicy, type Resolver } from './http/ssrf';
import { createWebFetcher } from './http/web-fetch';
import { defineWebsiteJobs } from './modules/websites/jobs';
import { createWebsitesRepo } from './modules/websites/repo';
import { createWebsitesService } from './modules/websites/service';
import { createGateways } from './payments/gateways';
import type { GatewayId, PaymentGateway } from './payments/types';
import type { SocialProvider } from './config';
import { createDocumentsRepo } from './modules/documents/repo';
import { createDocumentsService, defineDocumentJobs, documentTempDir, documentUsageSource } from './modules/documents/service';
import type { SegmentTranslator } from './engines/types';
import { createSandboxRunner } from './formats/sandbox';
import { createLocalStorage, type FileStorage } from './storage/local';
import { createOptionalEngines } from './engines/optional';
import { createEngineRegistry, type ExtraEngines } from './engines/registry';
import { createDictionaryService } from './modules/dictionary/service';
import { createFeedbackRepo } from './modules/feedback/repo';
import { createFeedbackService } from './modules/feedback/service';
import { createGlossaryRepo } from './modules/glossary/repo';
import { createGlossaryService } from './modules/glossary/service';
import { defineHistoryJobs } from './modules/history/jobs';
import { createHistoryRepo } from './modules/history/repo';
import { createHistoryService } from './modules/history/service';
import { createTranslateRepo } from './modules/translate/repo';
import { createTranslateService } from './modules/translate/service';
import { createMemoryIndex } from './modules/translate/memory';
import { createUsageService, quotaSubject, TEXT_REQUESTS } from './modules/translate/usage';

export type ProcessRole = 'all' | 'api' | 'worker';

/** Parts a caller may supply instead of the defaults (tests: another database, transport or clock). */
export interface ContainerOverrides {
  database?: Database;
  logger?: Logger;
  mailTransport?: Transport;
  now?: () => Date;
  jobPollingIntervalSeconds?: number;
  jobMaintenanceIntervalSeconds?: number;
  /** Translates website segments (tests: a deterministic engine; see websites/service.ts). */
  segmentTranslator?: SegmentTranslator;
  /** DNS for the website fetcher (tests: a resolver that answers what they need). */
  webResolver?: Resolver;
  /** Payment adapters to use instead of the configured ones. */
  paymentGateways?: Partial<Record<GatewayId, PaymentGateway>>;
  /** Translates document segments; the text-translation core's translator when it is wired. */
  documentTranslator?: SegmentTranslator;
  fileStorage?: FileStorage;
  /** Translation engines besides the dictionary (the engines' adapters, or test stand-ins). */
  extraEngines?: ExtraEngines;
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
  const actors = createActorCache(database, cache, now);
  const rateLimiter = new RateLimiter(database.db, now);
  const csrf = new CsrfTokens(appKey);

  const storage = overrides.fileStorage ?? createLocalStorage(path.join(config.dataDir, 'files'));

  const settings = createSettingsService({ repo: createSettingsRepo(database.db), cache, now });
  const plansRepo = createPlansRepo(database.db);
  const plans = createPlansService({ repo: plansRepo, cache });
  const gateways = createGateways({ config, db: database.db, setting: () => settings.get('payment_gateway'), overrides: overrides.paymentGateways });
  // Seats follow the subscription: billing tells teams the seats an owner pays for (in its
  // transaction), and a new team asks billing for them.
  const usersRepo = createUsersRepo(database.db);
  const teams = createTeamsService({ repo: createTeamsRepo(database.db), usersRepo, plans, sessions, mail, appUrl: config.appUrl, now, paidSeats: (userId) => billing.paidSeats(userId),
    // Read when a manager opens the team page (the services below are built by then).
    usage: {
      textRequestsToday: (teamId) => usage.count(quotaSubject({ id: 0 }, { teamId }), TEXT_REQUESTS, 'day'),
      memberMonth: async (userId) => ({ doc_requests_this_month: await documents.documentsThisMonth({ userId }), web_pages_this_month: await websites.pagesUsedThisMonth(userId) }),
    },
  });
  const billing = createBillingService({ db: database.db, plans, gateways, mail, config, storage, now, logger, teamSeats: teams.applyPaidSeats });
  defineBillingJobs(queue, billing);
  const adminPlans = createAdminPlansService({ repo: plansRepo, plans, planIdsInUse: billing.planIdsInUse, now });
  const translateRepo = createTranslateRepo(database.db);
  // Group-commit batches in flight at once: PGlite has one connection, PostgreSQL a pool.
  const batchConcurrency = database.kind === 'pglite' ? 1 : Math.max(1, Math.floor(config.databasePoolSize / 2));
  const usage = createUsageService({ repo: translateRepo, now, batchConcurrency });
  const memory = createMemoryIndex({ repo: translateRepo, cache });
  const authRepo = createAuthRepo(database.db);
  const documentsRepo = createDocumentsRepo(database.db);
  const documentUsage = documentUsageSource(documentsRepo, now);
  const users = createUsersService({
    repo: usersRepo,
    plans,
    teams,
    billing,
    // GET /api/user's usage: text requests today (translate) and documents this month (documents).
    usage: {
      snapshotFor: async (user, team) => ({ ...(await usage.snapshotFor(user, team)), doc_requests_this_month: await documentUsage.docRequestsThisMonth(user) }),
    },
    now,
    logger,
    storage,
    mail,
    rateLimiter,
    sessions,
    social: authRepo,
    appUrl: config.appUrl,
  });
  const auth = createAuthService({ repo: authRepo, users, usersRepo, mail, rateLimiter, sessions, now, appKey, appUrl: config.appUrl, logger, rateLimitScale: config.authRateLimitScale });
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
  const admin = createAdminService({ repo: createAdminRepo(database.db), users, plans, billing, settings, now, paymentGateways: () => gateways.configured() });
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

  // The dictionary engine always; the others (Bergamot, LLM, remote MT) when configured.
  const engines = await createEngineRegistry(config, {
    logger,
    extraEngines: overrides.extraEngines ?? (({ config: engineConfig, logger: engineLogger }) => createOptionalEngines(engineConfig, engineLogger)),
  });
  /** Segments through the engine router, for documents and websites. */
  const translator: SegmentTranslator = async (segments, job) => {
    const result = await engines.router.translate(segments, job);
    return { translations: result.targets, engine: result.engine };
  };
  const glossary = createGlossaryService({ repo: createGlossaryRepo(database.db), cache, accounts: teams, now });
  const history = createHistoryService({ repo: createHistoryRepo(database.db), now, logger, teamOf: teams.teamIdOf });
  const accounts = { membershipOf: teams.membershipOf, findUser: users.findById };
  const translate = createTranslateService({
    repo: translateRepo,
    router: engines.router,
    dictionary: engines.dictionary,
    usage,
    plans,
    settings,
    glossary,
    history,
    accounts,
    now,
    logger,
    guestRetentionHours: config.guestTextRetentionHours,
    batchConcurrency,
    memory,
  });
  const dictionaryLookup = createDictionaryService({ dictionary: engines.dictionary, rateLimiter });
  const feedback = createFeedbackService({ repo: createFeedbackRepo(database.db), translateRepo, memory, accounts, rateLimiter, now });

  // Filters read untrusted files in worker threads with a heap limit and a deadline.
  const documentFilters = createSandboxRunner({
    timeoutMs: config.documents.filterTimeoutSeconds * 1000,
    maxHeapMb: config.documents.filterMaxHeapMb,
    concurrency: 2,
  });
  const documents = createDocumentsService({
    repo: documentsRepo,
    storage,
    filters: documentFilters,
    translate: overrides.documentTranslator ?? translator,
    settings,
    mail,
    queue,
    history,
    findUser: (id) => users.findById(id),
    planOf: (user) => users.effectivePlan(user),
    teamOf: (user) => teams.membershipOf(user),
    now,
    logger,
    config: { ...config.documents, appUrl: config.appUrl, tempDir: documentTempDir(config.dataDir), guestRetentionHours: config.guestTextRetentionHours },
  });
  defineDocumentJobs(queue, documents, config.documents);
  // Retention: history past each owner's setting, guests' texts and documents, old counters.
  defineHistoryJobs(queue, {
    history,
    purgeGuestData: async () => {
      await translate.purgeGuestData();
      await documents.purgeExpired();
    },
  });
  const webFetchPolicy = createSsrfPolicy({ allowHosts: config.webFetch.allowHosts, resolve: overrides.webResolver });
  const webFetcher = createWebFetcher({
    policy: webFetchPolicy,
    timeoutMs: config.webFetch.timeoutMs,
    maxBytes: config.webFetch.maxBytes,
    maxRedirects: config.webFetch.maxRedirects,
    userAgent: `Mozilla/5.0 (compatible; LisanBot/1.0; +${config.appUrl})`,
  });
  const websites = createWebsitesService({
    repo: createWebsitesRepo(database.db),
    queue,
    users,
    billing,
    teams,
    rateLimiter,
    fetcher: webFetcher,
    policy: webFetchPolicy,
    now,
    logger,
    appKey,
    settings: {
      maxPages: config.webCrawl.maxPages,
      batchSize: 50,
      crawlsPerHour: 30,
      crawl: {
        robotsToken: 'LisanBot',
        maxDepth: config.webCrawl.maxDepth,
        concurrency: config.webCrawl.concurrency,
        delayMs: config.webCrawl.delayMs,
        maxDelayMs: 10_000,
        maxSitemaps: 20,
        robotsMaxBytes: 512 * 1024,
      },
    },
    translator: overrides.segmentTranslator ?? translator,
    history,
  });
  defineWebsiteJobs(queue, websites);

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
    actors,
    rateLimiter,
    csrf,
    secureCookies,
    settings,
    plans,
    adminPlans,
    gateways,
    billing,
    users,
    auth,
    social,
    engines,
    translator,
    usage,
    glossary,
    history,
    translate,
    dictionaryLookup,
    feedback,
    admin,
    teams,
    websites,
    webFetcher,
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
      await engines.close().catch((error) => logger.error({ err: error }, 'engines close failed'));
      webFetcher.close();
      await cache.stop();
      await documentFilters.close();
      transport.close();
      await database.close();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;

/**
 * The signed-in actor cache, emptied by any write to `users` or deletion of `sessions` in
 * this process (the database's write watch) and, through the cache bus, in the others.
 * Notifications are coalesced: one per burst of writes.
 */
function createActorCache(database: Database, cache: CacheBus, now: () => Date) {
  const actors = new ActorCache(5_000, () => now().getTime());
  cache.on('actors', () => actors.clear());
  let notifying = false;
  database.onWrite((table, kind) => {
    if (table !== 'users' && !(table === 'sessions' && kind === 'delete')) return;
    actors.clear();
    if (notifying) return;
    notifying = true;
    queueMicrotask(() => {
      notifying = false;
      void cache.invalidate('actors');
    });
  });
  return actors;
}

