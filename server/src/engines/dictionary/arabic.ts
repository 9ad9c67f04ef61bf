/**
 * Arabic look-up helpers: orthographic normalisation and clitic stripping.
 *
 * Normalisation (for look-up keys only, never for output): diacritics and tatweel
 * removed, hamza-carrying alefs (أ إ آ ٱ) written ا, alef maqsura ى written ي, and taa
 * marbuta ة written ه, the spellings people mix up when typing.
 */
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

export type Proclitic = 'و' | 'ف' | 'ب' | 'ل' | 'ك';

export interface ArabicCandidate {
  /** The normalised form to look up. */
  key: string;
  /** Clitics stripped in front of it, outermost first (و, ف, then ب, ل, ك); ال is not listed. */
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

/** Attaches a one-letter proclitic (و, ب, ل, ك, ف) to an Arabic word; ل + ال becomes لل. */
export function attachProclitic(clitic: string, word: string): string {
  if (clitic === 'ل' && word.startsWith('ال')) return `لل${word.slice(2)}`;
  return clitic + word;
}
