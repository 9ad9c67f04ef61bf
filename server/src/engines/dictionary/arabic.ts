/**
 * Arabic look-up helpers: orthographic normalisation and clitic stripping.
 *
 * Normalisation (for look-up keys only, never for output): diacritics and tatweel
 * removed, hamza-carrying alefs (أ إ آ ٱ) written ا, alef maqsura ى written ي, and taa
 * marbuta ة written ه, the spellings people mix up when typing.
 */
import { PROCLITIC_ENGLISH } from './function-words';

const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

export function normalizeArabic(text: string): string {
  return text
    .normalize('NFC')
    .replace(DIACRITICS, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/[\s\u200c\u200d]+/g, ' ')
    .trim();
}

/** Strips diacritics and tatweel only (for comparing output forms). */
export function stripArabicDiacritics(text: string): string {
  return text.replace(DIACRITICS, '');
}

export type Proclitic = 'و' | 'ف' | 'ب' | 'ل' | 'ك' | 'س';

export interface ArabicCandidate {
  /** The normalised form to look up. */
  key: string;
  /** Clitics stripped in front of it, outermost first (و, ف, then ب, ل, ك or the future س); ال is not listed. */
  proclitics: Proclitic[];
}

const CONJUNCTIONS: Proclitic[] = ['و', 'ف'];
const PREPOSITIONS: Proclitic[] = ['ب', 'ل', 'ك'];

/**
 * Look-up candidates for one Arabic word, most literal first: the word itself, then with
 * the conjunctions و/ف, the prepositions ب/ل/ك and the article ال stripped (ل + ال is
 * written لل). Each stem is also tried with ال added, because the FreeDict headwords
 * of nouns usually carry the article (الكتاب, not كتاب). Stems shorter than two letters
 * are never produced.
 */
export function arabicCandidates(word: string): ArabicCandidate[] {
  const base = normalizeArabic(word);
  const seen = new Set<string>();
  const out: ArabicCandidate[] = [];
  const add = (key: string, proclitics: Proclitic[]) => {
    if (key.length < 2 || seen.has(key)) return;
    seen.add(key);
    out.push({ key, proclitics });
  };
  const withArticleVariants = (stem: string, proclitics: Proclitic[]) => {
    add(stem, proclitics);
    if (stem.startsWith('ال') && stem.length > 3) add(stem.slice(2), proclitics);
    else add(`ال${stem}`, proclitics);
  };

  withArticleVariants(base, []);
  const stems: Array<{ stem: string; proclitics: Proclitic[] }> = [];
  for (const conjunction of [null, ...CONJUNCTIONS]) {
    const afterConjunction = conjunction ? (base.startsWith(conjunction) ? base.slice(1) : null) : base;
    if (afterConjunction === null || afterConjunction.length < 2) continue;
    const outer: Proclitic[] = conjunction ? [conjunction] : [];
    if (conjunction) stems.push({ stem: afterConjunction, proclitics: outer });
    // The future prefix س before an imperfect verb (سيوقع: will sign).
    if (/^س[يتنا]../.test(afterConjunction)) stems.push({ stem: afterConjunction.slice(1), proclitics: [...outer, 'س'] });
    for (const preposition of PREPOSITIONS) {
      if (!afterConjunction.startsWith(preposition)) continue;
      let rest = afterConjunction.slice(1);
      // ل + ال is spelled لل: the article's alef disappears.
      if (preposition === 'ل' && rest.startsWith('ل') && !rest.startsWith('ال')) rest = `ا${rest}`;
      if (rest.length >= 2) stems.push({ stem: rest, proclitics: [...outer, preposition] });
    }
  }
  for (const { stem, proclitics } of stems) withArticleVariants(stem, proclitics);
  // Light suffix handling as a last resort: sound plurals and the feminine plural.
  for (const { key, proclitics } of [...out]) {
    const stem = key.startsWith('ال') ? key.slice(2) : key;
    for (const [suffix, replacement] of [
      ['ات', 'ه'],
      ['ون', ''],
      ['ين', ''],
      ['ه', ''],
    ] as const) {
      if (stem.length > suffix.length + 2 && stem.endsWith(suffix)) {
        const singular = stem.slice(0, -suffix.length) + replacement;
        add(`ال${singular}`, proclitics);
        add(singular, proclitics);
      }
    }
  }
  return out;
}

/**
 * Proclitics written alone, cut from their word by inline markup (و<x1>الكتاب</x1>,
 * س<x1>يوقع</x1>): conjunction, preposition or future prefix, and the article, as in
 * arabicCandidates. Their English, or null when `word` is not such a piece.
 */
export function bareProcliticsEnglish(word: string): string | null {
  const match = /^([وف]?)([بلكس]?)(ال|ل)?$/.exec(normalizeArabic(word));
  if (!match || !match[0]) return null;
  const [, conjunction, preposition, article] = match;
  // A lone ل is the preposition, not the article.
  if (article === 'ل' && preposition !== 'ل') return null;
  return [conjunction, preposition]
    .filter((clitic): clitic is Proclitic => Boolean(clitic))
    .map((clitic) => PROCLITIC_ENGLISH[clitic]!)
    .join(' ');
}

const ROMAN: Record<string, string> = {
  'ا': 'a', 'أ': 'a', 'إ': 'i', 'آ': 'aa', 'ٱ': 'a', 'ب': 'b', 'ت': 't', 'ث': 'th', 'ج': 'j', 'ح': 'h', 'خ': 'kh',
  'د': 'd', 'ذ': 'dh', 'ر': 'r', 'ز': 'z', 'س': 's', 'ش': 'sh', 'ص': 's', 'ض': 'd', 'ط': 't', 'ظ': 'z', 'ع': "'",
  'غ': 'gh', 'ف': 'f', 'ق': 'q', 'ك': 'k', 'ل': 'l', 'م': 'm', 'ن': 'n', 'ه': 'h', 'ة': 'a', 'و': 'w', 'ي': 'y',
  'ى': 'a', 'ء': "'", 'ؤ': "'", 'ئ': "'", 'پ': 'p', 'چ': 'ch', 'ڤ': 'v', 'گ': 'g', 'ک': 'k', 'ی': 'y',
};

/**
 * A word the dictionary does not know, in Latin letters (a name, mostly): a simple
 * letter-for-letter transcription, vowels unwritten as in the source, capitalised.
 * English output never carries Arabic letters.
 */
export function romanizeArabic(word: string): string {
  const latin = Array.from(stripArabicDiacritics(word.normalize('NFC')))
    .map((ch) => ROMAN[ch] ?? (/\p{Script=Arabic}/u.test(ch) ? '' : ch))
    .join('')
    .replace(/^'+/, '');
  return latin ? latin[0]!.toUpperCase() + latin.slice(1) : '';
}

/** Attaches a one-letter proclitic (و, ب, ل, ك, ف) to an Arabic word; ل + ال becomes لل. */
export function attachProclitic(clitic: string, word: string): string {
  if (clitic === 'ل' && word.startsWith('ال')) return `لل${word.slice(2)}`;
  return clitic + word;
}
