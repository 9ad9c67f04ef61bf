import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { EngineRegistry } from '../engines/registry';
import { LibreTranslateEngine } from '../engines/remote/libretranslate';
import { libreTranslateHandler } from '../engines/remote/test-servers/libretranslate';
import { startStandIn, type StandIn } from '../engines/remote/test-servers/stand-in';
import { createEvalRegistries, evaluateSet, translateLines } from './evaluate';
import { corpusBleu } from './metrics';
import { findEvalDir, loadSet } from './sets';

const logger = pino({ level: 'silent' });

describe('npm run eval: our engines through the router, scored next to the published systems', () => {
  let server: StandIn;
  let engine: LibreTranslateEngine;
  let registries: Map<string, EngineRegistry>;

  beforeAll(async () => {
    // A second real engine (the LibreTranslate adapter against a stand-in of its API) to
    // show each engine is measured on its own.
    server = await startStandIn(libreTranslateHandler({}));
    engine = new LibreTranslateEngine({ url: server.url, timeoutMs: 5000 });
    const config = loadConfig({ DATA_DIR: '/nonexistent-lisan-eval', ENGINE_CHAIN: 'local,libretranslate,dictionary' });
    registries = await createEvalRegistries(config, { logger, engines: [engine] });
  });
  afterAll(() => server.close());

  it('builds one single-engine chain per registered engine of ENGINE_CHAIN', () => {
    expect([...registries.keys()]).toEqual(['libretranslate', 'dictionary']);
    expect(registries.get('dictionary')!.router.chainFor({ source: 'en', target: 'ar', domain: 'general' })).toEqual(['dictionary']);
  });

  it('translates each line as a text of sentences and joins them back, one output per line', async () => {
    const lines = ['The house is big. The book is new.', '', '  Water.'];
    const { outputs, engines } = await translateLines(registries.get('dictionary')!, lines, { source: 'en', target: 'ar' });
    expect(engines).toEqual(['dictionary']);
    expect(outputs).toHaveLength(3);
    expect(outputs[0]).toMatch(/^\S[^]*\. \S[^]*\.$/u); // two sentences, their separator kept
    expect(outputs[0]).not.toMatch(/[A-Za-z]/); // rendered in Arabic
    expect(outputs[1]).toBe('');
    expect(outputs[2]!.startsWith('  ')).toBe(true);
  });

  it('scores FLORES-101 sentences per engine and lists the published systems, scored the same way', async () => {
    const set = loadSet(findEvalDir(), 'flores101', 'en-ar', { limit: 20 });
    const rows = await evaluateSet(set, registries, { wholeSet: false });
    expect(rows.slice(0, 2).map((row) => row.system)).toEqual(['lisan:libretranslate', 'lisan:dictionary']);
    expect(rows[1]!.engines).toEqual(['dictionary']);
    const google = rows.find((row) => row.system === 'google')!;
    expect(google.bleu).toBeCloseTo(corpusBleu(set.systems.find((s) => s.name === 'google')!.outputs, set.references).score, 10);
    expect(google.publishedBleu).toBeUndefined(); // a subset is not comparable with the published figure
    // The dictionary's gloss is far below every neural system, and above nothing at all.
    const dictionary = rows[1]!;
    expect(dictionary.bleu).toBeGreaterThan(0);
    expect(dictionary.bleu).toBeLessThan(google.bleu / 4);
    expect(dictionary.chrf).toBeGreaterThan(10);
    // The published systems follow ours, best first.
    const bleus = rows.slice(2).map((row) => row.bleu);
    expect(bleus).toEqual([...bleus].sort((a, b) => b - a));
  });
});
