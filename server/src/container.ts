import path from 'node:path';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { batchesSettled } from './db/batcher';
import { CacheBus } from './db/cache';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { loadAppKey } from './db/secrets';
import type { UserRow } from './db/schema';
import { JobQueue } from './jobs/queue';
import { CsrfTokens } from './http/csrf';
import { RateLimiter } from './http/rate-limit';
import { SessionStore } from './http/sessions';
import { ActorCache } from './http/actor-cache';
import { keysOf, whereColumns } from './db/write-watch';
import { createMailer, outboxTransport, smtpTransport, type Transport } from './mail/mailer';
import { createMailService, defineMailJobs } from './mail/jobs';
import { createMailDeliveriesRepo } from './mail/repo';
import { defineBillingJobs } from './modules/billing/jobs';
import { createBillingService } from './modules/billing/service';
import { createAdminPlansService } from './modules/plans/admin-service';
import { createAdminRepo } from './modules/admin/repo';
import { createAdminService, createAuditWriter } from './modules/admin/service';
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
import { createTeamMembership } from './modules/teams/membership';
import { createTeamsService } from './modules/teams/service';
import { createPlansService } from './modules/plans/service';
import { createSettingsRepo } from './modules/settings/repo';
import { createSettingsService } from './modules/settings/service';
import { createUsersRepo } from './modules/users/repo';
import { createUsersService } from './modules/users/service';
import { createSsrfPolicy, machineAddresses, type Resolver } from './http/ssrf';
import { createWebFetcher } from './http/web-fetch';
import { defineWebsiteJobs } from './modules/websites/jobs';
import { createWebsitesRepo } from './modules/websites/repo';
import { createWebsitesService } from './modules/websites/service';
import { createGateways } from './payments/gateways';
import type { GatewayId, PaymentGateway } from './payments/types';
import type { SocialProvider } from './config';
import { createDocumentsRepo } from './modules/documents/repo';
import { createDocumentsService, defineDocumentJobs, documentTempDir } from './modules/documents/service';
import { createApiKeysRepo } from './modules/api/repo';
import { createApiKeysService, type ApiCaller } from './modules/api/keys';
import { createApiTexts } from './modules/api/texts';
import { createApiDocuments } from './modules/api/documents';
import { createApiGlossaries } from './modules/api/glossaries';
import type { SegmentTranslator } from './engines/types';
import { createSandboxRunner } from './formats/sandbox';
import { createStorageFromConfig } from './storage';
import type { FileStorage } from './storage/local';
import { createOptionalEngines } from './engines/optional';
import { createEngineRegistry, type ExtraEngines } from './engines/registry';
import { createModelProvisioner } from './engines/bergamot/provision';
import { createEnginesService } from './modules/engines/service';
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
import { createMemoryApprovals, createMemoryIndex } from './modules/translate/memory';
import { createTranslationPipeline } from './pipeline/pipeline';
import { createUsageLedger } from './modules/entitlements/ledger';
import { createEntitlements } from './modules/entitlements/service';

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
  /** HTTP for the model downloads (tests: a fetch that fails on cue). */
  modelsFetch?: typeof fetch;
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
  const mailer = createMailer({ transport, from: config.mailFrom, logger, site: config.appUrl });
  const mailDeliveries = createMailDeliveriesRepo(database.db);
  defineMailJobs(queue, { mailer, deliveries: mailDeliveries, logger, now });
  const mail = createMailService(queue);

  const secureCookies = config.appUrl.startsWith('https:');
  const sessions = new SessionStore(database.db, { ttlHours: config.sessionTtlHours, rememberDays: config.sessionRememberDays, secureCookies, now });
  const actors = createActorCache(database, cache, now);
  // Group-commit batches in flight at once: PGlite has one connection, PostgreSQL a pool.
  const batchConcurrency = database.kind === 'pglite' ? 1 : Math.max(1, Math.floor(config.databasePoolSize / 2));
  const rateLimiter = new RateLimiter(database.db, now, { batchConcurrency });
  const csrf = new CsrfTokens(appKey);

  const storage = overrides.fileStorage ?? createStorageFromConfig(config);

  const settings = createSettingsService({ repo: createSettingsRepo(database.db), cache, now });
  const plansRepo = createPlansRepo(database.db);
  const plans = createPlansService({ repo: plansRepo, cache });
  const gateways = createGateways({ config, db: database.db, setting: () => settings.get('payment_gateway'), overrides: overrides.paymentGateways });
  // Seats follow the subscription: billing sets the seats an owner pays for (in its
  // transaction) and a new team asks billing for them; entitlements reads memberships, and the
  // team page reads the ledger. The team reads and writes they share hold no state, so they
  // are built first and every service depends on the others in one direction.
  const usersRepo = createUsersRepo(database.db);
  const teamsRepo = createTeamsRepo(database.db);
  const membership = createTeamMembership(teamsRepo, now);
  const ledger = createUsageLedger({ db: database.db, now, batchConcurrency });
  // The one decision on plans, trials, features and limits, with the usage ledger.
  const entitlements = createEntitlements({ plans, settings, ledger, membershipOf: membership.membershipOf, findUser: (id) => usersRepo.findById(id), now });
  const entitlementsOf = (user: UserRow) => entitlements.entitlementsFor({ user });
  const billing = createBillingService({ db: database.db, plans, gateways, mail, config, storage, now, logger, teamSeats: membership.applyPaidSeats, entitlementsOf, setting: (name) => settings.get(name) });
  defineBillingJobs(queue, billing);
  // The admin audit log's writer, for every module whose admin changes it records.
  const adminRepo = createAdminRepo(database.db);
  const audit = createAuditWriter(adminRepo);
  const adminPlans = createAdminPlansService({ repo: plansRepo, plans, planIdsInUse: billing.planIdsInUse, now, audit });
  const translateRepo = createTranslateRepo(database.db);
  const memory = createMemoryIndex({ repo: translateRepo, cache });
  const authRepo = createAuthRepo(database.db);
  const documentsRepo = createDocumentsRepo(database.db);
  const teams = createTeamsService({
    repo: teamsRepo,
    usersRepo,
    plans,
    sessions,
    mail,
    appUrl: config.appUrl,
    now,
    paidSeats: billing.paidSeats,
    renewsPaidSubscription: billing.renewsPaidSubscription,
    // Read when a manager opens the team page: the usage ledger's team counters.
    usage: { teamUsage: entitlements.teamUsage },
    changed: entitlements.forgetTeam,
    entitlementsOf,
    rateLimiter,
    rateLimitScale: config.authRateLimitScale,
  });
  database.onWrite((table) => {
    if (table === 'users') entitlements.forgetOwners();
  });
  // The dictionary engine always; the others (Bergamot, LLM, remote MT) when configured.
  const engines = await createEngineRegistry(config, {
    logger,
    extraEngines: overrides.extraEngines ?? (({ config: engineConfig, logger: engineLogger }) => createOptionalEngines(engineConfig, engineLogger)),
  });
  // Hot swap: a model installed by any process refreshes the local engine in every process.
  cache.on('engines', () => {
    engines.refreshLocal().catch((error) => logger.error({ err: error }, 'refreshing the local engine failed'));
  });
  const users = createUsersService({
    repo: usersRepo,
    plans,
    entitlements,
    billing,
    now,
    logger,
    storage,
    mail,
    rateLimiter,
    sessions,
    social: authRepo,
    emailChanges: authRepo,
    appUrl: config.appUrl,
    // Asked at request time: an LLM configured later counts at once.
    llmConfigured: () => engines.engines.has('llm'),
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
  const admin = createAdminService({ repo: adminRepo, audit, users, plans, billing, settings, now, paymentGateways: () => gateways.configured(), entitlementsOf });
  const content = createContentService({ repo: createContentRepo(database.db), settings, now, audit });
  const requests = createRequestsService({ repo: createRequestsRepo(database.db), mail, storage, now, operatorEmail: config.operatorEmail, appUrl: config.appUrl });
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

  const provisioner = createModelProvisioner({
    db: database.db,
    modelsDir: config.modelsDir,
    sourceUrl: config.models.sourceUrl,
    autoDownload: config.models.autoDownload,
    retryMs: config.models.retryMs,
    retryMaxMs: config.models.retryMaxMs,
    idleMs: config.models.idleMs,
    logger,
    fetch: overrides.modelsFetch,
    // After every pass (an install here, or by `npm run models:install`): refresh, and tell the others.
    afterRun: async (result) => {
      const { changed } = await engines.refreshLocal();
      if (changed || result.installed.length) await cache.invalidate('engines');
    },
  });
  queue.define({
    name: 'models-provision',
    // The provisioner retries on its own schedule; a failed pass is not a failed job.
    settings: { retryLimit: 0, expireInSeconds: 60 * 60 },
    handle: async ({ force }) => {
      await provisioner.run({ force });
    },
  });
  const enginesAdmin = createEnginesService({
    db: database.db,
    registry: engines,
    queue,
    modelsDir: config.modelsDir,
    sourceUrl: config.models.sourceUrl,
    autoDownload: config.models.autoDownload,
    audit,
  });
  const glossary = createGlossaryService({ repo: createGlossaryRepo(database.db), cache, accounts: teams, now });
  // The one translation pipeline (memory, glossaries, engine router) for text, documents, websites and the API.
  const pipeline = createTranslationPipeline({ router: engines.router, memory, glossary, teamOf: teams.teamIdOf, logger });
  const translator: SegmentTranslator = pipeline.segmentTranslator();
  const history = createHistoryService({ repo: createHistoryRepo(database.db), now, logger, teamOf: teams.teamIdOf, findUser: (id) => usersRepo.findById(id) });
  const accounts = { membershipOf: teams.membershipOf, findUser: users.findById };
  const approvals = createMemoryApprovals({ repo: translateRepo, index: memory, accounts, now });
  const translate = createTranslateService({
    repo: translateRepo,
    router: engines.router,
    dictionary: engines.dictionary,
    entitlements,
    ledger,
    pipeline,
    history,
    now,
    logger,
    guestRetentionHours: config.guestTextRetentionHours,
    batchConcurrency,
  });
  const dictionaryLookup = createDictionaryService({ dictionary: engines.dictionary, rateLimiter });
  const feedback = createFeedbackService({ repo: createFeedbackRepo(database.db), translateRepo, memory, approvals, rateLimiter, history, now });

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
    mail,
    queue,
    history,
    findUser: (id) => users.findById(id),
    entitlements,
    teamOf: (user) => teams.membershipOf(user),
    now,
    logger,
    config: { ...config.documents, appUrl: config.appUrl, tempDir: documentTempDir(config.dataDir), guestRetentionHours: config.guestTextRetentionHours },
  });
  defineDocumentJobs(queue, documents);
  // The developer API: keys, and the DeepL- and LibreTranslate-compatible routes over the same services.
  const apiKeysRepo = createApiKeysRepo(database.db);
  const apiKeys = createApiKeysService({
    repo: apiKeysRepo,
    // A key's user from the actor cache (dropped when the user's row changes), else read.
    findUser: (id) => actors.userById(id, users.findById),
    entitlementsOf,
    rateLimiter,
    ledger,
    now,
    limits: config.api,
  });
  const developerApi = {
    keys: apiKeys,
    repo: apiKeysRepo,
    texts: createApiTexts({ translate, keys: apiKeys }),
    documents: createApiDocuments({
      documents,
      keys: apiKeys,
      appKey,
      tempDir: documentTempDir(config.dataDir),
      maxUploadBytes: config.documents.maxUploadMb * 1024 * 1024,
      findUser: (id: number) => users.findById(id),
    }),
    glossaries: createApiGlossaries({ glossary, keys: apiKeys, repo: apiKeysRepo, now }),
    usageOf: async (caller: ApiCaller) => {
      const entitled = await entitlements.entitlementsFor({ user: caller.user });
      // One ledger read; the same figures as the profile's meters (the dashboard).
      const usage = await entitlements.usageSnapshot(entitled);
      return {
        characters: { used: usage.api_characters_this_month, limit: entitled.limits.apiCharactersPerMonth },
        documents: { used: usage.doc_requests_this_month, limit: entitled.limits.documentsPerMonth },
        textRequests: { used: usage.text_requests_today, limit: entitled.limits.textRequestsPerDay },
      };
    },
    recordServiceTime: (ms: number) => translate.recordServiceTime(ms),
    appUrl: config.appUrl,
    now,
  };
  // Retention: history past each owner's setting, guests' texts and documents, old counters,
  // delivery records of mail sent a month ago.
  defineHistoryJobs(queue, {
    history,
    purgeExpiredData: async () => {
      await translate.purgeGuestData();
      await documents.purgeExpired();
      await mailDeliveries.purgeBefore(new Date(now().getTime() - 30 * 86_400_000));
    },
  });
  const webFetchPolicy = createSsrfPolicy({
    allowHosts: config.webFetch.allowHosts,
    resolve: overrides.webResolver,
    selfPorts: [config.port],
    selfAddresses: machineAddresses(config.host),
  });
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
    entitlements,
    rateLimiter,
    fetcher: webFetcher,
    policy: webFetchPolicy,
    now,
    logger,
    appKey,
    settings: {
      maxPages: config.webCrawl.maxPages,
      // A page's segments go to the pipeline in batches as a document's do, by segments and by
      // characters (DOC_BATCH_CHARS), so a page of long paragraphs makes no oversized call.
      batchSegments: 50,
      batchChars: config.documents.batchChars,
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
    approvals,
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
    /** Downloads missing models (worker processes start it). */
    provisioner,
    /** The admin Engines screen and the health report. */
    enginesAdmin,
    translator,
    pipeline,
    ledger,
    entitlements,
    glossary,
    history,
    translate,
    dictionaryLookup,
    feedback,
    admin,
    teams,
    websites,
    webFetcher,
    webFetchPolicy,
    content,
    requests,
    analytics,
    documents,
    developerApi,
    /** Starts the queue (and, except in api processes, its workers). */
    async start() {
      await queue.start();
      if (role !== 'api') await provisioner.start();
    },
    async close() {
      await provisioner.stop().catch((error) => logger.error({ err: error }, 'model provisioner stop failed'));
      await queue.stop({ graceful: true, timeoutMs: 5_000 }).catch((error) => logger.error({ err: error }, 'queue stop failed'));
      await engines.close().catch((error) => logger.error({ err: error }, 'engines close failed'));
      webFetcher.close();
      await cache.stop();
      await documentFilters.close();
      transport.close();
      // Items submitted to a group commit (by a job, or a request's hook) are written first.
      if (!(await batchesSettled(2_000))) logger.error('batched writes still pending when the database closed');
      await database.close();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;

/**
 * The signed-in actor cache. A write to `users` drops the entries of the users it names, a
 * deletion of sessions those of the sessions or users it names (the database's write watch,
 * in this process at once), and the same keys go to the other processes through the cache
 * bus, coalesced per burst. Inserts drop nothing (a new row is in no cache), nor does the
 * purge of expired sessions (the cache checks expiry itself); only a write whose rows cannot
 * be told from its WHERE clause empties the cache, everywhere.
 */
export function createActorCache(database: Pick<Database, 'onWrite'>, cache: CacheBus, now: () => Date) {
  const actors = new ActorCache(5_000, () => now().getTime());
  const apply = (keys: string[]) => {
    if (keys.includes('*')) return actors.clear();
    actors.dropUsers(keys.filter((k) => k.startsWith('u')).map((k) => Number(k.slice(1))));
    actors.dropSessions(keys.filter((k) => k.startsWith('s')).map((k) => k.slice(1)));
  };
  cache.onKeys('actors', apply);
  cache.on('actors', () => actors.clear());
  let pending: Set<string> | null = null;
  const changed = (keys: string[]) => {
    apply(keys);
    if (!pending) {
      pending = new Set();
      queueMicrotask(() => {
        const burst = [...(pending ?? [])];
        pending = null;
        void cache.invalidateKeys('actors', burst);
      });
    }
    for (const key of keys) pending.add(key);
  };
  database.onWrite((table, kind, where) => {
    if (kind === 'insert') return;
    if (table === 'users') {
      const ids = keysOf(where, 'id');
      changed(ids ? ids.map((id) => `u${Number(id)}`) : ['*']);
    } else if (table === 'sessions' && kind === 'delete') {
      const sessionIds = keysOf(where, 'id');
      const userIds = keysOf(where, 'user_id');
      if (sessionIds) changed(sessionIds.map((id) => `s${String(id)}`));
      else if (userIds) changed(userIds.map((id) => `u${Number(id)}`));
      // The purge of expired sessions touches no live entry (the cache checks expiry itself).
      else if (whereColumns(where)?.join() !== 'expires_at') changed(['*']);
    }
  });
  return actors;
}

