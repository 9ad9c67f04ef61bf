/**
 * Model provisioning: when MODELS_DIR lacks the English->Arabic or Arabic->English model, the
 * worker fetches it from Mozilla's Remote Settings (remote-settings.ts) or a mirror, as Firefox
 * Translations does, and installs it without a restart.
 *
 * - One provisioner works at a time across processes (a lease row in engine_provisioning_lease,
 *   renewed while it works): two processes starting together download once.
 * - Each file: download.ts (temporary file, Range resume, size + sha256, gunzip). The set is then
 *   installed by install.ts: loaded in the real engine, a test sentence translated, renamed
 *   atomically into MODELS_DIR. A set that fails is never installed; the next best set is tried.
 * - Progress (bytes and percent per file), state and the last error are stored in engine_models,
 *   for the admin Engines screen and GET /api/health of every process, and logged.
 * - Failures (network, disk full, a bad file) are logged once per distinct reason and retried
 *   with exponential backoff (MODELS_RETRY_MS doubling up to MODELS_RETRY_MAX_MS); nothing
 *   here throws out of the timer, so the process never crashes.
 * - `onInstalled` tells the engine registries (this process and, through the cache bus, the
 *   others) to pick the new model up.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema';
import type { EngineModelFileProgress, ModelState } from '../../db/tables/engines';
import type { Lang } from '../types';
import { DownloadError, downloadFile, isGzipAttachment } from './download';
import { installModels, ModelInstallError } from './install';
import { discoverModels, type ModelMetadata } from './models';
import { attachmentUrl, compareVersions, fetchRemoteIndex, RemoteSettingsError, type ModelRecord, type ModelSet, type RemoteIndex, selectModelSets } from './remote-settings';

export const DIRECTIONS: ReadonlyArray<{ source: Lang; target: Lang }> = [
  { source: 'en', target: 'ar' },
  { source: 'ar', target: 'en' },
];

export type { ModelState };

export interface ProvisionerOptions {
  /** Where state, progress and the lease live; without it (npm run models:install on PGlite) only the log says. */
  db?: Kysely<DB>;
  modelsDir: string;
  sourceUrl: string;
  autoDownload: boolean;
  retryMs: number;
  retryMaxMs: number;
  /** A transfer that receives nothing for this long is abandoned (and resumed later). */
  idleMs?: number;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Called after each pass that was not left to another process (refresh the engine registries: a no-op when MODELS_DIR did not change). */
  afterRun?: (result: RunResult) => Promise<void> | void;
  fetch?: typeof fetch;
  /** How long the lease lasts without renewal (default 60 s). */
  leaseMs?: number;
  now?: () => Date;
}

export interface RunResult {
  /** Another process holds the lease: it is doing the work. */
  busy: boolean;
  installed: string[];
  failed: string[];
}

const direction = (d: { source: string; target: string }) => `${d.source}-${d.target}`;

/** The file name a record's file gets in the model folder (the layout models.ts reads). */
function localName(record: ModelRecord, pair: string): string {
  const plain = record.attachment.filename.replace(/\.gz$/i, '').replace(/[/\\]/g, '_');
  const patterns: Record<string, [RegExp, string]> = {
    model: [/^model\..+\.bin$/, `model.${pair}.bin`],
    vocab: [/^vocab\..+\.spm$/, `vocab.${pair}.spm`],
    srcvocab: [/^srcvocab\..+\.spm$/, `srcvocab.${pair}.spm`],
    trgvocab: [/^trgvocab\..+\.spm$/, `trgvocab.${pair}.spm`],
    lex: [/^lex\..+\.bin$/, `lex.${pair}.s2t.bin`],
  };
  const [pattern, fallback] = patterns[record.fileType] ?? [/$^/, plain];
  return pattern.test(plain) ? plain : fallback;
}

function installedMetadata(modelsDir: string): Map<string, ModelMetadata & { dir: string }> {
  const found = new Map<string, ModelMetadata & { dir: string }>();
  for (const [key, files] of discoverModels(modelsDir).models) found.set(key, { ...files.metadata, dir: files.dir });
  return found;
}

