import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads the environment. Everything else receives a typed Config.
 * Invalid values stop start-up with one line naming the variable (see loadConfig).
 */
const booleanFromEnv = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const urlFromEnv = (protocols: string[]) =>
  z.string().url().refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
    message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  });

/** "local, deepl,dictionary" -> ['local', 'deepl', 'dictionary'] */
const engineListFromEnv = z
  .string()
  .transform((value) => value.split(',').map((id) => id.trim().toLowerCase()).filter(Boolean))
  .refine((ids) => ids.length > 0 && ids.every((id) => /^[a-z0-9_-]+$/.test(id)), { message: 'must be a comma-separated list of engine ids' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: urlFromEnv(['http', 'https']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // Shared file storage (issue 16): s3://bucket/prefix; unset keeps files under DATA_DIR/files.
  STORAGE_URL: z.string().regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'must look like s3://bucket or s3://bucket/prefix').optional(),
  S3_ENDPOINT: urlFromEnv(['http', 'https']).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  DATABASE_URL: urlFromEnv(['postgres', 'postgresql']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  MAIL_URL: urlFromEnv(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Lisan <no-reply@lisan.local>'),
  ADMIN_EMAIL: z.string().email().default('admin@lisan.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** The first admin's language (its e-mails, and its default name): en or ar. */
  ADMIN_LOCALE: z.enum(['en', 'ar']).default('en'),
  /** The first admin's name; unset: "Administrator", or «المسؤول» when ADMIN_LOCALE is ar. */
  ADMIN_NAME: z.string().trim().min(1).max(120).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SIGTERM/SIGINT: time to drain requests and jobs before the process exits anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  TRUST_PROXY: booleanFromEnv.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(2),
  SESSION_REMEMBER_DAYS: z.coerce.number().int().min(1).default(30),
  WEB_DIST_DIR: z.string().min(1).default('web/dist'),
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  API_KEY_FAILURES_PER_WINDOW: z.coerce.number().int().min(1).max(100_000).default(20),
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  INVOICE_SELLER_NAME: z.string().min(1).default('Lisan'),
  INVOICE_SELLER_NAME_AR: z.string().default(''),
  INVOICE_SELLER_ADDRESS: z.string().default(''),
  /** The test-card gateway: on by default outside production; `true` turns it on in production. */
  PAYMENTS_SANDBOX: z.enum(['true', 'false']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: urlFromEnv(['http', 'https']).default('https://api.stripe.com'),
  HYPERPAY_URL: urlFromEnv(['http', 'https']).default('https://eu-test.oppwa.com'),
  HYPERPAY_ACCESS_TOKEN: z.string().min(1).optional(),
  HYPERPAY_ENTITY_ID: z.string().min(1).optional(),
  DOC_MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(2048).default(100),
  DOC_FILTER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(300),
  DOC_COUNT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(30),
  DOC_FILTER_MAX_HEAP_MB: z.coerce.number().int().min(64).default(512),
  DOC_MAX_PDF_PAGES: z.coerce.number().int().min(1).default(1000),
  DOC_BATCH_SEGMENTS: z.coerce.number().int().min(1).max(1000).default(40),
  DOC_BATCH_CHARS: z.coerce.number().int().min(100).default(6000),
  // Translation (issue 4): engines, routing and retention.
  DICT_DIR: z.string().min(1).default('/usr/share/dictd'),
  ENGINE_CHAIN: engineListFromEnv.default(['local', 'deepl', 'google', 'libretranslate', 'dictionary']),
  ENGINE_CHAIN_GENERAL: engineListFromEnv.optional(),
  ENGINE_CHAIN_BUSINESS: engineListFromEnv.optional(),
  ENGINE_CHAIN_LEGAL: engineListFromEnv.optional(),
  ENGINE_CHAIN_ECOMMERCE: engineListFromEnv.optional(),
  ENGINE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  ENGINE_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  ENGINE_BACKOFF_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  ENGINE_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(8),
  GUEST_TEXT_RETENTION_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(24),
  // Translation engines (server/src/engines). Each optional engine is enabled by its variables.
  MODELS_DIR: z.string().min(1).optional(),
  BERGAMOT_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
  // Model provisioning (engines/bergamot/provision.ts): a Remote Settings server, /v1 included.
  MODELS_SOURCE_URL: urlFromEnv(['http', 'https']).default('https://firefox.settings.services.mozilla.com/v1'),
  MODELS_AUTO_DOWNLOAD: booleanFromEnv.default(true),
  MODELS_RETRY_MS: z.coerce.number().int().min(1).max(86_400_000).default(30_000),
  MODELS_RETRY_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(3_600_000),
  /** A model transfer that receives nothing for this long is abandoned and resumed on the next attempt. */
  MODELS_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  ENGINE_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  LLM_BASE_URL: urlFromEnv(['http', 'https']).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LIBRETRANSLATE_URL: urlFromEnv(['http', 'https']).optional(),
  LIBRETRANSLATE_API_KEY: z.string().min(1).optional(),
  DEEPL_API_KEY: z.string().min(1).optional(),
  DEEPL_URL: urlFromEnv(['http', 'https']).optional(),
  GOOGLE_TRANSLATE_API_KEY: z.string().min(1).optional(),
  GOOGLE_TRANSLATE_URL: urlFromEnv(['http', 'https']).default('https://translation.googleapis.com'),
  GOOGLE_TRANSLATE_CREDENTIALS: z.string().min(1).optional(),
  GOOGLE_TRANSLATE_PROJECT: z.string().min(1).optional(),
  GOOGLE_TRANSLATE_LOCATION: z.string().min(1).default('global'),
  // Website translation: the fetcher (SSRF guard, limits) and the crawler's politeness.
  WEB_FETCH_ALLOW_HOSTS: z.string().default(''),
  WEB_FETCH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  WEB_FETCH_MAX_BYTES: z.coerce.number().int().min(65_536).max(100 * 1024 * 1024).default(5 * 1024 * 1024),
  WEB_FETCH_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
  WEB_CRAWL_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(2000),
  WEB_CRAWL_MAX_DEPTH: z.coerce.number().int().min(0).max(50).default(5),
  WEB_CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(4).default(2),
  WEB_CRAWL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  OPERATOR_EMAIL: z.string().email().optional(),
  REQUEST_FILE_MAX_MB: z.coerce.number().int().min(1).max(500).default(20),
  RECORDING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  PAGE_VIEW_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(395),
  ANALYTICS_BATCH_MAX_BYTES: z.coerce.number().int().min(1024).default(2_097_152),
  ANALYTICS_BATCH_MAX_EVENTS: z.coerce.number().int().min(1).default(2000),
  // Social login (OpenID Connect). A provider is offered only when its id and secret are set.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: urlFromEnv(['http', 'https']).default('https://accounts.google.com'),
  LINKEDIN_CLIENT_ID: z.string().min(1).optional(),
  LINKEDIN_CLIENT_SECRET: z.string().min(1).optional(),
  LINKEDIN_ISSUER_URL: urlFromEnv(['http', 'https']).default('https://www.linkedin.com/oauth'),
});

export type SocialProvider = 'google' | 'linkedin';

export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
  /** The OpenID Connect issuer; its /.well-known/openid-configuration is read on first use. */
  issuerUrl: string;
}

export type Env = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  storage: { url?: string; endpoint?: string; region: string; forcePathStyle: boolean };
  databaseUrl?: string;
  databasePoolSize: number;
  mailUrl?: string;
  mailFrom: string;
  adminEmail: string;
  adminPassword?: string;
  adminLocale: 'en' | 'ar';
  adminName?: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How long SIGTERM/SIGINT wait for the drain before exiting anyway. */
  shutdownGraceMs: number;
  trustProxy: boolean;
  bodyLimitBytes: number;
  sessionTtlHours: number;
  sessionRememberDays: number;
  webDistDir: string;
  /** Multiplies the sign-in, sign-up and password-reset attempt limits. */
  authRateLimitScale: number;
  /** Developer API: requests per key and minute; wrong keys an address may send per 10 minutes. */
  api: { requestsPerMinute: number; failuresPerWindow: number };
  billing: {
    graceDays: number;
    sellerName: string;
    /** The seller's name in Arabic (empty: none; the Arabic invoice then writes the Latin one). */
    sellerNameAr: string;
    sellerAddress: string;
    stripe: { secretKey?: string; webhookSecret?: string; apiUrl: string };
    hyperpay: { url: string; accessToken?: string; entityId?: string };
    /**
     * Whether the sandbox gateway (any Luhn-valid test card "pays") may take checkouts. Off in
     * production (NODE_ENV=production or an https APP_URL) unless PAYMENTS_SANDBOX=true.
     */
    sandbox: boolean;
  };
  /** Folder of the FreeDict dictd files (Debian: /usr/share/dictd). */
  dictDir: string;
  /** Engine ids in the order the router tries them. */
  engineChain: string[];
  /** Per-domain orders replacing engineChain. */
  engineChainByDomain: Partial<Record<'general' | 'business' | 'legal' | 'ecommerce', string[]>>;
  engineTimeoutMs: number;
  engineRetries: number;
  engineBackoffMs: number;
  engineConcurrency: number;
  /** Guests' text translations are kept this long (for reactions and feedback), then deleted. */
  guestTextRetentionHours: number;
  /** Bergamot models, one folder per direction (enar/, aren/). Default DATA_DIR/models. */
  modelsDir: string;
  bergamotWorkers: number;
  /** Where missing models come from: Mozilla's Remote Settings (or a mirror), and when to retry. */
  models: { sourceUrl: string; autoDownload: boolean; retryMs: number; retryMaxMs: number; idleMs: number };
  /** Upper bound on one HTTP call of a remote engine (the router's own timeout may be shorter). */
  engineHttpTimeoutMs: number;
  llm?: { baseUrl: string; apiKey?: string; model: string };
  libreTranslate?: { url: string; apiKey?: string };
  deepl?: { url: string; apiKey: string };
  /** v3 (service account key file) when GOOGLE_TRANSLATE_CREDENTIALS is set, else v2 (API key). */
  google?:
    | { version: 'v2'; url: string; apiKey: string }
    | { version: 'v3'; url: string; credentialsFile: string; project?: string; location: string };
  /** Website fetching: hosts allowed past the SSRF guard (as written in URLs), limits of one fetch. */
  webFetch: { allowHosts: string[]; timeoutMs: number; maxBytes: number; maxRedirects: number };
  /** Website crawling: pages per site (the plan's quota caps it lower), link depth, politeness per host. */
  webCrawl: { maxPages: number; maxDepth: number; concurrency: number; delayMs: number };
  /** Who receives requests for human translation and contact messages (OPERATOR_EMAIL, else ADMIN_EMAIL). */
  operatorEmail: string;
  requestFileMaxBytes: number;
  recordingRetentionDays: number;
  pageViewRetentionDays: number;
  analyticsBatchMaxBytes: number;
  analyticsBatchMaxEvents: number;
  /** Configured social login providers only. */
  socialProviders: Partial<Record<SocialProvider, SocialProviderConfig>>;
  documents: DocumentsConfig;
}

/** Document translation (server/src/modules/documents, server/src/formats). */
export interface DocumentsConfig {
  /** Largest upload any plan may send, in MB; a plan's own limit is usually lower. */
  maxUploadMb: number;
  /** A filter (analysis or merge) running in the job longer than this fails the job. */
  filterTimeoutSeconds: number;
  /** The word count done while the upload request waits. */
  countTimeoutSeconds: number;
  /** Heap of the worker thread a filter runs in. */
  filterMaxHeapMb: number;
  maxPdfPages: number;
  /** Segments and characters sent to the engine at once; progress is saved after each batch. */
  batchSegments: number;
  batchChars: number;
}

export class ConfigError extends Error {}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * A warning for a start-up whose e-mails would carry links nobody can open: mail goes out over SMTP (MAIL_URL) while
 * the app's address (APP_URL, the origin of every link in a mail) is unset, so localhost, or set to a loopback one.
 */
export function mailLinksWarning(config: Pick<Config, 'mailUrl' | 'appUrl'>): string | null {
  if (!config.mailUrl) return null;
  const host = new URL(config.appUrl).hostname;
  if (host !== 'localhost' && host !== '[::1]' && !host.startsWith('127.')) return null;
  return `MAIL_URL is set but APP_URL is ${config.appUrl}: the links in e-mails will not open for their recipients; set APP_URL to the public address`;
}

/** Parses the environment; throws ConfigError whose message is one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as they do in most shells' `VAR= command` usage.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  const socialProviders: Config['socialProviders'] = {};
  for (const [provider, prefix] of [['google', 'GOOGLE'], ['linkedin', 'LINKEDIN']] as const) {
    const clientId = e[`${prefix}_CLIENT_ID`];
    const clientSecret = e[`${prefix}_CLIENT_SECRET`];
    if (Boolean(clientId) !== Boolean(clientSecret)) {
      const [missing, present] = clientId ? ['CLIENT_SECRET', 'CLIENT_ID'] : ['CLIENT_ID', 'CLIENT_SECRET'];
      throw new ConfigError(`Invalid environment variable ${prefix}_${missing}: required when ${prefix}_${present} is set`);
    }
    if (clientId && clientSecret) socialProviders[provider] = { clientId, clientSecret, issuerUrl: e[`${prefix}_ISSUER_URL`].replace(/\/$/, '') };
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    storage: { url: e.STORAGE_URL, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, forcePathStyle: e.S3_FORCE_PATH_STYLE },
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    adminLocale: e.ADMIN_LOCALE,
    adminName: e.ADMIN_NAME,
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionRememberDays: e.SESSION_REMEMBER_DAYS,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    authRateLimitScale: e.AUTH_RATE_LIMIT_SCALE,
    api: { requestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE, failuresPerWindow: e.API_KEY_FAILURES_PER_WINDOW },
    billing: {
      graceDays: e.BILLING_GRACE_DAYS,
      sellerName: e.INVOICE_SELLER_NAME,
      sellerNameAr: e.INVOICE_SELLER_NAME_AR,
      sellerAddress: e.INVOICE_SELLER_ADDRESS,
      stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL.replace(/\/$/, '') },
      hyperpay: { url: e.HYPERPAY_URL.replace(/\/$/, ''), accessToken: e.HYPERPAY_ACCESS_TOKEN, entityId: e.HYPERPAY_ENTITY_ID },
      sandbox: e.PAYMENTS_SANDBOX ? e.PAYMENTS_SANDBOX === 'true' : !(e.NODE_ENV === 'production' || (e.APP_URL ?? '').startsWith('https:')),
    },
    documents: {
      maxUploadMb: e.DOC_MAX_UPLOAD_MB,
      filterTimeoutSeconds: e.DOC_FILTER_TIMEOUT_SECONDS,
      countTimeoutSeconds: e.DOC_COUNT_TIMEOUT_SECONDS,
      filterMaxHeapMb: e.DOC_FILTER_MAX_HEAP_MB,
      maxPdfPages: e.DOC_MAX_PDF_PAGES,
      batchSegments: e.DOC_BATCH_SEGMENTS,
      batchChars: e.DOC_BATCH_CHARS,
    },
    dictDir: path.resolve(e.DICT_DIR),
    engineChain: e.ENGINE_CHAIN,
    engineChainByDomain: Object.fromEntries(
      (
        [
          ['general', e.ENGINE_CHAIN_GENERAL],
          ['business', e.ENGINE_CHAIN_BUSINESS],
          ['legal', e.ENGINE_CHAIN_LEGAL],
          ['ecommerce', e.ENGINE_CHAIN_ECOMMERCE],
        ] as const
      ).filter(([, chain]) => chain !== undefined),
    ),
    engineTimeoutMs: e.ENGINE_TIMEOUT_MS,
    engineRetries: e.ENGINE_RETRIES,
    engineBackoffMs: e.ENGINE_BACKOFF_MS,
    engineConcurrency: e.ENGINE_CONCURRENCY,
    guestTextRetentionHours: e.GUEST_TEXT_RETENTION_HOURS,
    modelsDir: path.resolve(e.MODELS_DIR ?? path.join(e.DATA_DIR, 'models')),
    bergamotWorkers: e.BERGAMOT_WORKERS,
    models: { sourceUrl: trimSlash(e.MODELS_SOURCE_URL), autoDownload: e.MODELS_AUTO_DOWNLOAD, retryMs: e.MODELS_RETRY_MS, retryMaxMs: Math.max(e.MODELS_RETRY_MS, e.MODELS_RETRY_MAX_MS), idleMs: e.MODELS_IDLE_TIMEOUT_MS },
    engineHttpTimeoutMs: e.ENGINE_HTTP_TIMEOUT_MS,
    llm: e.LLM_BASE_URL ? { baseUrl: trimSlash(e.LLM_BASE_URL), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL } : undefined,
    libreTranslate: e.LIBRETRANSLATE_URL ? { url: trimSlash(e.LIBRETRANSLATE_URL), apiKey: e.LIBRETRANSLATE_API_KEY } : undefined,
    deepl: e.DEEPL_API_KEY
      ? {
          // DeepL API Free keys end in ":fx" and are served by api-free.deepl.com.
          url: trimSlash(e.DEEPL_URL ?? (e.DEEPL_API_KEY.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com')),
          apiKey: e.DEEPL_API_KEY,
        }
      : undefined,
    google: e.GOOGLE_TRANSLATE_CREDENTIALS
      ? {
          version: 'v3',
          url: trimSlash(e.GOOGLE_TRANSLATE_URL),
          credentialsFile: path.resolve(e.GOOGLE_TRANSLATE_CREDENTIALS),
          project: e.GOOGLE_TRANSLATE_PROJECT,
          location: e.GOOGLE_TRANSLATE_LOCATION,
        }
      : e.GOOGLE_TRANSLATE_API_KEY
        ? { version: 'v2', url: trimSlash(e.GOOGLE_TRANSLATE_URL), apiKey: e.GOOGLE_TRANSLATE_API_KEY }
        : undefined,
    webFetch: {
      allowHosts: e.WEB_FETCH_ALLOW_HOSTS.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      timeoutMs: e.WEB_FETCH_TIMEOUT_MS,
      maxBytes: e.WEB_FETCH_MAX_BYTES,
      maxRedirects: e.WEB_FETCH_MAX_REDIRECTS,
    },
    webCrawl: {
      maxPages: e.WEB_CRAWL_MAX_PAGES,
      maxDepth: e.WEB_CRAWL_MAX_DEPTH,
      concurrency: e.WEB_CRAWL_CONCURRENCY,
      delayMs: e.WEB_CRAWL_DELAY_MS,
    },
    operatorEmail: (e.OPERATOR_EMAIL ?? e.ADMIN_EMAIL).toLowerCase(),
    requestFileMaxBytes: e.REQUEST_FILE_MAX_MB * 1_048_576,
    recordingRetentionDays: e.RECORDING_RETENTION_DAYS,
    pageViewRetentionDays: e.PAGE_VIEW_RETENTION_DAYS,
    analyticsBatchMaxBytes: e.ANALYTICS_BATCH_MAX_BYTES,
    analyticsBatchMaxEvents: e.ANALYTICS_BATCH_MAX_EVENTS,
    socialProviders,
  };
}
