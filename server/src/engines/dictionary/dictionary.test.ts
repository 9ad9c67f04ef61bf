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
import { loadConfig } from '../../config';
import { findEvalDir, readLines } from '../../eval/sets';
import { createEngineRegistry } from '../registry';
import { docxEntries, readZipText, writeZip } from '../../../test/fixtures/documents';
import { roundTrip, tempDir } from '../../../test/fixtures/round-trip';
import { child, findAll, textOf } from '../../formats/xml/dom';
import { fromString, parseXmlDocument } from '../../formats/xml/stream';

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
    expect(engine.translateSegment('١٢٬٣٤٥٫٦٧', job('ar', 'en'))).toBe('12,345.67');
  });

  it('applies glossary terms before the dictionary, longest first, in both directions', () => {
    const glossary = [
      { source: 'contract', target: 'الاتفاقية' },
      { source: 'purchase order', target: 'أمر الشراء' },
    ];
    expect(engine.translateSegment('The contracts and the purchase order.', job('en', 'ar', glossary))).toBe('الاتفاقية وأمر الشراء.');
    expect(engine.translateSegment('والعقد', job('ar', 'en', [{ source: 'العقد', target: 'the agreement' }]))).toBe('And the agreement');
  });

  it('renders a word for each glossary of its own, however often it was rendered for another (words are remembered per glossary)', () => {
    const first = [{ source: 'contract', target: 'الاتفاقية' }];
    const second = [{ source: 'contract', target: 'الصفقة' }];
    const plain = engine.translateSegment('contract', job('en', 'ar'));
    for (let round = 0; round < 3; round++) {
      expect(engine.translateSegment('contract', job('en', 'ar', first))).toBe('الاتفاقية');
      expect(engine.translateSegment('contract', job('en', 'ar', second))).toBe('الصفقة');
      expect(engine.translateSegment('contract', job('en', 'ar'))).toBe(plain);
    }
    expect(plain).not.toBe('الاتفاقية');
    expect(plain).not.toBe('الصفقة');
  });

  it('finds a phrase of several words whichever list it comes from (spans are tried only from a word that starts one)', () => {
    // A glossary phrase whose first word starts no phrase of the dictionary or the function words.
    const glossary = [{ source: 'Qwzxv Blorp Prime', target: 'كوزكسف بلورب برايم' }];
    expect(engine.translateSegment('Buy Qwzxv Blorp Prime today.', job('en', 'ar', glossary))).toContain('كوزكسف بلورب برايم');
    expect(engine.translateSegment('Buy Qwzxv Blorp today.', job('en', 'ar', glossary))).toContain('Qwzxv Blorp');
    // The same words without the glossary: no phrase starts at "Qwzxv", each word on its own.
    expect(engine.translateSegment('Buy Qwzxv Blorp Prime today.', job('en', 'ar'))).toContain('Qwzxv Blorp');
  });

  it('keeps placeholders, numbers and unknown words as they are', () => {
    expect(engine.translateSegment('Pay <x1>25</x1> dollars to Qwzxv<x2/>.', job('en', 'ar'))).toBe('الدفع <x1>25</x1> الدولارات إلى Qwzxv<x2/>.');
    // A number's separators stay as written; a comma between words still becomes Arabic.
    expect(engine.translateSegment('Pay 12,345.67 dollars, now', job('en', 'ar'))).toBe('الدفع 12,345.67 الدولارات، الآن');
  });

  it('keeps every placeholder, and keeps formatting on a word when the formatted word itself renders as nothing', () => {
    // An article or a clitic alone inside a tag: the tag takes the word it joins.
    expect(engine.translateSegment('<x1>The</x1> book is new.', job('en', 'ar'))).toBe('<x1>الكتاب</x1> جديد.');
    expect(engine.translateSegment('Contract <x1>is</x1> signed', job('en', 'ar'))).toBe('العقد <x1>موقّع</x1>');
    expect(engine.translateSegment('The book <x1>is</x1>.', job('en', 'ar'))).toBe('<x1>الكتاب</x1>.');
    // A clitic waiting for its word crosses the markup instead of standing alone before it.
    expect(engine.translateSegment('books and <x1>pens</x1>', job('en', 'ar'))).toBe('الكتب <x1>والأقلام</x1>');
    expect(engine.translateSegment('books for <x1>the</x1> company', job('en', 'ar'))).toBe('الكتب <x1>للشركة</x1>');
    // A tag that held no letters stays where it was.
    expect(engine.translateSegment('Pay<x1> </x1>now', job('en', 'ar'))).toBe('الدفع<x1> </x1>الآن');
  });

  it('never leaves an Arabic letter in English output: clitics cut off by markup, the future prefix, unknown words', () => {
    // "Contract س is signed" was the old output of the first one.
    expect(engine.translateSegment('العقد س<x1>يوقع</x1> غدا.', job('ar', 'en'))).toBe('Contract will <x1>inflicts</x1> tomorrow.');
    expect(engine.translateSegment('و<x1>الكتاب</x1> جديد', job('ar', 'en'))).toBe('And <x1>book</x1> new');
    expect(engine.translateSegment('لل<x1>شركة</x1>', job('ar', 'en'))).toMatch(/^For <x1>\w+<\/x1>$/);
    expect(engine.translateSegment('سيذهب', job('ar', 'en'))).toBe('Will wends');
    // A name the dictionary does not know is written in Latin letters.
    expect(engine.translateSegment('شوارع مدينة "بيشكك".', job('ar', 'en'))).toBe('Streets polis "Byshkk".');
  });

  it('returns the placeholders of every FLORES-101 sentence with markup added, in both directions', () => {
    const dir = findEvalDir();
    // Every second word formatted, a standalone tag after every seventh: like a busy DOCX.
    const tagged = (line: string) => {
      let n = 0;
      return line
        .split(' ')
        .map((word, i) => (i % 2 === 1 ? `<x${++n}>${word}</x${n}>` : i % 7 === 3 ? `${word}<x${++n}/>` : word))
        .join(' ');
    };
    const placeholders = (text: string) => [...text.matchAll(/<\/?x\d+\/?>/g)].map((m) => m[0]);
    for (const [source, target] of [['en', 'ar'], ['ar', 'en']] as const) {
      const lines = readLines(path.join(dir, 'flores101', `${source}-${target}`, `flores-test.${source}`)).slice(0, 200);
      for (const line of lines) {
        const segment = tagged(line);
        const out = engine.translateSegment(segment, job(source, target));
        // Same tags, in the same order (the dictionary renders word by word, in place).
        expect(placeholders(out), segment).toEqual(placeholders(segment));
        if (target === 'en') expect(out, segment).not.toMatch(/\p{Script=Arabic}/u);
      }
    }
  });

  it('leaves web addresses, e-mail addresses and tags in a text as they are (through the router, as every path)', async () => {
    const registry = await createEngineRegistry(loadConfig({ DICT_DIR, DATA_DIR: '/nonexistent-lisan' }), { logger: pino({ level: 'silent' }), extraEngines: [] });
    const [out] = (await registry.router.translate(['Visit https://lisan.com/pricing?x=1 or write to info@lisan.com. Use <b>bold</b> text.'], { source: 'en', target: 'ar', domain: 'general' })).targets;
    expect(out).toContain(' https://lisan.com/pricing?x=1 ');
    expect(out).toContain(' info@lisan.com.');
    expect(out).toMatch(/<b>\p{Script=Arabic}+<\/b>/u);
    expect(out).not.toMatch(/Visit|write|bold|text/);
  });

  it('keeps a bold word bold through a real DOCX round trip, and writes no Arabic into an English DOCX', async () => {
    const registry = await createEngineRegistry(loadConfig({ DICT_DIR, DATA_DIR: '/nonexistent-lisan' }), { logger: pino({ level: 'silent' }), extraEngines: [] });
    const dir = tempDir();
    const translateWith = (source: 'en' | 'ar', target: 'en' | 'ar') => async (segments: string[]) =>
      (await registry.router.translate(segments, { source, target, domain: 'general' })).targets;
    const bold = (text: string) => `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`;
    const plain = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
    // Each paragraph's runs as [text, bold].
    const runsOf = async (file: string) => {
      const document = await parseXmlDocument(fromString(await readZipText(file, 'word/document.xml')), { maxDepth: 256, maxCapturedChars: 1e8, maxBytes: 1e9 });
      return findAll(document, 'w:p').map((p) =>
        findAll(p, 'w:r').map((r) => {
          const rPr = child(r, 'w:rPr');
          return [textOf(child(r, 'w:t')!), Boolean(rPr && child(rPr, 'w:b'))];
        }),
      );
    };

    const english = await writeZip(path.join(dir, 'en.docx'), docxEntries(`<w:p>${plain('The contract is ')}${bold('signed')}${plain(' today.')}</w:p><w:p>${bold('The ')}${plain('book is new.')}</w:p>`));
    const toArabic = await roundTrip(english, { translate: translateWith('en', 'ar') });
    expect(toArabic.repairs).toBe(0);
    expect(await runsOf(toArabic.out)).toEqual([
      [['العقد ', false], ['موقّع', true], [' اليوم.', false]],
      [['الكتاب', true], [' جديد.', false]],
    ]);

    const arabic = await writeZip(path.join(dir, 'ar.docx'), docxEntries(`<w:p>${plain('العقد س')}${bold('يوقع')}${plain(' غدا.')}</w:p>`));
    const toEnglish = await roundTrip(arabic, { source: 'ar', target: 'en', translate: translateWith('ar', 'en') });
    expect(toEnglish.analysis.segments).toEqual(['العقد س<x1>يوقع</x1> غدا.']);
    expect(await runsOf(toEnglish.out)).toEqual([[['Contract will ', false], ['inflicts', true], [' tomorrow.', false]]]);
    expect(await readZipText(toEnglish.out, 'word/document.xml')).not.toMatch(/\p{Script=Arabic}/u);
    await registry.close();
  });

  it('looks up words for the dictionary panel with every sense', () => {
    const entries = engine.lookup('كبير', 'ar', 'en');
    expect(entries[0]!.word).toBe('كبير');
    expect(entries[0]!.translations).toEqual(expect.arrayContaining(['Big', 'Large']));
    expect(engine.lookup('بالكتاب', 'ar', 'en')[0]).toEqual({ word: 'الكتاب', translations: ['Book'] });
    expect(engine.lookup('zzqqxx', 'en', 'ar')).toEqual([]);
  });
});