export function createModelProvisioner(options: ProvisionerOptions) {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 60_000;
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const lastLogged = new Map<string, string>();
  const attemptsOf = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<RunResult> | null = null;
  const controller = new AbortController();
  const listeners = new Set<(result: RunResult) => void>();

  async function setRow(dir: string, values: Partial<{ state: ModelState; version: string | null; variant: string | null; source_url: string | null; files: EngineModelFileProgress[]; bytes_total: number; bytes_done: number; attempts: number; last_error: string | null; last_error_at: Date | null; next_attempt_at: Date | null; installed_at: Date | null }>) {
    if (!db) return;
    const row = { ...values, files: values.files ? JSON.stringify(values.files) : undefined, updated_at: now() };
    await db
      .insertInto('engine_models')
      .values({ direction: dir, state: values.state ?? 'missing', ...row })
      .onConflict((oc) => oc.column('direction').doUpdateSet(row))
      .execute();
  }

  async function acquireLease(): Promise<boolean> {
    if (!db) return true;
    const expires = new Date(now().getTime() + leaseMs);
    const result = await sql<{ holder: string }>`
      insert into engine_provisioning_lease (name, holder, expires_at) values ('models', ${holder}, ${expires})
      on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where engine_provisioning_lease.expires_at < ${now()} or engine_provisioning_lease.holder = excluded.holder
      returning holder`.execute(db);
    return result.rows.length === 1;
  }

  let lastRenew = 0;
  async function renewLease(force = false) {
    if (!force && Date.now() - lastRenew < Math.min(5_000, leaseMs / 3)) return;
    lastRenew = Date.now();
    if (!(await acquireLease())) throw new DownloadError('another process took over the model download', true);
  }

  async function releaseLease() {
    if (!db) return;
    await db.deleteFrom('engine_provisioning_lease').where('name', '=', 'models').where('holder', '=', holder).execute();
  }

  /** Logs a failure once per distinct reason and direction. */
  function logFailure(dir: string, message: string) {
    if (lastLogged.get(dir) === message) return;
    lastLogged.set(dir, message);
    logger.error({ engine: 'local', direction: dir }, `model download for ${dir} failed: ${message}`);
  }

  async function downloadSet(set: ModelSet, index: RemoteIndex, sourceUrl: string): Promise<void> {
    const pair = `${set.source}${set.target}`;
    const dir = direction(set);
    const staging = path.join(options.modelsDir, `.download-${pair}-${set.version.replace(/[^\w.-]/g, '_')}${set.variant ? `-${set.variant.replace(/[^\w.-]/g, '_')}` : ''}`);
    await mkdir(staging, { recursive: true });
    const files: EngineModelFileProgress[] = set.files.map((r) => ({ name: localName(r, pair), file_type: r.fileType, size: r.attachment.size, bytes: 0 }));
    const total = set.bytes;
    const done = () => files.reduce((sum, f) => sum + f.bytes, 0);
    await setRow(dir, { state: 'downloading', version: set.version, variant: set.variant, source_url: sourceUrl, files, bytes_total: total, bytes_done: 0 });
    for (const [i, record] of set.files.entries()) {
      const file = files[i]!;
      const target = path.join(staging, file.name);
      if (existsSync(target)) {
        file.bytes = file.size; // checked in an earlier attempt
        continue;
      }
      let lastStored = 0;
      let lastQuarter = -1;
      let pending: Promise<unknown> = Promise.resolve();
      const url = attachmentUrl(index, record);
      logger.info({ engine: 'local', direction: dir, file: file.name, bytes: file.size, url }, `downloading ${file.name} for ${dir} (${file.size} bytes)`);
      await downloadFile({
        url,
        file: target,
        size: record.attachment.size,
        sha256: record.attachment.hash,
        gzip: isGzipAttachment(record.attachment),
        fetch: options.fetch,
        signal: controller.signal,
        idleMs: options.idleMs,
        onProgress: (bytes) => {
          file.bytes = bytes;
          const percent = file.size ? Math.floor((bytes / file.size) * 100) : 100;
          if (Math.floor(percent / 25) > lastQuarter) {
            lastQuarter = Math.floor(percent / 25);
            logger.info({ engine: 'local', direction: dir, file: file.name, bytes, size: file.size, percent }, `${file.name}: ${percent}% (${bytes} of ${file.size} bytes)`);
          }
          // Stored at most every 500 ms, one write at a time.
          if (Date.now() - lastStored >= 500) {
            lastStored = Date.now();
            pending = pending.then(() => Promise.all([setRow(dir, { files, bytes_done: done() }), renewLease()])).catch(() => {});
          }
        },
      });
      await pending;
      file.bytes = file.size;
      await setRow(dir, { files, bytes_done: done() });
      await renewLease(true);
    }
    await writeFile(
      path.join(staging, 'metadata.json'),
      `${JSON.stringify(
        {
          sourceLanguage: set.source,
          targetLanguage: set.target,
          version: set.version,
          variant: set.variant,
          source: sourceUrl,
          files: set.files.map((r, i) => ({ name: files[i]!.name, fileType: r.fileType, sha256: r.attachment.hash, size: r.attachment.size, record: r.id })),
          downloadedAt: now().toISOString(),
        },
        null,
        2,
      )}\n`,
    );
    await setRow(dir, { state: 'verifying', files, bytes_done: total });
    logger.info({ engine: 'local', direction: dir }, `checking the ${dir} model: loading it and translating a sentence`);
    // Install reads only the model's files (not the .part leftovers) and renames atomically.
    await installModels(staging, options.modelsDir);
    await rm(staging, { recursive: true, force: true });
  }

  /** Removes download folders of versions no longer wanted. */
  async function sweepStaging(keep: Set<string>) {
    let entries: string[] = [];
    try {
      entries = await readdir(options.modelsDir);
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.startsWith('.download-') && !keep.has(entry)) await rm(path.join(options.modelsDir, entry), { recursive: true, force: true });
    }
  }

  async function runLocked(force: boolean): Promise<RunResult> {
    const result: RunResult = { busy: false, installed: [], failed: [] };
    const installed = installedMetadata(options.modelsDir);
    const wanted = DIRECTIONS.filter((d) => force || !installed.has(direction(d)));
    for (const d of DIRECTIONS.filter((x) => !wanted.includes(x))) {
      const meta = installed.get(direction(d))!;
      await setRow(direction(d), { state: 'installed', version: typeof meta.version === 'string' ? meta.version : null, variant: typeof meta.variant === 'string' ? meta.variant : null, source_url: typeof meta.source === 'string' ? meta.source : null, last_error: null });
    }
    if (!wanted.length) return result;
    for (const d of wanted) await setRow(direction(d), { state: 'checking' });

    let index: RemoteIndex;
    try {
      await mkdir(options.modelsDir, { recursive: true });
      index = await fetchRemoteIndex(options.sourceUrl, { fetch: options.fetch, signal: controller.signal });
    } catch (error) {
      const message = error instanceof RemoteSettingsError ? error.message : `cannot prepare the download (${(error as Error).message})`;
      for (const d of wanted) {
        await fail(direction(d), message);
        result.failed.push(direction(d));
      }
      return result;
    }

    const keepStaging = new Set<string>();
    for (const d of wanted) {
      const dir = direction(d);
      const sets = selectModelSets(index.records, d.source, d.target);
      for (const set of sets) keepStaging.add(`.download-${d.source}${d.target}-${set.version.replace(/[^\w.-]/g, '_')}${set.variant ? `-${set.variant.replace(/[^\w.-]/g, '_')}` : ''}`);
      if (!sets.length) {
        await fail(dir, `${options.sourceUrl} lists no ${d.source}->${d.target} model this engine can load (model versions 1.x-2.x with a vocabulary)`);
        result.failed.push(dir);
        continue;
      }
      // Re-check: an installed model at the newest version stays (force re-downloads it anyway).
      const have = installed.get(dir);
      if (have && !force && typeof have.version === 'string' && compareVersions(have.version, sets[0]!.version) >= 0) continue;
      let lastError = '';
      let done = false;
      for (const set of sets) {
        try {
          await downloadSet(set, index, options.sourceUrl);
          await setRow(dir, { state: 'installed', attempts: 0, last_error: null, next_attempt_at: null, installed_at: now() });
          lastLogged.delete(dir);
          attemptsOf.delete(dir);
          logger.info({ engine: 'local', direction: dir, version: set.version, variant: set.variant }, `installed the ${dir} model ${set.version}${set.variant ? ` (${set.variant})` : ''}`);
          result.installed.push(dir);
          done = true;
          break;
        } catch (error) {
          lastError =
            error instanceof DownloadError || error instanceof ModelInstallError ? error.message : `${(error as Error).message ?? String(error)}`;
          // A network problem: the same set later. A bad file or a model that does not load: the next set.
          if (error instanceof DownloadError && error.retryable) break;
          if (!(error instanceof DownloadError) && !(error instanceof ModelInstallError)) break;
        }
      }
      if (!done) {
        await fail(dir, lastError);
        result.failed.push(dir);
      }
    }
    await sweepStaging(keepStaging);
    return result;
  }

  async function fail(dir: string, message: string) {
    logFailure(dir, message);
    const row = db ? await db.selectFrom('engine_models').select('attempts').where('direction', '=', dir).executeTakeFirst() : undefined;
    const attempts = Math.max(row?.attempts ?? 0, attemptsOf.get(dir) ?? 0) + 1;
    attemptsOf.set(dir, attempts);
    const delay = backoff(attempts);
    await setRow(dir, { state: 'failed', attempts, last_error: message, last_error_at: now(), next_attempt_at: options.autoDownload ? new Date(now().getTime() + delay) : null });
  }

  function backoff(attempts: number) {
    return Math.min(options.retryMaxMs, options.retryMs * 2 ** Math.max(0, attempts - 1));
  }

  /** One provisioning pass; safe to call from several places (runs once at a time in this process). */
  async function run(runOptions: { force?: boolean } = {}): Promise<RunResult> {
    if (running) return running;
    running = (async () => {
      try {
        if (!(await acquireLease())) return { busy: true, installed: [], failed: [] };
        lastRenew = Date.now();
        try {
          return await runLocked(Boolean(runOptions.force));
        } finally {
          await releaseLease().catch(() => {});
        }
      } catch (error) {
        const message = (error as Error).message ?? String(error);
        for (const d of DIRECTIONS) logFailure(direction(d), message);
        return { busy: false, installed: [], failed: DIRECTIONS.map(direction) };
      }
    })();
    try {
      const result = await running;
      if (!result.busy) {
        try {
          await options.afterRun?.(result);
        } catch (error) {
          logger.error({ engine: 'local', err: error }, 'refreshing the engines after a model download failed');
        }
      }
      for (const listener of listeners) listener(result);
      return result;
    } finally {
      running = null;
    }
  }

  /** Records `disabled` for the missing directions when MODELS_AUTO_DOWNLOAD=false. */
  async function markDisabled() {
    const installed = installedMetadata(options.modelsDir);
    for (const d of DIRECTIONS) {
      if (!installed.has(direction(d))) await setRow(direction(d), { state: 'disabled', next_attempt_at: null });
    }
  }

  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void loop();
    }, ms);
    timer.unref?.();
  }

  async function loop() {
    if (stopped) return;
    const result = await run();
    if (stopped) return;
    if (result.busy) return schedule(Math.max(1, Math.min(leaseMs, options.retryMaxMs)));
    if (!result.failed.length) return;
    schedule(backoff(Math.max(1, ...result.failed.map((dir) => attemptsOf.get(dir) ?? 1))));
  }

  return {
    holder,
    run,
    /** Worker start: provisions now and keeps retrying failures; only marks `disabled` when opted out. */
    async start() {
      stopped = false;
      if (!options.autoDownload) {
        await markDisabled().catch((error) => logger.error({ engine: 'local', err: error }, 'cannot record the model state'));
        return;
      }
      schedule(0);
    },
    /** Calls `listener` after every pass (tests wait on it instead of sleeping). */
    onRun(listener: (result: RunResult) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      controller.abort(new Error('shutting down'));
      await running?.catch(() => {});
    },
  };
}

export type ModelProvisioner = ReturnType<typeof createModelProvisioner>;

/** The stored provisioning state of each direction (any process). */
export async function readModelStates(db: Kysely<DB>) {
  const rows = await db.selectFrom('engine_models').selectAll().execute();
  return new Map(rows.map((row) => [row.direction, row]));
}

/** Version, variant and size on disk of the installed models (for the Engines screen). */
export function installedModels(modelsDir: string) {
  const { models } = discoverModels(modelsDir);
  return [...models.values()].map((files) => {
    const paths = [files.model, ...files.vocabs, ...(files.shortlist ? [files.shortlist] : [])];
    let bytes = 0;
    for (const file of new Set(paths)) {
      try {
        bytes += statSync(file).size;
      } catch {
        // vanished meanwhile
      }
    }
    const meta = files.metadata;
    return {
      direction: direction(files),
      version: typeof meta.version === 'string' ? meta.version : null,
      variant: typeof meta.variant === 'string' ? meta.variant : typeof meta.architecture === 'string' ? meta.architecture : null,
      source: typeof meta.source === 'string' ? meta.source : null,
      bytes,
      model: path.basename(files.model),
    };
  });
}
