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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: urlFromEnv(['http', 'https']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlFromEnv(['postgres', 'postgresql']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  MAIL_URL: urlFromEnv(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Lisan <no-reply@lisan.local>'),
  ADMIN_EMAIL: z.string().email().default('admin@lisan.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(2),
  SESSION_REMEMBER_DAYS: z.coerce.number().int().min(1).default(30),
  WEB_DIST_DIR: z.string().min(1).default('web/dist'),
  DOC_MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(2048).default(100),
  DOC_FILTER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(300),
  DOC_COUNT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(30),
  DOC_FILTER_MAX_HEAP_MB: z.coerce.number().int().min(64).default(512),
  DOC_MAX_PDF_PAGES: z.coerce.number().int().min(1).default(1000),
  DOC_BATCH_SEGMENTS: z.coerce.number().int().min(1).max(1000).default(40),
  DOC_BATCH_CHARS: z.coerce.number().int().min(100).default(6000),
  DOC_JOB_EXPIRE_MINUTES: z.coerce.number().int().min(1).default(120),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  mailUrl?: string;
  mailFrom: string;
  adminEmail: string;
  adminPassword?: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  bodyLimitBytes: number;
  sessionTtlHours: number;
  sessionRememberDays: number;
  webDistDir: string;
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
  /** After this long without finishing, a job is taken to have lost its worker and runs again (resuming). */
  jobExpireMinutes: number;
}

export class ConfigError extends Error {}

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
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionRememberDays: e.SESSION_REMEMBER_DAYS,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    documents: {
      maxUploadMb: e.DOC_MAX_UPLOAD_MB,
      filterTimeoutSeconds: e.DOC_FILTER_TIMEOUT_SECONDS,
      countTimeoutSeconds: e.DOC_COUNT_TIMEOUT_SECONDS,
      filterMaxHeapMb: e.DOC_FILTER_MAX_HEAP_MB,
      maxPdfPages: e.DOC_MAX_PDF_PAGES,
      batchSegments: e.DOC_BATCH_SEGMENTS,
      batchChars: e.DOC_BATCH_CHARS,
      jobExpireMinutes: e.DOC_JOB_EXPIRE_MINUTES,
    },
  };
}
