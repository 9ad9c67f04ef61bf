// Engine throughput (issue 13): segments/s and words/s of the local neural engine (the real WASM
// Bergamot with the tiny int8 test model, Firefox's format) with 1 and 2 worker threads, next to
// the dictionary engine, English->Arabic, engine alone (no HTTP, no database).
//
//   node --import tsx bench/engines.ts     `npm run bench` runs it too (bench/run.ts)
//
// The tiny model has random weights: it decodes to its maximum length on every sentence, so its
// numbers show the scaling over workers, not the speed of a real 40 MB model.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config';
import { BergamotEngine } from '../server/src/engines/bergamot/engine';
import { buildTinyModelPair } from '../server/src/engines/bergamot/testing/tiny-model';
import { createDictionaryEngine } from '../server/src/engines/dictionary/engine';
import { countWords } from '../server/src/text/toolkit';
import type { TranslationEngine, TranslationJob } from '../server/src/engines/types';
import { printTable } from './table';

const SENTENCES = [
  'The company signed the contract with its new partner today.',
  'Please send the invoice to the customer before the end of the month.',
  'Our team will review the report and answer your questions tomorrow.',
  'Delivery of the order takes three days after the payment arrives.',
  'The meeting was moved to next week because the manager is travelling.',
  'Thank you for your message; we will contact you soon.',
  'Prices in the market rose again during the last quarter.',
  'The court published its decision on the agreement between the parties.',
];
const JOB: TranslationJob = { source: 'en', target: 'ar', domain: 'general' };

async function measure(name: string, engine: TranslationEngine, segments: string[], note: string) {
  // Warm-up: loads the model in every worker (and the dictionary's indexes).
  await engine.translate(segments.slice(0, 16), JOB);
  const words = segments.reduce((sum, s) => sum + countWords(s), 0);
  const started = performance.now();
  await engine.translate(segments, JOB);
  const seconds = (performance.now() - started) / 1000;
  return { engine: name, segments: String(segments.length), words: String(words), seconds: seconds.toFixed(2), 'segments/s': (segments.length / seconds).toFixed(1), 'words/s': (words / seconds).toFixed(0), note };
}

export async function runEnginesBench(): Promise<Array<Record<string, string>>> {
  const root = mkdtempSync(path.join(tmpdir(), 'lisan-bench-engines-'));
  const rows: Array<Record<string, string>> = [];
  try {
    const config = loadConfig({ ...process.env, DATA_DIR: root });
    const dictionary = await createDictionaryEngine({ dir: config.dictDir });
    rows.push(await measure('dictionary', dictionary, Array.from({ length: 2000 }, (_, i) => SENTENCES[i % SENTENCES.length]!), 'embedded'));
    buildTinyModelPair(path.join(root, 'models'), { int8: true });
    for (const workers of [1, 2]) {
      const engine = BergamotEngine.fromDirectory(path.join(root, 'models'), { workers, batchSize: 8 })!;
      try {
        const segments = Array.from({ length: 64 }, (_, i) => SENTENCES[i % SENTENCES.length]!);
        const row = await measure(`local, ${workers} worker${workers > 1 ? 's' : ''}`, engine, segments, 'tiny int8 model');
        const used = engine.workerStats().filter((s) => s.segments > 0).length;
        rows.push({ ...row, note: `${row.note}; ${used} worker(s) busy` });
      } finally {
        await engine.close();
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return rows;
}

export function printEnginesTable(rows: Array<Record<string, string>>) {
  printTable(`Engine throughput, en->ar, engine alone (${availableParallelism()} CPUs; numbers on a shared machine mean little)`, rows);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) printEnginesTable(await runEnginesBench());
