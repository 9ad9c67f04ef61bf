import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxEntries, writeZip } from '../../test/fixtures/documents';
import { analyzeDocument } from '../formats';
import { analyzeHtml } from '../formats/html';
import { DEFAULT_LIMITS } from '../formats/limits';
import { countCharacters, countWords, detectLanguage, planBatches, scriptLetters } from './toolkit';
import { TRICKY_INPUTS } from './tricky-inputs';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('text toolkit: one table of tricky inputs on every path', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-toolkit-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it.each(TRICKY_INPUTS)('the toolkit counts and detects $text', ({ text, words, lang }) => {
    expect(countWords(text)).toBe(words);
    expect(detectLanguage(text)?.lang ?? null).toBe(lang);
  });

  it.each(TRICKY_INPUTS)('a DOCX paragraph counts and detects as the toolkit: $text', async ({ text, words, lang }) => {
    const file = await writeZip(path.join(dir, `${words}-${Math.random().toString(36).slice(2)}.docx`), docxEntries(`<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`));
    const analysis = await analyzeDocument(file, 'docx', { source: 'en', target: 'ar', limits: DEFAULT_LIMITS });
    expect(analysis.words).toBe(words);
    expect(analysis.detectedLanguage).toBe(lang);
  });

  it.each(TRICKY_INPUTS)('a website page counts and detects as the toolkit: $text', ({ text, words, lang }) => {
    const page = analyzeHtml(`<!doctype html><html><head><title>x</title></head><body><p>${escapeXml(text)}</p></body></html>`, 'https://example.com/');
    // The title "x" is a word (and a Latin letter) of the page too. A block without letters
    // is not a segment of a page (nothing to translate), so its numbers are not counted.
    expect(page.words).toBe((lang ? words : 0) + 1);
    if (lang) expect(page.lang).toBe(detectLanguage(`${text} x`)!.lang);
  });
});

describe('planBatches (the one batcher)', () => {
  it('groups by segment count and characters, in order, and leaves out what `include` refuses', () => {
    expect(planBatches(['aaaa', 'bbbb', 'cc'], { maxSegments: 10, maxChars: 8 }).map((b) => b.segmentIndexes)).toEqual([[0, 1], [2]]);
    expect(planBatches(['a', '1', 'b', 'c'], { maxSegments: 2, maxChars: 100 }, (s) => /\p{L}/u.test(s)).map((b) => b.segmentIndexes)).toEqual([[0, 2], [3]]);
    expect(planBatches(['x'.repeat(50)], { maxSegments: 2, maxChars: 10 })).toEqual([{ index: 0, segmentIndexes: [0] }]);
  });

  it('keeps every segment once, in order: one longer than the limit goes alone between the others; no segments, no batches', () => {
    const segments = ['aaaa', 'bb', 'cccccc', 'd', 'eeeeeeeeeeee', 'f'];
    expect(planBatches(segments, { maxSegments: 2, maxChars: 100 }).map((b) => b.segmentIndexes)).toEqual([[0, 1], [2, 3], [4, 5]]);
    expect(planBatches(segments, { maxSegments: 10, maxChars: 7 }).map((b) => b.segmentIndexes)).toEqual([[0, 1], [2, 3], [4], [5]]);
    expect(planBatches([], { maxSegments: 10, maxChars: 7 })).toEqual([]);
  });
});

describe('countCharacters and scriptLetters (counted in one pass)', () => {
  const samples = [
    '',
    'Hello',
    'مرحبا بالعالم',
    '😀!',
    'a\ud83d', // a lone high surrogate at the end
    '\ude00b', // a lone low surrogate first
    'e\u0301 café Ærøskøbing ﬁ Ａｂｃ ŉ ǅ',
    'الْعَرَبِيَّة ـــ ١٢٣ ﷲ ﻻ ٮ ۓ ە ۮ ۯ ۺ ݐ ࢠ',
    '𝐀𝐁 𝔄 \u{1DF00}', // letters outside the Basic Multilingual Plane
    ...TRICKY_INPUTS.map((input) => input.text),
  ];

  it.each(samples)('counts code points as the spread does: %j', (text) => {
    expect(countCharacters(text)).toBe([...text].length);
  });

  it.each(samples)('counts Arabic and Latin letters as the script patterns match them: %j', (text) => {
    const arabic = text.match(/[\u0620-\u064A\u066E-\u06D3\u06D5\u06EE\u06EF\u06FA-\u06FF\u0750-\u077F\u08A0-\u08C9\uFB50-\uFDFF\uFE70-\uFEFC]/gu)?.length ?? 0;
    const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
    expect(scriptLetters(text)).toMatchObject({ arabic, latin });
  });

  it.each([
    ['Microsoft Office', 15],
    ['iPhone 15 Pro', 9],
    ['Q3 report', 1],
    ['translates quickly', 0],
    ['Ærøskøbing ǅemal éa', 15],
    ['تم تحديث Microsoft', 9],
  ])('counts the Latin letters of capitalised words as names: %j', (text, names) => {
    expect(scriptLetters(text).names).toBe(names);
  });
});
