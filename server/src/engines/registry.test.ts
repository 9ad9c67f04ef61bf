import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/harness';
import { BergamotEngine } from './bergamot/engine';
import { buildTinyModelPair } from './bergamot/testing/tiny-model';
import { createEngineRegistry, type EngineRegistry } from './registry';

let root: string;
let registry: EngineRegistry | undefined;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'lisan-registry-'));
  buildTinyModelPair(path.join(root, 'tiny'));
});
afterAll(async () => {
  await registry?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('engine registry: which engine answers, hot swap', () => {
  it('answers with the dictionary until a model arrives; then the local engine, while a call under way finishes on its engine', { timeout: 120_000 }, async () => {
    const modelsDir = path.join(root, 'models');
    const config = testConfig({ MODELS_DIR: modelsDir, ENGINE_CHAIN: 'local,dictionary', ENGINE_CHAIN_LEGAL: 'dictionary', BERGAMOT_WORKERS: '1' });
    registry = await createEngineRegistry(config, { logger: pino({ level: 'silent' }) });
    expect(registry.answering('en', 'ar')).toBe('dictionary');
    expect(await registry.refreshLocal()).toEqual({ directions: [], changed: false });
    expect(registry.engines.has('local')).toBe(false);

    // en->ar arrives.
    cpSync(path.join(root, 'tiny', 'enar'), path.join(modelsDir, 'enar'), { recursive: true });
    expect(await registry.refreshLocal()).toEqual({ directions: ['en-ar'], changed: true });
    expect(registry.answering('en', 'ar')).toBe('local');
    expect(registry.answering('en', 'ar', 'legal')).toBe('dictionary');
    expect(registry.answering('ar', 'en')).toBe('dictionary');
    expect(registry.describe()).toContainEqual({ source: 'en', target: 'ar', domain: 'general', chain: ['local', 'dictionary'], active: 'local' });
    const first = registry.engines.get('local') as BergamotEngine;

    // A call starts on the first engine; ar->en arrives meanwhile and the engine is replaced.
    const underWay = first.translate(['Good morning.'], { source: 'en', target: 'ar', domain: 'general' });
    cpSync(path.join(root, 'tiny', 'aren'), path.join(modelsDir, 'aren'), { recursive: true });
    expect(await registry.refreshLocal()).toEqual({ directions: ['en-ar', 'ar-en'], changed: true });
    const second = registry.engines.get('local') as BergamotEngine;
    expect(second).not.toBe(first);
    expect(registry.router.engine('local')).toBe(second);
    expect(registry.answering('ar', 'en')).toBe('local');
    // The retired engine finishes what it started instead of failing it.
    const [output] = await underWay;
    expect(output!.trim()).not.toBe('');
    const result = await registry.router.translate(['صباح الخير.'], { source: 'ar', target: 'en', domain: 'general' });
    expect(result.engine).toBe('local');

    // Nothing changed on disk: a refresh keeps the running engine.
    expect(await registry.refreshLocal()).toEqual({ directions: ['en-ar', 'ar-en'], changed: false });
    expect(registry.engines.get('local')).toBe(second);
  });
});
