/**
 * Test fixture: a tiny random-weight English<->Arabic model pair in Mozilla's layout, built
 * from scratch because no real model can be downloaded here (shared/notes/bergamot.md).
 *
 * - vocabulary: Debian's `sentencepiece` (`spm_train`) on a small bilingual corpus, with
 *   Marian's id layout (</s> = 0, <unk> = 1, no <s>);
 * - model: a 1-layer transformer encoder and decoder of width 16, tied embeddings, written with
 *   our own Marian `.bin` writer, float32 weights (hence `gemm-precision: float32`);
 * - or (`int8: true`) the way Firefox's models are: weights in browsermt's intgemm8 layout with
 *   precomputed activation multipliers (`<weight>_QuantMultA`), run with the engine's default
 *   `gemm-precision: int8shiftAlphaAll`. The integer GEMM needs the inner dimensions to be
 *   multiples of 64 and the output columns multiples of 8: width 64 and a vocabulary of 352.
 *
 * Its output is random text, as it should be; what the tests check is the plumbing.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { float32Item, int8Item, MarianType, type MarianItem, writeMarianBinary, yamlItem } from '../marian-binary';

export interface TinyModelOptions {
  /** Int8 weights as in Mozilla's `model.*.intgemm.alphas.bin` (see the file's comment). */
  int8?: boolean;
  dimEmb?: number;
  heads?: number;
  dimFfn?: number;
  encDepth?: number;
  decDepth?: number;
  seed?: number;
}

/** Deterministic PRNG (mulberry32) so fixtures are reproducible. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EN_WORDS =
  'the a an of to in and is are was be have has it this that for on with as at by from not but or we you they he she will can would should contract price order delivery payment invoice customer service product market company law court agreement party terms conditions shipping return refund account team report meeting today tomorrow good new small large first last time year day week month please thank hello world translate text document page'.split(
    ' ',
  );
const AR_WORDS =
  'في من إلى على عن مع هذا هذه ذلك التي الذي هو هي نحن أنتم هم كان يكون ليس لا نعم العقد السعر الطلب التسليم الدفع الفاتورة العميل الخدمة المنتج السوق الشركة القانون المحكمة الاتفاقية الطرف الشروط الأحكام الشحن الإرجاع الحساب الفريق التقرير الاجتماع اليوم غدا جيد جديد صغير كبير أول آخر وقت سنة يوم أسبوع شهر من فضلك شكرا مرحبا العالم ترجمة النص المستند الصفحة'.split(
    ' ',
  );

function corpus(random: () => number): string {
  const lines: string[] = [];
  const pick = (words: string[]) => words[Math.floor(random() * words.length)]!;
  for (let i = 0; i < 600; i++) {
    const words = i % 2 === 0 ? EN_WORDS : AR_WORDS;
    const length = 4 + Math.floor(random() * 10);
    const sentence = Array.from({ length }, () => pick(words)).join(' ');
    lines.push(i % 2 === 0 ? `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.` : `${sentence}؟`);
  }
  lines.push('0123456789 , . ; : ! ? ( ) " \' - ، ؛ ؟ « »');
  return `${lines.join('\n')}\n`;
}

/**
 * Trains the SentencePiece vocabulary with `spm_train` into `dir/vocab.spm` and returns its
 * path and size. Throws a clear error when Debian's `sentencepiece` package is missing.
 */
