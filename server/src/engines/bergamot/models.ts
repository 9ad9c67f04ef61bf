/**
 * Finding Bergamot models on disk, in Mozilla's layout (mozilla/firefox-translations-models):
 * one folder per direction, e.g. `enar/` holding
 *   model.enar.intgemm.alphas.bin   Marian binary model (required, exactly one)
 *   vocab.enar.spm                  shared SentencePiece vocabulary (or srcvocab.* + trgvocab.*)
 *   lex.50.50.enar.s2t.bin          lexical shortlist (optional)
 *   metadata.json                   sourceLanguage / targetLanguage, flores scores, ...
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Lang } from '../types';
import { readMarianBinary, isFloatType } from './marian-binary';

export interface ModelMetadata {
  sourceLanguage?: string;
  targetLanguage?: string;
  architecture?: string;
  byteSize?: number;
  hash?: string;
  flores?: { bleu?: number; comet?: number };
  [key: string]: unknown;
}

export interface ModelFiles {
  dir: string;
  source: Lang;
  target: Lang;
  model: string;
  /** One shared vocabulary, or [source, target]. */
  vocabs: string[];
  shortlist?: string;
  metadata: ModelMetadata;
}

export class ModelLayoutError extends Error {
  constructor(
    readonly dir: string,
    readonly problems: string[],
  ) {
    super(`${dir}: ${problems.join('; ')}`);
  }
}

const LANGS = new Set(['en', 'ar']);

export function pairKey(source: string, target: string): string {
  return `${source}-${target}`;
}

/** Reads one model folder; throws ModelLayoutError listing every problem found. */
export function readModelFolder(dir: string): ModelFiles {
  const problems: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isFile());
  } catch (error) {
    throw new ModelLayoutError(dir, [`cannot read folder (${(error as Error).message})`]);
  }

  const compressed = names.filter((name) => name.endsWith('.gz'));
  if (compressed.length) problems.push(`compressed files must be unpacked first: ${compressed.join(', ')}`);

  const models = names.filter((name) => /^model\..+\.bin$/.test(name));
  if (models.length === 0) problems.push('no model file (model.<pair>....bin)');
  if (models.length > 1) problems.push(`more than one model file: ${models.join(', ')}`);

  const shared = names.filter((name) => /^vocab\..+\.spm$/.test(name));
  const src = names.filter((name) => /^srcvocab\..+\.spm$/.test(name));
  const trg = names.filter((name) => /^trgvocab\..+\.spm$/.test(name));
  let vocabs: string[] = [];
  if (shared.length === 1) vocabs = [shared[0]!];
  else if (shared.length === 0 && src.length === 1 && trg.length === 1) vocabs = [src[0]!, trg[0]!];
  else if (shared.length > 1) problems.push(`more than one vocabulary: ${shared.join(', ')}`);
  else problems.push('no SentencePiece vocabulary (vocab.<pair>.spm, or srcvocab.<pair>.spm and trgvocab.<pair>.spm)');

  const shortlists = names.filter((name) => /^lex\..+\.bin$/.test(name));
  if (shortlists.length > 1) problems.push(`more than one shortlist: ${shortlists.join(', ')}`);

  let metadata: ModelMetadata = {};
  if (!names.includes('metadata.json')) {
    problems.push('no metadata.json');
  } else {
    try {
      const parsed: unknown = JSON.parse(readFileSync(path.join(dir, 'metadata.json'), 'utf8'));
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) problems.push('metadata.json is not a JSON object');
      else metadata = parsed as ModelMetadata;
    } catch (error) {
      problems.push(`metadata.json is not valid JSON (${(error as Error).message})`);
    }
  }

  // Languages: metadata first, else the pair code in the model's file name (model.enar....).
  const code = models[0] ? /^model\.([a-z]{2})([a-z]{2})\./.exec(models[0]) : null;
  const source = typeof metadata.sourceLanguage === 'string' ? metadata.sourceLanguage : code?.[1];
  const target = typeof metadata.targetLanguage === 'string' ? metadata.targetLanguage : code?.[2];
  if (!source || !target) problems.push('cannot tell the languages (metadata.json sourceLanguage/targetLanguage)');
  else if (!LANGS.has(source) || !LANGS.has(target) || source === target) {
    problems.push(`unsupported direction ${source}->${target} (only en->ar and ar->en)`);
  }

  if (problems.length) throw new ModelLayoutError(dir, problems);
  return {
    dir,
    source: source as Lang,
    target: target as Lang,
    model: path.join(dir, models[0]!),
    vocabs: vocabs.map((name) => path.join(dir, name)),
    shortlist: shortlists[0] ? path.join(dir, shortlists[0]) : undefined,
    metadata,
  };
}

/**
 * Every usable model under `modelsDir` (one sub-folder per direction), keyed by `en-ar` / `ar-en`.
 * Folders that are not valid models are reported in `problems` and skipped.
 */
export function discoverModels(modelsDir: string): { models: Map<string, ModelFiles>; problems: string[] } {
  const models = new Map<string, ModelFiles>();
  const problems: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(modelsDir);
  } catch {
    return { models, problems };
  }
  for (const entry of entries.sort()) {
    const dir = path.join(modelsDir, entry);
    if (entry.startsWith('.') || !statSync(dir).isDirectory()) continue;
    try {
      const files = readModelFolder(dir);
      const key = pairKey(files.source, files.target);
      if (models.has(key)) problems.push(`${dir}: a second ${key} model, ignored`);
      else models.set(key, files);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return { models, problems };
}

/**
 * Marian options a model needs beyond the worker's defaults. The WASM worker defaults to the
 * int8 GEMM of Mozilla's quantised models (`*.intgemm.alphas.bin`); a model whose weights are
 * all float32 must run with `gemm-precision: float32` (the int8 path aborts on them), and
 * `*.intgemm8.bin` models with `int8shiftAll` (as in translator.js).
 */
export function marianConfigFor(modelFile: string, model: Uint8Array): Record<string, string> {
  const items = readMarianBinary(model).filter((item) => !item.name.startsWith('special:'));
  if (items.length > 0 && items.every((item) => isFloatType(item.type))) return { 'gemm-precision': 'float32' };
  if (path.basename(modelFile).endsWith('intgemm8.bin')) return { 'gemm-precision': 'int8shiftAll' };
  return {};
}
