/**
 * Model provisioning through the whole path: a stand-in Remote Settings server on loopback
 * (its real JSON shapes) serving tiny models -> download -> verify -> install -> hot swap ->
 * POST /api/translate answers with the local engine. The engine is the real WASM one.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createContainer } from '../../container';
import { createTestApp, testConfig, type TestApp } from '../../../test/harness';
import { startRemoteSettings, type RemoteSettingsStandIn, type StandInFile } from '../../../test/stand-ins/remote-settings';
import { openDatabase } from '../../db/client';
import type { RunResult } from './provision';
import { compareVersions, parseRecord, selectModelSets, type ModelRecord } from './remote-settings';
import { buildTinyModelPair } from './testing/tiny-model';

let root: string;
let tiny: string;
let tinyInt8: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'lisan-provision-'));
  tiny = path.join(root, 'tiny');
  buildTinyModelPair(tiny);
  tinyInt8 = path.join(root, 'tiny-int8');
  buildTinyModelPair(tinyInt8, { int8: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * The tiny pair as Remote Settings records (model + shared vocabulary per direction): float32
 * weights, or for the directions in `int8` the int8 model in Firefox's format.
 */
function tinyFiles(options: { version?: string; int8?: string[]; change?: (file: StandInFile) => StandInFile } = {}): StandInFile[] {
  const files: StandInFile[] = [];
  for (const [pair, source, target] of [
    ['enar', 'en', 'ar'],
    ['aren', 'ar', 'en'],
  ] as const) {
    const int8 = options.int8?.includes(`${source}-${target}`);
    const model = int8 ? path.join(tinyInt8, pair, `model.${pair}.intgemm.alphas.bin`) : path.join(tiny, pair, `model.${pair}.bin`);
    const vocab = path.join(int8 ? tinyInt8 : tiny, pair, `vocab.${pair}.spm`);
    files.push({ source, target, fileType: 'model', version: options.version ?? '1.0', name: `model.${pair}.intgemm.alphas.bin`, body: readFileSync(model) });
    files.push({ source, target, fileType: 'vocab', version: options.version ?? '1.0', name: `vocab.${pair}.spm`, body: readFileSync(vocab) });
  }
  return files.map(options.change ?? ((f) => f));
}

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function standIn(files: StandInFile[]) {
  const server = await startRemoteSettings(files);
  open.push(server);
  return server;
}

async function app(server: RemoteSettingsStandIn, env: Record<string, string> = {}, startQueue = false) {
  const t = await createTestApp({ env: { MODELS_SOURCE_URL: server.base, BERGAMOT_WORKERS: '1', ...env }, startQueue });
  open.push(t);
  return t;
}

async function translate(t: TestApp, text: string, source: string, target: string) {
  const response = await t.client().request({ method: 'POST', url: '/api/translate', payload: { text, source_lang: source, target_lang: target }, remoteAddress: '203.0.113.7' });
  expect(response.statusCode).toBe(200);
  return JSON.parse(response.json().data as string) as { engine: string; segments: Array<{ target: string }> };
}

const modelsDir = (t: TestApp) => t.container.config.modelsDir;
const stateOf = (t: TestApp, direction: string) => t.container.database.db.selectFrom('engine_models').selectAll().where('direction', '=', direction).executeTakeFirstOrThrow();

