import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { BergamotEngine } from './bergamot/engine';
import { buildTinyModelPair } from './bergamot/testing/tiny-model';
import { createOptionalEngines } from './optional';

function memoryLogger() {
  const lines: string[] = [];
  const log = (_obj: unknown, message?: string) => void lines.push(message ?? '');
  return { lines, logger: { info: log, warn: log, error: log } };
}

describe('createOptionalEngines', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'lisan-optional-'));
    buildTinyModelPair(path.join(root, 'data', 'models'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('leaves Google v3 out, with an error logged, when its key file cannot be read', () => {
    const { logger, lines } = memoryLogger();
    const engines = createOptionalEngines(loadConfig({ DATA_DIR: path.join(root, 'empty'), GOOGLE_TRANSLATE_CREDENTIALS: path.join(root, 'missing.json') }), logger);
    expect(engines).toEqual([]);
    expect(lines.join('\n')).toMatch(/Google Cloud Translation v3 disabled: Cannot read the Google service account key/);
  });

  it('returns nothing when nothing is configured or installed', () => {
    const { logger, lines } = memoryLogger();
    expect(createOptionalEngines(loadConfig({ DATA_DIR: path.join(root, 'empty') }), logger)).toEqual([]);
    expect(lines).toContain('no optional engine configured');
  });

  it('adds the local engine when DATA_DIR/models holds models, and each remote engine its variables enable', async () => {
    const { logger, lines } = memoryLogger();
    const config = loadConfig({
      DATA_DIR: path.join(root, 'data'),
      BERGAMOT_WORKERS: '3',
      LLM_BASE_URL: 'http://127.0.0.1:9/v1/',
      LLM_API_KEY: 'sk-x',
      LIBRETRANSLATE_URL: 'http://127.0.0.1:9',
      DEEPL_API_KEY: 'k:fx',
      GOOGLE_TRANSLATE_API_KEY: 'g',
    });
    const engines = createOptionalEngines(config, logger);
    try {
      expect(engines.map((e) => e.id)).toEqual(['local', 'deepl', 'google', 'libretranslate', 'llm']);
      expect(engines[0]).toBeInstanceOf(BergamotEngine);
      expect(engines.every((e) => e.supports('en', 'ar') && e.supports('ar', 'en'))).toBe(true);
      expect(lines.join('\n')).toMatch(/optional engines: local \(en-ar, ar-en\), deepl, google, libretranslate, llm/);
      expect(await engines[0]!.translate(['Hello.'], { source: 'en', target: 'ar', domain: 'general' })).toHaveLength(1);
    } finally {
      await Promise.all(engines.map(async (e) => e.close?.()));
    }
  });
});

describe('engine configuration', () => {
  it('has defaults: MODELS_DIR under DATA_DIR, 2 workers, 30 s HTTP timeout, no remote engine', () => {
    const config = loadConfig({ DATA_DIR: '/srv/lisan' });
    expect(config.modelsDir).toBe('/srv/lisan/models');
    expect(config.bergamotWorkers).toBe(2);
    expect(config.engineHttpTimeoutMs).toBe(30_000);
    expect(config.llm ?? config.deepl ?? config.google ?? config.libreTranslate).toBeUndefined();
  });

  it('reads the engine variables', () => {
    const config = loadConfig({
      MODELS_DIR: '/models',
      LLM_BASE_URL: 'https://api.openai.com/v1/',
      LLM_MODEL: 'gpt-4.1-mini',
      DEEPL_API_KEY: 'abc:fx',
      GOOGLE_TRANSLATE_API_KEY: 'AIza',
      LIBRETRANSLATE_URL: 'https://libretranslate.example/',
      LIBRETRANSLATE_API_KEY: 'lt',
      ENGINE_HTTP_TIMEOUT_MS: '5000',
    });
    expect(config.modelsDir).toBe('/models');
    expect(config.llm).toEqual({ baseUrl: 'https://api.openai.com/v1', apiKey: undefined, model: 'gpt-4.1-mini' });
    expect(config.deepl).toEqual({ url: 'https://api-free.deepl.com', apiKey: 'abc:fx' });
    expect(loadConfig({ DEEPL_API_KEY: 'pro-key' }).deepl?.url).toBe('https://api.deepl.com');
    expect(config.google).toEqual({ version: 'v2', url: 'https://translation.googleapis.com', apiKey: 'AIza' });
    expect(loadConfig({ GOOGLE_TRANSLATE_API_KEY: 'AIza', GOOGLE_TRANSLATE_CREDENTIALS: '/keys/sa.json' }).google).toEqual({
      version: 'v3',
      url: 'https://translation.googleapis.com',
      credentialsFile: '/keys/sa.json',
      project: undefined,
      location: 'global',
    });
    expect(config.libreTranslate).toEqual({ url: 'https://libretranslate.example', apiKey: 'lt' });
    expect(config.engineHttpTimeoutMs).toBe(5000);
  });

  it('stops on invalid engine variables with one line naming them', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'ftp://x' })).toThrow(/^Invalid environment variable LLM_BASE_URL/);
    expect(() => loadConfig({ BERGAMOT_WORKERS: '0' })).toThrow(/BERGAMOT_WORKERS/);
    expect(() => loadConfig({ DEEPL_URL: 'not a url' })).toThrow(/DEEPL_URL/);
  });
});
