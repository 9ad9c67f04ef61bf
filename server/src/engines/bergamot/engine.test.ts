/**
 * The local engine for real: bergamot-translator's WASM in worker threads, loading a tiny
 * random-weight model pair that the test builds (spm_train vocabulary + our Marian .bin writer).
 * Output text is random; what is checked is the plumbing: loading, batching, markup, workers.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError, type TranslationJob } from '../types';
import { BergamotEngine } from './engine';
import { MarianType, readMarianBinary, writeMarianBinary } from './marian-binary';
import { discoverModels, marianConfigFor } from './models';
import { buildTinyModelPair, tinyTransformerItems } from './testing/tiny-model';
import { EN_AR } from '../../../test/engines/engine-errors';

const arEn: TranslationJob = { source: 'ar', target: 'en', domain: 'general' };

function placeholderTokens(text: string): string[] {
  return [...text.matchAll(/<\/?x\d+\/?>/g)].map((m) => m[0]).sort();
}

function nestsValidly(text: string): boolean {
  const open: string[] = [];
  for (const [, closing, id, self] of text.matchAll(/<(\/?)x(\d+)(\/?)>/g)) {
    if (self) continue;
    if (!closing) open.push(id!);
    else if (open.pop() !== id) return false;
  }
  return open.length === 0;
}

describe('Bergamot local engine (real WASM, tiny generated model)', () => {
  let root: string;
  let engine: BergamotEngine;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'lisan-bergamot-'));
    buildTinyModelPair(path.join(root, 'models'));
    engine = BergamotEngine.fromDirectory(path.join(root, 'models'), { workers: 2, batchSize: 4 })!;
  });

  afterAll(async () => {
    await engine?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('finds both directions in Mozilla layout under MODELS_DIR', () => {
    expect(engine).toBeInstanceOf(BergamotEngine);
    expect(engine.supports('en', 'ar')).toBe(true);
    expect(engine.supports('ar', 'en')).toBe(true);
    expect(engine.supports('en', 'en')).toBe(false);
  });

  it('translates en->ar and ar->en: one non-empty output per segment, in order, outer whitespace kept', async () => {
    const en = ['Hello world.', '  The contract is signed today.\n', 'Please send the invoice.'];
    const out = await engine.translate(en, EN_AR);
    expect(out).toHaveLength(3);
    for (const text of out) expect(text.trim().length).toBeGreaterThan(0);
    expect(out[1]!.startsWith('  ')).toBe(true);
    expect(out[1]!.endsWith('\n')).toBe(true);

    const back = await engine.translate(['مرحبا بالعالم.', 'العقد جديد.'], arEn);
    expect(back).toHaveLength(2);
    for (const text of back) expect(text.trim().length).toBeGreaterThan(0);
  });

  it('returns segments with nothing to translate as they are, without a round trip', async () => {
    expect(await engine.translate(['', '   ', '<x1/>', '2024', '<x1></x1>'], EN_AR)).toEqual(['', '   ', '<x1/>', '2024', '<x1></x1>']);
  });

  it('keeps every placeholder through HTML mode: each segment gets back its own tags, validly nested', async () => {
    const segments = Array.from(
      { length: 12 },
      (_, i) => `Item ${i}: <x${i + 1}>the <x${i + 101}>new</x${i + 101}> price</x${i + 1}> & terms <x${i + 201}/> apply.`,
    );
    segments.push('مرحبا <x1>بالعالم <x2>الجديد</x2></x1> اليوم <x3/>');
    const out = await engine.translate(segments, EN_AR);
    expect(out).toHaveLength(segments.length);
    out.forEach((text, i) => {
      expect(placeholderTokens(text)).toEqual(placeholderTokens(segments[i]!));
      expect(nestsValidly(text)).toBe(true);
      // No HTML of ours leaks out, and escaped text comes back unescaped.
      expect(text).not.toMatch(/<span|<img|data-x|&amp;|&lt;/);
    });
  });

  it('survives placeholders that do not nest (sent as void tags instead of aborting the worker)', async () => {
    const out = await engine.translate(['Broken </x1> markup <x1> here <x2>.'], EN_AR);
    expect(placeholderTokens(out[0]!)).toEqual(['</x1>', '<x1>', '<x2>']);
    // The same engine still works afterwards.
    expect(await engine.translate(['Still alive.'], EN_AR)).toHaveLength(1);
  });

  it('spreads batches over two worker threads', async () => {
    const segments = Array.from({ length: 48 }, (_, i) => `Sentence ${i} about the order, the payment and the delivery.`);
    const before = engine.workerStats().reduce((sum, w) => sum + w.segments, 0);
    const out = await engine.translate(segments, EN_AR);
    expect(out).toHaveLength(48);
    const stats = engine.workerStats();
    expect(stats).toHaveLength(2);
    for (const worker of stats) expect(worker.batches).toBeGreaterThan(0);
    expect(stats.reduce((sum, w) => sum + w.segments, 0) - before).toBe(48);
  });

  it('answers concurrent jobs of both directions correctly', async () => {
    const jobs = await Promise.all([
      engine.translate(['<x1>One</x1> two.', 'Three <x2/>.'], EN_AR),
      engine.translate(['<x5>واحد</x5> اثنان.'], arEn),
      engine.translate(['Four.', 'Five <x9>six</x9>.', 'Seven.'], EN_AR),
    ]);
    expect(jobs.map((j) => j.length)).toEqual([2, 1, 3]);
    expect(placeholderTokens(jobs[0]![0]!)).toEqual(['</x1>', '<x1>']);
    expect(placeholderTokens(jobs[1]![0]!)).toEqual(['</x5>', '<x5>']);
    expect(placeholderTokens(jobs[2]![1]!)).toEqual(['</x9>', '<x9>']);
  });

  it('rejects an aborted job with an EngineError (timeouts are retryable, plain aborts are not)', async () => {
    const aborted = new AbortController();
    aborted.abort();
    await expect(engine.translate(['Hello.'], { ...EN_AR, signal: aborted.signal })).rejects.toMatchObject({
      engineId: 'local',
      retryable: false,
    });

    // A fresh engine needs a few hundred ms to start its workers: a 5 ms timeout fires first.
    const cold = BergamotEngine.fromDirectory(path.join(root, 'models'), { workers: 1 })!;
    try {
      const error = await cold.translate(['Hello there.'], { ...EN_AR, signal: AbortSignal.timeout(5) }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect(error).toMatchObject({ retryable: true, message: 'Timed out' });
      expect(await cold.translate(['After the timeout.'], EN_AR)).toHaveLength(1);
    } finally {
      await cold.close();
    }
  });
});

describe('Bergamot local engine failures', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'lisan-bergamot-bad-'));
    const pair = buildTinyModelPair(path.join(root, 'models'));
    // Break en->ar: drop the output bias, so marian aborts while building the graph.
    const items = tinyTransformerItems(pair.vocabSize).filter((item) => item.name !== 'decoder_ff_logit_out_b');
    writeFileSync(path.join(root, 'models', 'enar', 'model.enar.bin'), writeMarianBinary(items));
    // Only en->ar in a second folder.
    buildTinyModelPair(path.join(root, 'one-way'));
    rmSync(path.join(root, 'one-way', 'aren'), { recursive: true });
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('fails a model that cannot load with a retryable EngineError, not a hang, and restarts its workers', async () => {
    const engine = BergamotEngine.fromDirectory(path.join(root, 'models'), { workers: 2 })!;
    try {
      const error = await engine.translate(['Hello.', 'World.'], EN_AR).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect(error).toMatchObject({ engineId: 'local', retryable: true });
      // marian's own reason, read from the worker's stderr, is part of the message.
      expect((error as Error).message).toMatch(/Aborted.*parameter 'F0::decoder_ff_logit_out_b'.*newly created/);
      // The other direction's model is fine: the engine comes back with fresh workers.
      expect(await engine.translate(['مرحبا.'], arEn)).toHaveLength(1);
    } finally {
      await engine.close();
    }
  });

  it('serves only the installed directions', async () => {
    const engine = BergamotEngine.fromDirectory(path.join(root, 'one-way'))!;
    try {
      expect(engine.supports('en', 'ar')).toBe(true);
      expect(engine.supports('ar', 'en')).toBe(false);
      await expect(engine.translate(['مرحبا'], arEn)).rejects.toMatchObject({ retryable: false });
    } finally {
      await engine.close();
    }
  });

  it('has no engine at all when MODELS_DIR holds no model, and reports folders that are not models', () => {
    expect(BergamotEngine.fromDirectory(path.join(root, 'missing'))).toBeNull();
    unlinkSync(path.join(root, 'one-way', 'enar', 'vocab.enar.spm'));
    const { models, problems } = discoverModels(path.join(root, 'one-way'));
    expect(models.size).toBe(0);
    expect(problems.join('\n')).toMatch(/no SentencePiece vocabulary/);
  });
});

describe('Bergamot local engine with an int8 model (Firefox format: intgemm8 weights, precomputed alphas)', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'lisan-bergamot-int8-'));
    buildTinyModelPair(path.join(root, 'models'), { int8: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('runs the model with the engine default gemm-precision int8shiftAlphaAll, both directions', async () => {
    const { models } = discoverModels(path.join(root, 'models'));
    const enar = models.get('en-ar')!;
    expect(path.basename(enar.model)).toBe('model.enar.intgemm.alphas.bin');
    const model = readFileSync(enar.model);
    const items = readMarianBinary(model);
    expect(items.find((i) => i.name === 'Wemb')!.type).toBe(MarianType.intgemm8);
    expect(items.find((i) => i.name === 'decoder_l1_ffn_W2')!.type).toBe(MarianType.intgemm8);
    expect(items.find((i) => i.name === 'decoder_l1_ffn_W2_QuantMultA')!.type).toBe(MarianType.float32);
    // No override: the worker's own default (int8shiftAlphaAll) runs it.
    expect(marianConfigFor(enar.model, model)).toEqual({});

    const engine = BergamotEngine.fromDirectory(path.join(root, 'models'), { workers: 1 })!;
    try {
      const en = await engine.translate(['Good morning.', 'The contract is signed today.'], EN_AR);
      expect(en).toHaveLength(2);
      for (const text of en) expect(text.trim()).not.toBe('');
      const [ar] = await engine.translate(['صباح الخير.'], arEn);
      expect(ar!.trim()).not.toBe('');
    } finally {
      await engine.close();
    }
  });

  it('really takes the precomputed-alphas path: without an alpha the engine refuses the model', async () => {
    const folder = path.join(root, 'models', 'enar');
    const file = path.join(folder, 'model.enar.intgemm.alphas.bin');
    const model = readFileSync(file);
    const kept = readMarianBinary(model)
      .filter((i) => i.name !== 'encoder_l1_self_Wq_QuantMultA')
      .map((i) => ({ name: i.name, shape: i.shape, type: i.type, data: model.subarray(i.offset, i.offset + i.dataLength) }));
    const broken = path.join(root, 'broken');
    cpSync(folder, path.join(broken, 'enar'), { recursive: true });
    writeFileSync(path.join(broken, 'enar', 'model.enar.intgemm.alphas.bin'), writeMarianBinary(kept));
    const engine = BergamotEngine.fromDirectory(broken, { workers: 1 })!;
    try {
      const error = await engine.translate(['Good morning.'], EN_AR).then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as Error).message).toMatch(/did not find an alpha in the model named: F0::encoder_l1_self_Wq_QuantMultA/);
    } finally {
      await engine.close();
    }
  });
});