describe('choosing records (the version rule)', () => {
  const record = (fields: Partial<ModelRecord> & { fileType: string; version: string }): ModelRecord =>
    parseRecord({
      id: `${fields.fileType}-${fields.version}-${fields.variant ?? ''}`,
      name: fields.name ?? `${fields.fileType}.enar.bin`,
      fromLang: 'en',
      toLang: 'ar',
      ...fields,
      attachment: { hash: 'a'.repeat(64), size: 10, filename: fields.name ?? 'x', location: `loc/${fields.fileType}-${fields.version}` },
    })!;

  it('compares versions as Mozilla does (pre-releases before releases)', () => {
    expect(compareVersions('1.0', '1.1')).toBeLessThan(0);
    expect(compareVersions('1.10', '1.9')).toBeGreaterThan(0);
    expect(compareVersions('2.0a1', '2.0')).toBeLessThan(0);
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
  });

  it('takes the highest loadable version of each file, the files of the model version only, best variant first', () => {
    const records = [
      record({ fileType: 'model', version: '1.0', name: 'model.enar.intgemm.alphas.bin' }),
      record({ fileType: 'model', version: '1.1', name: 'model.enar.intgemm.alphas.bin' }),
      record({ fileType: 'vocab', version: '1.0', name: 'vocab.enar.spm' }),
      record({ fileType: 'vocab', version: '1.1', name: 'vocab.enar.spm' }),
      record({ fileType: 'lex', version: '1.0', name: 'lex.50.50.enar.s2t.bin' }),
      // A generation this engine cannot load.
      record({ fileType: 'model', version: '3.0', name: 'model.enar.intgemm.alphas.bin' }),
      record({ fileType: 'vocab', version: '3.0', name: 'vocab.enar.spm' }),
      // The larger base model, released as 2.x with split vocabularies.
      record({ fileType: 'model', version: '2.1', name: 'model.enar.intgemm.alphas.bin', variant: 'base' }),
      record({ fileType: 'srcvocab', version: '2.1', name: 'srcvocab.enar.spm', variant: 'base' }),
      record({ fileType: 'trgvocab', version: '2.1', name: 'trgvocab.enar.spm', variant: 'base' }),
      record({ fileType: 'qualityModel', version: '2.1', name: 'qualityModel.enar.bin', variant: 'base' }),
      // Incomplete: no vocabulary.
      record({ fileType: 'model', version: '2.0', name: 'model.enar.intgemm.alphas.bin', variant: 'tiny' }),
    ];
    const sets = selectModelSets(records, 'en', 'ar');
    expect(sets.map((s) => [s.version, s.variant])).toEqual([
      ['2.1', 'base'],
      ['1.1', null],
    ]);
    expect(sets[0]!.files.map((f) => f.fileType)).toEqual(['model', 'srcvocab', 'trgvocab']);
    // The 1.0 shortlist belongs to the 1.0 model, not to 1.1.
    expect(sets[1]!.files.map((f) => `${f.fileType}@${f.version}`)).toEqual(['model@1.1', 'vocab@1.1']);
    expect(selectModelSets(records, 'ar', 'en')).toEqual([]);
  });

  it('reads the newer record fields (sourceLanguage, targetLanguage) and refuses records without a sha256', () => {
    const parsed = parseRecord({ id: '1', name: 'vocab.aren.spm', sourceLanguage: 'ar', targetLanguage: 'en', fileType: 'vocab', version: '1.0', attachment: { hash: 'b'.repeat(64), size: '12', filename: 'vocab.aren.spm', location: 'x/y.bin' } });
    expect(parsed).toMatchObject({ source: 'ar', target: 'en', attachment: { size: 12 } });
    expect(parseRecord({ id: '2', name: 'v', fromLang: 'ar', toLang: 'en', fileType: 'vocab', version: '1.0', attachment: { hash: 'nope', size: 1, location: 'x' } })).toBeNull();
  });
});