export function trainVocabulary(dir: string, seed = 7, exactSize?: number): { file: string; size: number } {
  mkdirSync(dir, { recursive: true });
  const input = path.join(dir, 'corpus.txt');
  writeFileSync(input, corpus(prng(seed)));
  const prefix = path.join(dir, 'vocab');
  try {
    execFileSync(
      'spm_train',
      [
        `--input=${input}`,
        `--model_prefix=${prefix}`,
        `--vocab_size=${exactSize ?? 500}`,
        '--model_type=unigram',
        '--bos_id=-1',
        '--eos_id=0',
        '--unk_id=1',
        '--character_coverage=1.0',
        `--hard_vocab_limit=${exactSize ? 'true' : 'false'}`,
        '--minloglevel=2',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('spm_train not found: install Debian\'s "sentencepiece" package (apt-get install sentencepiece)');
    }
    throw error;
  }
  const size = readFileSync(`${prefix}.vocab`, 'utf8').split('\n').filter((line) => line.length > 0).length;
  return { file: `${prefix}.model`, size };
}

/** The tensors of a post-norm transformer (marian `transformer.h` names) with tied embeddings. */
export function tinyTransformerItems(vocabSize: number, options: TinyModelOptions = {}): MarianItem[] {
  const d = options.dimEmb ?? (options.int8 ? 64 : 16);
  const heads = options.heads ?? 2;
  const ffn = options.dimFfn ?? (options.int8 ? 64 : 32);
  const encDepth = options.encDepth ?? 1;
  const decDepth = options.decDepth ?? 1;
  const random = prng(options.seed ?? 1);
  const items: MarianItem[] = [];

  const uniform = (name: string, shape: number[], scale: number) => {
    const values = new Float32Array(shape.reduce((a, b) => a * b, 1));
    for (let i = 0; i < values.length; i++) values[i] = (random() * 2 - 1) * scale;
    items.push(float32Item(name, shape, values));
  };
  const glorot = (name: string, rows: number, cols: number) => uniform(name, [rows, cols], Math.sqrt(6 / (rows + cols)));
  const constant = (name: string, shape: number[], value: number) => {
    items.push(float32Item(name, shape, new Float32Array(shape.reduce((a, b) => a * b, 1)).fill(value)));
  };
  const layerNorm = (prefix: string) => {
    constant(`${prefix}_ln_scale`, [1, d], 1);
    constant(`${prefix}_ln_bias`, [1, d], 0);
  };
  const attention = (prefix: string) => {
    for (const p of ['q', 'k', 'v', 'o']) {
      glorot(`${prefix}_W${p}`, d, d);
      uniform(`${prefix}_b${p}`, [1, d], 0.05);
    }
    layerNorm(`${prefix}_Wo`); // postprocess "dan": layer norm named after the output projection
  };
  const feedForward = (prefix: string) => {
    glorot(`${prefix}_W1`, d, ffn);
    uniform(`${prefix}_b1`, [1, ffn], 0.05);
    glorot(`${prefix}_W2`, ffn, d);
    uniform(`${prefix}_b2`, [1, d], 0.05);
    layerNorm(`${prefix}_ffn`);
  };

  uniform('Wemb', [vocabSize, d], Math.sqrt(6 / (vocabSize + d)));
  for (let l = 1; l <= encDepth; l++) {
    attention(`encoder_l${l}_self`);
    feedForward(`encoder_l${l}_ffn`);
  }
  for (let l = 1; l <= decDepth; l++) {
    attention(`decoder_l${l}_self`);
    attention(`decoder_l${l}_context`);
    feedForward(`decoder_l${l}_ffn`);
  }
  uniform('decoder_ff_logit_out_b', [1, vocabSize], 0.5);

  const yaml = [
    'type: transformer',
    `dim-vocabs: [${vocabSize}, ${vocabSize}]`,
    `dim-emb: ${d}`,
    `enc-depth: ${encDepth}`,
    `dec-depth: ${decDepth}`,
    `transformer-heads: ${heads}`,
    `transformer-dim-ffn: ${ffn}`,
    'transformer-ffn-depth: 2',
    'transformer-ffn-activation: relu',
    'transformer-decoder-autoreg: self-attention',
    'transformer-preprocess: ""',
    'transformer-postprocess: dan',
    'transformer-postprocess-emb: d',
    'transformer-postprocess-top: ""',
    'transformer-train-position-embeddings: false',
    'transformer-tied-layers: []',
    'tied-embeddings: false',
    'tied-embeddings-src: false',
    'tied-embeddings-all: true',
    'output-omit-bias: false',
    'version: lisan-tiny-test-model',
    '',
  ].join('\n');
  items.push(yamlItem(yaml));
  return options.int8 ? quantize(items) : items;
}

/** Weight matrices (names ending in _W, _Wq, _W1, ...) and the embeddings, as marian-conv picks them. */
const QUANTIZED = /(_W[a-z0-9]?$)|^Wemb$/;

/** The intgemm8 form of a float model, with an activation multiplier per quantized weight. */
function quantize(items: MarianItem[]): MarianItem[] {
  const out: MarianItem[] = [];
  for (const item of items) {
    if (item.type !== MarianType.float32 || !QUANTIZED.test(item.name) || item.shape.length !== 2) {
      out.push(item);
      continue;
    }
    const values = new Float32Array(item.data.buffer, item.data.byteOffset, item.data.byteLength / 4);
    out.push(int8Item(item.name, item.shape as [number, number], values, item.name !== 'Wemb'));
    // Activations entering these layers stay within about +-4 (layer-normalised): 127 / 4.
    out.push(float32Item(`${item.name}_QuantMultA`, [1], new Float32Array([127 / 4])));
  }
  return out;
}

export interface TinyModelPair {
  /** Folder holding `enar/` and `aren/` in Mozilla's layout. */
  root: string;
  vocabSize: number;
}

/**
 * Writes `root/enar` and `root/aren`, each with `model.<pair>.bin`, `vocab.<pair>.spm`,
 * an empty shortlist file when `withShortlist`, and `metadata.json`.
 */
export function buildTinyModelPair(root: string, options: TinyModelOptions & { withShortlist?: boolean } = {}): TinyModelPair {
  const vocab = trainVocabulary(path.join(root, '.vocab'), 7, options.int8 ? 352 : undefined);
  for (const [pair, source, target, seed] of [
    ['enar', 'en', 'ar', 11],
    ['aren', 'ar', 'en', 23],
  ] as const) {
    const dir = path.join(root, pair);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, options.int8 ? `model.${pair}.intgemm.alphas.bin` : `model.${pair}.bin`),
      writeMarianBinary(tinyTransformerItems(vocab.size, { ...options, seed: options.seed ?? seed })),
    );
    copyFileSync(vocab.file, path.join(dir, `vocab.${pair}.spm`));
    writeFileSync(
      path.join(dir, 'metadata.json'),
      `${JSON.stringify({ architecture: 'tiny-test', sourceLanguage: source, targetLanguage: target }, null, 2)}\n`,
    );
  }
  if (!existsSync(path.join(root, 'enar'))) throw new Error('tiny model: nothing written');
  return { root, vocabSize: vocab.size };
}
