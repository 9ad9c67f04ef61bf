/**
 * One table of tricky inputs for the text toolkit, checked on every path that counts words
 * or detects a language: the toolkit itself, document analysis (DOCX), website pages and
 * the web app (web/src/features/translator/translator.fns.test.ts).
 */
export interface TrickyInput {
  text: string;
  words: number;
  /** The detected language; null when the text has no letters. */
  lang: 'en' | 'ar' | null;
}

export const TRICKY_INPUTS: readonly TrickyInput[] = [
  { text: 'Price: 3.5 USD, e-mail info@lisan.com', words: 5, lang: 'en' },
  { text: 'Visit https://lisan.com/ar/docs?page=2 today', words: 3, lang: 'en' },
  { text: 'The well-known state-of-the-art model', words: 4, lang: 'en' },
  { text: 'e-mail: support@lisan.com, tel. +966-11-555-0100', words: 4, lang: 'en' },
  { text: 'القرار رقم ١٢٣/٢٠٢٤ نافذ', words: 4, lang: 'ar' },
  { text: 'و/أو الشركة', words: 2, lang: 'ar' },
  { text: 'مُحَمَّدٌ رَسُولُ اللَّهِ', words: 3, lang: 'ar' },
  { text: 'مـــرحبا بكم', words: 2, lang: 'ar' },
  { text: 'Lisan لسان translates النصوص quickly', words: 5, lang: 'en' },
  { text: 'تقرير Q3 لشركة Apple Inc.', words: 5, lang: 'ar' },
  // Arabic quoting names and brands in Latin letters is Arabic; English quoting Arabic words stays English.
  { text: 'تم تحديث Microsoft Office', words: 4, lang: 'ar' },
  { text: 'أريد شراء iPhone 15 Pro Max من Apple Store', words: 9, lang: 'ar' },
  { text: 'I visited مكة last year with محمد', words: 7, lang: 'en' },
  { text: 'Welcome to دبي', words: 3, lang: 'en' },
  { text: '— 2024 !', words: 1, lang: null },
  { text: '100%', words: 1, lang: null },
];