// Each install loads the real WASM engine twice (the check, then the first translation).
describe('provisioning from a stand-in Remote Settings server', { timeout: 240_000 }, () => {
  it('downloads, checks and installs both directions (ar->en an int8 model), then POST /api/translate answers with the local engine (no restart)', async () => {
    // One file served gzipped, and the newer record fields on the other direction.
    const server = await standIn(tinyFiles({ int8: ['ar-en'], change: (f) => ({ ...f, gzip: f.fileType === 'vocab' && f.source === 'en', newFields: f.source === 'ar' }) }));
    const t = await app(server);
    expect((await translate(t, 'Good morning.', 'en', 'ar')).engine).toBe('dictionary');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().engines['en-ar']).toMatchObject({ engine: 'dictionary', model: 'missing' });

    const result = await t.container.provisioner.run();
    expect(result).toEqual({ busy: false, installed: ['en-ar', 'ar-en'], failed: [] });

    expect(readdirSync(modelsDir(t)).sort()).toEqual(['aren', 'enar']);
    expect(readdirSync(path.join(modelsDir(t), 'enar')).sort()).toEqual(['metadata.json', 'model.enar.intgemm.alphas.bin', 'vocab.enar.spm']);
    // Gunzipped: the installed vocabulary is the original file.
    expect(readFileSync(path.join(modelsDir(t), 'enar', 'vocab.enar.spm')).equals(readFileSync(path.join(tiny, 'enar', 'vocab.enar.spm')))).toBe(true);
    const metadata = JSON.parse(readFileSync(path.join(modelsDir(t), 'enar', 'metadata.json'), 'utf8'));
    expect(metadata).toMatchObject({ sourceLanguage: 'en', targetLanguage: 'ar', version: '1.0', source: server.base });

    const en = await translate(t, 'Good morning.', 'en', 'ar');
    expect(en.engine).toBe('local');
    expect(en.segments[0]!.target.trim()).not.toBe('');
    // The int8 model, as Mozilla publishes them, translated by the engine's int8 GEMM.
    expect(readFileSync(path.join(modelsDir(t), 'aren', 'model.aren.intgemm.alphas.bin')).equals(readFileSync(path.join(tinyInt8, 'aren', 'model.aren.intgemm.alphas.bin')))).toBe(true);
    const ar = await translate(t, 'صباح الخير.', 'ar', 'en');
    expect(ar.engine).toBe('local');
    expect(ar.segments[0]!.target.trim()).not.toBe('');
    expect(t.container.engines.answering('en', 'ar')).toBe('local');

    const row = await stateOf(t, 'en-ar');
    expect(row).toMatchObject({ state: 'installed', version: '1.0', last_error: null });
    expect(row.bytes_done).toBe(row.bytes_total);
    expect(row.files.map((f) => f.bytes === f.size)).toEqual([true, true]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().engines).toEqual({
      'en-ar': { engine: 'local', model_version: '1.0', model: 'installed' },
      'ar-en': { engine: 'local', model_version: '1.0', model: 'installed' },
    });
    // Each file fetched once; nothing left behind.
    expect(server.state.attachmentRequests).toHaveLength(4);
    expect(readdirSync(modelsDir(t)).filter((name) => name.startsWith('.'))).toEqual([]);

    // A second pass finds everything installed and downloads nothing.
    expect(await t.container.provisioner.run()).toEqual({ busy: false, installed: [], failed: [] });
    expect(server.state.attachmentRequests).toHaveLength(4);
  });

  it('never installs a file whose sha256 differs from the record; the other direction still installs', async () => {
    const server = await standIn(tinyFiles({ change: (f) => ({ ...f, wrongHash: f.source === 'en' && f.fileType === 'model' }) }));
    const t = await app(server);
    const result = await t.container.provisioner.run();
    expect(result).toMatchObject({ installed: ['ar-en'], failed: ['en-ar'] });
    expect(existsSync(path.join(modelsDir(t), 'enar'))).toBe(false);
    const row = await stateOf(t, 'en-ar');
    expect(row.state).toBe('failed');
    expect(row.last_error).toMatch(/sha256 [0-9a-f]{64} does not match the record's/);
    expect(row.attempts).toBe(1);
    expect((await translate(t, 'Good morning.', 'en', 'ar')).engine).toBe('dictionary');
    expect((await translate(t, 'صباح الخير.', 'ar', 'en')).engine).toBe('local');
  });

  it('never installs a truncated file (fewer bytes than the record says)', async () => {
    const body = readFileSync(path.join(tiny, 'aren', 'model.aren.bin'));
    const server = await standIn(tinyFiles({ change: (f) => (f.source === 'ar' && f.fileType === 'model' ? { ...f, truncate: Math.floor(body.length / 3) } : f) }));
    const t = await app(server);
    const result = await t.container.provisioner.run();
    expect(result).toMatchObject({ installed: ['en-ar'], failed: ['ar-en'] });
    expect(existsSync(path.join(modelsDir(t), 'aren'))).toBe(false);
    expect((await stateOf(t, 'ar-en')).last_error).toMatch(new RegExp(`stopped at ${Math.floor(body.length / 3)} of ${body.length} bytes`));
    expect((await translate(t, 'صباح الخير.', 'ar', 'en')).engine).toBe('dictionary');
  });

  it('resumes an interrupted transfer with a Range request', async () => {
    const server = await standIn(tinyFiles());
    const location = server.locationOf('model.enar.intgemm.alphas.bin', 'en');
    server.state.cutOnce.add(location); // half the file, then nothing more
    const t = await app(server, { MODELS_IDLE_TIMEOUT_MS: '1500' });

    const first = await t.container.provisioner.run();
    expect(first.failed).toEqual(['en-ar']);
    expect((await stateOf(t, 'en-ar')).last_error).toMatch(/stopped at \d+ of \d+ bytes/);
    const partial = readdirSync(modelsDir(t)).find((name) => name.startsWith('.download-enar'));
    expect(partial).toBeDefined();

    const second = await t.container.provisioner.run();
    expect(second.installed).toEqual(['en-ar']);
    const requests = server.state.attachmentRequests.filter((r) => r.location === location);
    expect(requests).toHaveLength(2);
    expect(requests[0]!.range).toBeUndefined();
    expect(requests[1]!.range).toMatch(/^bytes=[1-9]\d*-$/);
    expect(readFileSync(path.join(modelsDir(t), 'enar', 'model.enar.intgemm.alphas.bin')).equals(readFileSync(path.join(tiny, 'enar', 'model.enar.bin')))).toBe(true);
    expect((await translate(t, 'Good morning.', 'en', 'ar')).engine).toBe('local');
  });

  it('starts with the dictionary while the server is down, retries with backoff and picks the models up later', async () => {
    const server = await standIn(tinyFiles());
    server.state.down = true;
    const lines: string[] = [];
    const t = await createTestApp({
      env: { MODELS_SOURCE_URL: server.base, MODELS_AUTO_DOWNLOAD: 'true', MODELS_RETRY_MS: '20', MODELS_RETRY_MAX_MS: '40', BERGAMOT_WORKERS: '1' },
      overrides: { logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) },
    });
    open.push(t);
    const passes: RunResult[] = [];
    let wake: () => void = () => {};
    t.container.provisioner.onRun((result) => {
      passes.push(result);
      wake();
    });
    const until = (check: () => boolean) => new Promise<void>((resolve) => {
      wake = () => check() && resolve();
      wake();
    });

    await t.container.start();
    await until(() => passes.length >= 3);
    expect(passes.slice(0, 3).every((p) => p.failed.length === 2)).toBe(true);
    expect((await translate(t, 'Good morning.', 'en', 'ar')).engine).toBe('dictionary');
    // The next attempt may be under way ('checking'); the last error and the count stay.
    const failed = await stateOf(t, 'en-ar');
    expect(['failed', 'checking']).toContain(failed.state);
    expect(failed.attempts).toBeGreaterThanOrEqual(3);
    expect(failed.last_error).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\//);
    // Logged once per direction, not once per attempt.
    expect(lines.filter((l) => l.includes('model download for en-ar failed'))).toHaveLength(1);

    server.state.down = false;
    await until(() => passes.some((p) => p.installed.length === 2));
    expect((await translate(t, 'Good morning.', 'en', 'ar')).engine).toBe('local');
    expect((await stateOf(t, 'en-ar')).state).toBe('installed');
  });

  it('two processes starting together download once; the other process switches to the new model too', async () => {
    const server = await standIn(tinyFiles());
    const t = await app(server);
    // A second process on the same database and MODELS_DIR (its own pool on PostgreSQL).
    const config = testConfig({ DATA_DIR: t.dataDir, MODELS_SOURCE_URL: server.base, BERGAMOT_WORKERS: '1', WEB_DIST_DIR: path.join(t.dataDir, 'no-web') });
    const ownDatabase = t.testDatabase.url ? await openDatabase({ url: t.testDatabase.url, poolSize: 2 }) : null;
    const other = await createContainer(config, 'worker', { database: ownDatabase ?? t.testDatabase.database, logger: pino({ level: 'silent' }) });
    open.push({
      close: async () => {
        if (ownDatabase) return other.close();
        await other.provisioner.stop();
        await other.engines.close();
        await other.cache.stop();
      },
    });
    const refreshed = Promise.all([t.container.cache, other.cache].map((cache) => new Promise<void>((resolve) => cache.on('engines', () => resolve()))));

    const [a, b] = await Promise.all([t.container.provisioner.run(), other.provisioner.run()]);
    expect([a.busy, b.busy].sort()).toEqual([false, true]);
    expect([...a.installed, ...b.installed].sort()).toEqual(['ar-en', 'en-ar']);
    // Every attachment fetched exactly once.
    const locations = server.state.attachmentRequests.map((r) => r.location);
    expect(locations).toHaveLength(4);
    expect(new Set(locations).size).toBe(4);

    // Whichever process installed, both now answer with the local engine.
    await refreshed;
    // The refresh the notification started has finished once this one (a no-op) returns.
    await Promise.all([t.container.engines.refreshLocal(), other.engines.refreshLocal()]);
    expect(other.engines.answering('en', 'ar')).toBe('local');
    expect((await translate(t, 'Good morning.', 'en', 'ar')).engine).toBe('local');
  });
});
