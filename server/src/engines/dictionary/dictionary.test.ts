import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { arabicCandidates, attachProclitic, normalizeArabic } from './arabic';
import { decodeDictdNumber, parseDictdEntry } from './dictd';
import { createDictionaryEngine, type DictionaryEngine } from './engine';
import { englishCandidates } from './english';

const DICT_DIR = '/usr/share/dictd';
const job = (source: 'en' | 'ar', target: 'en' | 'ar', glossary?: Array<{ source: string; target: string }>) => ({
  source,
  target,
  domain: 'general' as const,
  glossary,
});

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const encode = (n: number) => {
  let out = '';
  do {
    out = B64[n % 64] + out;
    n = Math.floor(n / 64);
  } while (n > 0);
  return out;
};

/** Writes a dictd pair (index + gzip data) the way dictfmt does. */
async function writeDictd(dir: string, name: string, entries: Array<[string, string]>) {
  let data = Buffer.from('00-database-info\nA tiny test dictionary\n');
  const lines = [`00databaseinfo\t${encode(0)}\t${encode(data.length)}`];
  for (const [headword, body] of entries) {
    const entry = Buffer.from(body);
    lines.push(`${headword}\t${encode(data.length)}\t${encode(entry.length)}`);
    data = Buffer.concat([data, entry]);
  }
  await fs.writeFile(path.join(dir, `${name}.index`), `${lines.join('\n')}\n`);
  await fs.writeFile(path.join(dir, `${name}.dict.dz`), gzipSync(data));
}

describe('dictd format', () => {
  it('decodes dictd base64 numbers', () => {
    expect(decodeDictdNumber('A')).toBe(0);
    expect(decodeDictdNumber('B')).toBe(1);
    expect(decodeDictdNumber('BA')).toBe(64);
    expect(decodeDictdNumber('hX')).toBe(33 * 64 + 23);
    expect(() => decodeDictdNumber('*')).toThrow(/Invalid dictd number/);
  });

  it('parses an entry: headword line with pronunciation, then numbered senses', () => {
    expect(parseDictdEntry('Book /bˈʊk/\nالكتاب\n')).toEqual({ headword: 'Book', senses: ['الكتاب'] });
    expect(parseDictdEntry('كبير /kabˈiːr/\n1. Big\n2. Large\n')).toEqual({ headword: 'كبير', senses: ['Big', 'Large'] });
  });

  it('loads dictionaries from DICT_DIR in the dictd format (index + dictzip data)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-dictd-'));
    await writeDictd(dir, 'freedict-eng-ara', [
      ['cat', 'Cat /kˈat/\nالقطة\n'],
      ['black', 'Black /blˈak/\nأسود\n'],
    ]);
    await writeDictd(dir, 'freedict-ara-eng', [['قطة', 'قطّة /qitˈa/\n1. Puss\n2. Cat\n']]);
    const engine = await createDictionaryEngine({ dir });
    expect(engine.loadedDirections).toEqual(['en-ar', 'ar-en']);
    expect(await engine.translate(['Black cats.'], job('en', 'ar'))).toEqual(['أسود القطة.']);
    expect(engine.lookup('قطة', 'ar', 'en')).toEqual([{ word: 'قطّة', translations: ['Puss', 'Cat'] }]);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('reports the pair unsupported, with one clear log line, when the files are missing', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const engine = await createDictionaryEngine({ dir: '/nonexistent/dictd', logger });
    expect(engine.supports('en', 'ar')).toBe(false);
    expect(engine.supports('ar', 'en')).toBe(false);
    expect(engine.lookup('book', 'en', 'ar')).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).msg).toMatch(/not found in DICT_DIR=\/nonexistent\/dictd.*apt-get install dict-freedict-eng-ara dict-freedict-ara-eng/);
  });
});

describe('look-up helpers', () => {
  it('lemmatises English lightly: plurals, past tense, -ing, comparatives, irregular forms', () => {
    expect(englishCandidates('books')).toContain('book');
    expect(englishCandidates('studies')).toContain('study');
    expect(englishCandidates('stopped')).toContain('stop');
    expect(englishCandidates('making')).toContain('make');
    expect(englishCandidates('running')).toContain('run');
    expect(englishCandidates('bigger')).toContain('big');
    expect(englishCandidates('went')).toContain('go');
    expect(englishCandidates('children')).toContain('child');
    expect(englishCandidates("company's")).toContain('company');
    expect(englishCandidates('books')[0]).toBe('books');
  });

  it('normalises Arabic: diacritics, tatweel, alef forms, alef maqsura, taa marbuta', () => {
    expect(normalizeArabic('مُدَرِّسَةٌ')).toBe('مدرسه');
    expect(normalizeArabic('إلى أين')).toBe('الي اين');
    expect(normalizeArabic('جمـــيل')).toBe('جميل');
  });

  it('strips the clitics و ف ب ل ك and ال, and writes ل + ال as لل', () => {
    const keys = (word: string) => arabicCandidates(word).map((c) => c.key);
    expect(keys('بالكتاب')).toContain('الكتاب');
    expect(keys('والكتاب')).toContain('كتاب');
    expect(keys('فالمدرسة')).toContain('المدرسه');
    expect(keys('للطلاب')).toContain('الطلاب');
    expect(keys('كالبحر')).toContain('البحر');
    expect(keys('وبالقلم')).toContain('القلم');
    expect(arabicCandidates('وبالقلم').find((c) => c.key === 'القلم')?.proclitics).toEqual(['و', 'ب']);
    // The word itself comes first, so words that start with these letters are found as they are.
    expect(keys('بيت')[0]).toBe('بيت');
    expect(attachProclitic('ل', 'الشركة')).toBe('للشركة');
    expect(attachProclitic('و', 'الكتاب')).toBe('والكتاب');
  });
});

