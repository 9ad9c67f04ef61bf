import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * A reader for the dictd format (the one Debian's dict-freedict-* packages ship):
 * `<name>.index` lines `headword \t offset \t length` with dictd's base64 numbers, and
 * `<name>.dict.dz`, a gzip file (dictzip adds a random-access header gzip ignores)
 * holding the entries. The files are small (about 3 MB unpacked), so the whole data file
 * is unpacked once at start-up and entries are decoded on demand.
 */
export interface DictdEntry {
  /** The headword as printed in the entry (may carry diacritics the index drops). */
  headword: string;
  /** One line per sense, numbering removed. */
  senses: string[];
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((ch, i) => [ch, i]));

/** dictd's base64 numbers: most significant digit first, no padding. */
export function decodeDictdNumber(value: string): number {
  let n = 0;
  for (const ch of value) {
    const digit = B64_VALUE.get(ch);
    if (digit === undefined) throw new Error(`Invalid dictd number "${value}"`);
    n = n * 64 + digit;
  }
  return n;
}

/** Parses one entry: the first line is the headword and its pronunciation, then the senses. */
export function parseDictdEntry(raw: string): DictdEntry {
  const lines = raw.split('\n').map((line) => line.trim()).filter(Boolean);
  const first = lines.shift() ?? '';
  const headword = first.replace(/\s*\/[^/]*\/\s*$/, '').trim();
  const senses = lines.map((line) => line.replace(/^\d+\.\s*/, '').trim()).filter(Boolean);
  return { headword, senses };
}

/** The first words of the keys made of several words. */
export function phraseStartsOf(keys: Iterable<string>): Set<string> {
  const starts = new Set<string>();
  for (const key of keys) {
    const space = key.indexOf(' ');
    if (space > 0) starts.add(key.slice(0, space));
  }
  return starts;
}

export class DictdDictionary {
  private readonly entries = new Map<string, DictdEntry[]>();

  constructor(
    readonly name: string,
    /** Look-up key -> [offset, length, offset, length, ...] of its entries. */
    private readonly index: Map<string, number[]>,
    private readonly data: Buffer,
    /** Turns a headword into the key the index uses (case folding, normalisation). */
    readonly normalize: (word: string) => string,
    readonly maxPhraseWords: number,
  ) {}

  get size() {
    return this.index.size;
  }

  has(key: string) {
    return this.index.has(key);
  }

  /** The entries of a key that is already normalised; empty when absent. */
  getNormalized(key: string): DictdEntry[] {
    const cached = this.entries.get(key);
    if (cached) return cached;
    const spans = this.index.get(key);
    if (!spans) return [];
    const result: DictdEntry[] = [];
    for (let i = 0; i < spans.length; i += 2) {
      const raw = this.data.subarray(spans[i]!, spans[i]! + spans[i + 1]!).toString('utf8');
      const entry = parseDictdEntry(raw);
      if (entry.senses.length) result.push(entry);
    }
    this.entries.set(key, result);
    return result;
  }

  get(word: string): DictdEntry[] {
    return this.getNormalized(this.normalize(word));
  }

  /** Every key, for building derived indexes. */
  keys() {
    return this.index.keys();
  }

  private starts: Set<string> | null = null;

  /** The first words of the keys of several words (built on first use): which words start a phrase. */
  get phraseStarts(): Set<string> {
    this.starts ??= phraseStartsOf(this.index.keys());
    return this.starts;
  }
}

/** Paths of a dictionary's two files, or null when either is missing. */
export async function findDictdFiles(dir: string, name: string): Promise<{ index: string; data: string } | null> {
  const index = path.join(dir, `${name}.index`);
  for (const data of [path.join(dir, `${name}.dict.dz`), path.join(dir, `${name}.dict`)]) {
    try {
      await fs.access(index);
      await fs.access(data);
      return { index, data };
    } catch {
      // try the next form
    }
  }
  return null;
}

/** Loads a dictd dictionary; keys are re-normalised with `normalize` so look-ups agree with them. */
export async function loadDictd(
  files: { index: string; data: string },
  name: string,
  normalize: (word: string) => string,
): Promise<DictdDictionary> {
  const [indexText, packed] = await Promise.all([fs.readFile(files.index, 'utf8'), fs.readFile(files.data)]);
  const data = files.data.endsWith('.dz') ? gunzipSync(packed) : packed;
  const index = new Map<string, number[]>();
  let maxPhraseWords = 1;
  for (const line of indexText.split('\n')) {
    if (!line) continue;
    const [headword, offset, length] = line.split('\t');
    if (!headword || !offset || !length || headword.startsWith('00database') || headword.startsWith('00-database')) continue;
    const key = normalize(headword);
    if (!key) continue;
    const spans = index.get(key);
    const span = [decodeDictdNumber(offset), decodeDictdNumber(length)];
    if (spans) {
      // The same entry can be listed twice (index keys that normalise alike).
      if (!spans.some((value, i) => i % 2 === 0 && value === span[0])) spans.push(...span);
    } else {
      index.set(key, span);
    }
    const words = key.split(' ').length;
    if (words > maxPhraseWords) maxPhraseWords = words;
  }
  return new DictdDictionary(name, index, data, normalize, Math.min(maxPhraseWords, 5));
}
