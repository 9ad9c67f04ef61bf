import { describe, expect, it } from 'vitest';
import { DICTIONARY_MAX_WORDS } from '../../../../server/src/text/toolkit';
import { TRICKY_INPUTS } from '../../../../server/src/text/tricky-inputs';
import {
  countCharacters,
  engineNamed,
  guestToken,
  guessLanguage,
  isShortInput,
  joinSources,
  joinTargets,
  llmAvailableFor,
  machineTargetOf,
  overallReaction,
  parseTranslateResponse,
  segmentAt,
  sentenceAfterKey,
  takeDraft,
  keepDraft,
  segmentRanges,
  shareUrl,
  swapLanguages,
  withSuggestion,
  shorten,
} from './translator.fns';

const result = {
  leading: ' ',
  segments: [
    { translationId: 'a', source: 'Hello.', target: 'مرحبا.', separator: '\n\n' },
    { translationId: 'b', source: 'Bye!', target: 'وداعا!', separator: '' },
  ],
};

describe('translator helpers', () => {
  it('counts characters as the server does (code points of the trimmed text)', () => {
    expect(countCharacters('  héllo  ')).toBe(5);
    expect(countCharacters('مرحبا')).toBe(5);
    expect(countCharacters('😀!')).toBe(2);
  });

  it('parses data and dictionary from JSON text', () => {
    const parsed = parseTranslateResponse({ status: 200, data: JSON.stringify({ project_id: 'p', segments: [] }), dictionary: '[{"word":"book","translations":["كتاب"]}]', type: null, message: null });
    expect(parsed.result.project_id).toBe('p');
    expect(parsed.dictionary).toEqual([{ word: 'book', translations: ['كتاب'] }]);
    expect(parseTranslateResponse({ status: 200, data: '{}', dictionary: 'oops', type: null, message: null }).dictionary).toEqual([]);
  });

  it('joins sentences back with the original whitespace and maps caret positions to sentences', () => {
    expect(joinSources(result)).toBe(' Hello.\n\nBye!');
    expect(joinTargets(result)).toBe(' مرحبا.\n\nوداعا!');
    expect(segmentRanges(result)).toEqual([
      [1, 7],
      [9, 13],
    ]);
    expect(segmentAt(result, 0)).toBe(0);
    expect(segmentAt(result, 8)).toBe(0);
    expect(segmentAt(result, 10)).toBe(1);
    expect(segmentAt({ leading: '', segments: [] }, 3)).toBeNull();
  });

  it('swaps languages and moves the translation into the source box', () => {
    expect(swapLanguages({ source: 'en', target: 'ar', text: 'Hi', detected: null, translation: 'مرحبا' })).toEqual({ source: 'ar', target: 'en', text: 'مرحبا' });
    expect(swapLanguages({ source: 'auto', target: 'en', text: 'مرحبا', detected: 'ar', translation: null })).toEqual({ source: 'en', target: 'ar', text: 'مرحبا' });
    expect(swapLanguages({ source: 'auto', target: 'ar', text: 'Hello', detected: null, translation: null }).target).toBe('en');
  });

  it('offers the LLM mode for English <-> Arabic only', () => {
    expect(llmAvailableFor('en', 'ar')).toBe(true);
    expect(llmAvailableFor('auto', 'en')).toBe(true);
    expect(llmAvailableFor('en', 'en' as 'ar')).toBe(false);
  });

  it('shows the dictionary panel for inputs of one to three words', () => {
    expect(isShortInput('book')).toBe(true);
    expect(isShortInput('big red house')).toBe(true);
    expect(isShortInput('a big red house')).toBe(false);
    expect(isShortInput('   ')).toBe(false);
    expect(isShortInput('بالكتاب الكبير')).toBe(true);
  });

  it('builds share links with the text encoded', () => {
    expect(shareUrl('x', 'مرحبا & bye', 'https://lisan.example/')).toBe(
      'https://twitter.com/intent/tweet?text=%D9%85%D8%B1%D8%AD%D8%A8%D8%A7%20%26%20bye&url=https%3A%2F%2Flisan.example%2F',
    );
    expect(shareUrl('whatsapp', 'hi', 'https://l.example')).toBe('https://wa.me/?text=hi%0Ahttps%3A%2F%2Fl.example');
    expect(shareUrl('email', 'x'.repeat(600), 'u').length).toBeLessThan(1700);
  });

  it('keeps one guest token per browser', () => {
    const values = new Map<string, string>();
    const storage = { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
    const first = guestToken(storage);
    expect(first).toMatch(/^[\w-]{8,}$/);
    expect(guestToken(storage)).toBe(first);
    expect(guestToken(null)).toBeUndefined();
  });

  it('sums up the reactions of every sentence', () => {
    expect(overallReaction(result.segments, { a: 'like', b: 'like' })).toBe('like');
    expect(overallReaction(result.segments, { a: 'like' })).toBeNull();
    expect(overallReaction(result.segments, {})).toBeNull();
  });

  it("keeps the machine's translation of a corrected sentence, the first correction's when corrected again", () => {
    const machine = result.segments[0]!;
    expect(machineTargetOf(machine)).toBeNull();
    const once = withSuggestion(machine, 'أهلًا.');
    expect(once).toMatchObject({ target: 'أهلًا.', origin: 'memory-correction', machine_target: 'مرحبا.' });
    expect(machineTargetOf(once)).toBe('مرحبا.');
    expect(machineTargetOf(withSuggestion(once, 'أهلًا وسهلًا.'))).toBe('مرحبا.');
    // Corrected back to the machine's very words: nothing to mark.
    expect(machineTargetOf(withSuggestion(once, 'مرحبا.'))).toBeNull();
    expect(machineTargetOf({ ...machine, machine_target: null })).toBeNull();
  });

  it('names the engine unless memory answered every sentence with a correction listed with the machine\'s words', () => {
    const [hello, bye] = result.segments;
    const corrected = (segment: typeof hello, target: string) => ({ ...segment!, target, origin: 'memory-correction', machine_target: segment!.target });
    // An engine answered, or memory with a like: the engine notice says so.
    expect(engineNamed({ engine: 'local', segments: result.segments })).toBe(true);
    expect(engineNamed({ engine: 'memory', segments: [{ ...hello!, origin: 'memory' }, corrected(bye, 'إلى اللقاء!')] })).toBe(true);
    // A correction whose machine's words are not known is a memory sentence, not a listed correction.
    expect(engineNamed({ engine: 'memory', segments: [{ ...hello!, origin: 'memory-correction' }] })).toBe(true);
    // Every sentence a listed correction: the corrections note says where they came from.
    expect(engineNamed({ engine: 'memory', segments: [corrected(hello, 'أهلًا.'), corrected(bye, 'إلى اللقاء!')] })).toBe(false);
    // Some corrections, the rest from an engine: the engine is named.
    expect(engineNamed({ engine: 'local', segments: [corrected(hello, 'أهلًا.'), bye!] })).toBe(true);
  });
});

describe('the web app counts and detects as the server (one table of tricky inputs)', () => {
  it.each(TRICKY_INPUTS)('$text', ({ text, words, lang }) => {
    expect(guessLanguage(text)).toBe(lang);
    expect(isShortInput(text)).toBe(words > 0 && words <= DICTIONARY_MAX_WORDS);
  });
});

describe('shorten', () => {
  it('keeps a short text whole and cuts a long one between words, in either script', () => {
    expect(shorten('  Please send the invoice.  ', 48)).toBe('Please send the invoice.');
    const english = 'The committee approved both parts of the proposal after a long debate.';
    const short = shorten(english, 40);
    expect(short).toBe('The committee approved both parts of…');
    expect(short.length).toBeLessThanOrEqual(40);
    const arabic = 'وافقت اللجنة على جزأي المقترح بعد نقاش طويل استمر ساعات.';
    const shortArabic = shorten(arabic, 30);
    expect(shortArabic.length).toBeLessThanOrEqual(30);
    expect(shortArabic.endsWith('…')).toBe(true);
    // Every word kept is a whole word of the sentence.
    for (const word of shortArabic.slice(0, -1).split(' ')) expect(arabic.split(' ')).toContain(word);
  });

  it('cuts one long word where it must, and drops a comma or space before the ellipsis', () => {
    expect(shorten('x'.repeat(60), 20)).toBe(`${'x'.repeat(19)}…`);
    expect(shorten('Alpha, beta, gamma, delta, epsilon', 14)).toBe('Alpha, beta…');
  });
});

describe("a guest's draft kept across the sign-in", () => {
  const memory = () => {
    const items = new Map<string, string>();
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key), items };
  };

  it('is taken once, as it was kept', () => {
    const storage = memory();
    keepDraft({ text: 'مرحبا\n\nبكم', source: 'auto', target: 'en', domain: 'legal' }, storage);
    expect(takeDraft(storage)).toEqual({ text: 'مرحبا\n\nبكم', source: 'auto', target: 'en', domain: 'legal' });
    expect(takeDraft(storage)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('is dropped when it is not one of ours, and survives a storage that refuses', () => {
    const storage = memory();
    storage.setItem('lisan.translator-draft', JSON.stringify({ text: 'x', source: 'fr', target: 'en' }));
    expect(takeDraft(storage)).toBeNull();
    storage.setItem('lisan.translator-draft', '{not json');
    expect(takeDraft(storage)).toBeNull();
    storage.setItem('lisan.translator-draft', JSON.stringify({ text: 'x', source: 'en', target: 'ar', domain: 'medicine' }));
    expect(takeDraft(storage)).toEqual({ text: 'x', source: 'en', target: 'ar', domain: 'general' });
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => undefined };
    expect(() => keepDraft({ text: 'x', source: 'en', target: 'ar', domain: 'general' }, refusing)).not.toThrow();
    expect(takeDraft(refusing)).toBeNull();
  });
});

describe('moving between the sentences of a translation with the keys', () => {
  it('follows the reading direction, and stops at the ends', () => {
    expect(sentenceAfterKey('ArrowRight', 0, 3, 'ltr')).toBe(1);
    expect(sentenceAfterKey('ArrowLeft', 0, 3, 'rtl')).toBe(1);
    expect(sentenceAfterKey('ArrowRight', 1, 3, 'rtl')).toBe(0);
    expect(sentenceAfterKey('ArrowDown', 1, 3, 'rtl')).toBe(2);
    expect(sentenceAfterKey('ArrowUp', 1, 3, 'ltr')).toBe(0);
    expect(sentenceAfterKey('End', 0, 3, 'ltr')).toBe(2);
    expect(sentenceAfterKey('Home', 2, 3, 'ltr')).toBe(0);
    expect(sentenceAfterKey('ArrowDown', 2, 3, 'ltr')).toBeNull();
    expect(sentenceAfterKey('ArrowUp', 0, 3, 'ltr')).toBeNull();
    expect(sentenceAfterKey('Home', 0, 3, 'ltr')).toBeNull();
    expect(sentenceAfterKey('Enter', 0, 3, 'ltr')).toBeNull();
  });
});