describe('dictionary engine on the FreeDict dictionaries', () => {
  let engine: DictionaryEngine;
  beforeAll(async () => {
    engine = await createDictionaryEngine({ dir: DICT_DIR });
  });

  it('loads both directions from Debian dict-freedict-eng-ara and dict-freedict-ara-eng', () => {
    expect(engine.id).toBe('dictionary');
    expect(engine.loadedDirections).toEqual(['en-ar', 'ar-en']);
    expect(engine.supports('en', 'ar')).toBe(true);
    expect(engine.supports('ar', 'en')).toBe(true);
    expect(engine.supports('en', 'en')).toBe(false);
  });

  it('renders English word by word into Arabic, one output per segment', async () => {
    const out = await engine.translate(['The company signed the contracts.', 'Thank you!'], job('en', 'ar'));
    expect(out).toHaveLength(2);
    expect(out[0]).toBe('الشركة موقّع العقود.');
    expect(out[1]).toBe('شكرًا لك!');
  });

  it('matches the longest phrase first and maps punctuation to Arabic', () => {
    expect(engine.translateSegment('Good morning, how are you?', job('en', 'ar'))).toBe('صباح الخير، كيف حالك؟');
  });

  it('attaches و and ل to the next word, dropping articles in between', () => {
    expect(engine.translateSegment('books and pens for the company', job('en', 'ar'))).toBe('الكتب والأقلام للشركة');
  });

  it('uses lemmas for inflected words missing from the dictionary', () => {
    expect(engine.lookup('contracting', 'en', 'ar').length).toBeGreaterThan(0);
    expect(engine.lookup('books', 'en', 'ar').map((e) => e.word)).toEqual(['books', 'book']);
  });

  it('renders Arabic into English with clitics stripped and the best sense chosen', () => {
    expect(engine.translateSegment('ذهب الولد إلى المدرسة.', job('ar', 'en'))).toBe('Went boy to school.');
    expect(engine.translateSegment('وبالكتاب', job('ar', 'en'))).toBe('And with book');
    expect(engine.translateSegment('مرحبا، كيف حالك؟', job('ar', 'en'))).toMatch(/^Hello, how .*\?$/);
  });

  it('turns Arabic-Indic digits into ASCII digits in English output', () => {
    expect(engine.translateSegment('٢٠٢٤', job('ar', 'en'))).toBe('2024');
  });

  it('applies glossary terms before the dictionary, longest first, in both directions', () => {
    const glossary = [
      { source: 'contract', target: 'الاتفاقية' },
      { source: 'purchase order', target: 'أمر الشراء' },
    ];
    expect(engine.translateSegment('The contracts and the purchase order.', job('en', 'ar', glossary))).toBe('الاتفاقية وأمر الشراء.');
    expect(engine.translateSegment('والعقد', job('ar', 'en', [{ source: 'العقد', target: 'the agreement' }]))).toBe('And the agreement');
  });

  it('keeps placeholders, numbers and unknown words as they are', () => {
    expect(engine.translateSegment('Pay <x1>25</x1> dollars to Qwzxv<x2/>.', job('en', 'ar'))).toBe('الدفع <x1>25</x1> الدولارات إلى Qwzxv<x2/>.');
  });

  it('looks up words for the dictionary panel with every sense', () => {
    const entries = engine.lookup('كبير', 'ar', 'en');
    expect(entries[0]!.word).toBe('كبير');
    expect(entries[0]!.translations).toEqual(expect.arrayContaining(['Big', 'Large']));
    expect(engine.lookup('بالكتاب', 'ar', 'en')[0]).toEqual({ word: 'الكتاب', translations: ['Book'] });
    expect(engine.lookup('zzqqxx', 'en', 'ar')).toEqual([]);
  });

  it('translates a sentence in well under a millisecond', () => {
    const started = performance.now();
    for (let i = 0; i < 200; i++) engine.translateSegment('The company signed the contract with our partners yesterday.', job('en', 'ar'));
    expect((performance.now() - started) / 200).toBeLessThan(1);
  });
});
