// Rules both catalog tests apply (the web app's JSON catalogs and the server's messages):
// plural forms, counted nouns, terminology (docs/terminology.md), Arabic punctuation and
// Latin script. Each check returns the offending keys with a reason, so a failure names them.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Language = 'en' | 'ar';

/** The CLDR plural categories each language's catalog carries for a counted key. */
export const PLURAL_CATEGORIES: Record<Language, readonly Intl.LDMLPluralRule[]> = {
  en: ['one', 'other'],
  ar: ['zero', 'one', 'two', 'few', 'many', 'other'],
};

/** The counts every counted string is rendered with. */
export const SAMPLE_COUNTS = [0, 1, 2, 3, 11, 100] as const;

const SUFFIX = /_(zero|one|two|few|many|other)$/;

/** "limits.guest_few" -> ["limits.guest", "few"]; null for a key without a plural suffix. */
export function pluralPart(key: string): [string, Intl.LDMLPluralRule] | null {
  const match = SUFFIX.exec(key);
  return match ? [key.slice(0, match.index), match[1] as Intl.LDMLPluralRule] : null;
}

/** The key without its plural suffix. */
export const baseKey = (key: string) => pluralPart(key)?.[0] ?? key;

/** Base keys that have some plural forms in this language but not all of its categories. */
export function incompletePlurals(language: Language, keys: Iterable<string>): string[] {
  const forms = new Map<string, Set<string>>();
  for (const key of keys) {
    const part = pluralPart(key);
    if (part) forms.set(part[0], (forms.get(part[0]) ?? new Set()).add(part[1]));
  }
  return [...forms]
    .filter(([, present]) => PLURAL_CATEGORIES[language].some((category) => !present.has(category)))
    .map(([base, present]) => `${base} (has ${[...present].join(', ')})`);
}

/** Base keys that carry plural forms in at least one language. */
export function countedKeys(keysByLanguage: Record<Language, Iterable<string>>): string[] {
  const counted = new Set<string>();
  for (const keys of Object.values(keysByLanguage)) for (const key of keys) if (pluralPart(key)) counted.add(baseKey(key));
  return [...counted].sort();
}

// ---------------------------------------------------------------- counted nouns

interface Noun {
  en: [singular: string, plural: string];
  /** The Arabic form for each category (alternatives separated by |). */
  ar: Record<Exclude<Intl.LDMLPluralRule, 'zero'>, string>;
}

/** The nouns a counted string may count, with their correct forms. */
export const NOUNS = {
  document: { en: ['document', 'documents'], ar: { one: 'مستند واحد|مستندًا واحدًا', two: 'مستندان|مستندين', few: 'مستندات', many: 'مستندًا', other: 'مستند' } },
  page: { en: ['page', 'pages'], ar: { one: 'صفحة واحدة', two: 'صفحتان|صفحتين', few: 'صفحات', many: 'صفحةً|صفحة', other: 'صفحة' } },
  webPage: { en: ['web page', 'web pages'], ar: { one: 'صفحة ويب واحدة', two: 'صفحتا ويب|صفحتي ويب', few: 'صفحات ويب', many: 'صفحة ويب', other: 'صفحة ويب' } },
  character: { en: ['character', 'characters'], ar: { one: 'حرف واحد|حرفًا واحدًا', two: 'حرفان|حرفين', few: 'أحرف', many: 'حرفًا', other: 'حرف' } },
  word: { en: ['word', 'words'], ar: { one: 'كلمة واحدة', two: 'كلمتان|كلمتين', few: 'كلمات', many: 'كلمةً|كلمة', other: 'كلمة' } },
  day: { en: ['day', 'days'], ar: { one: 'يوم واحد|يومًا واحدًا', two: 'يومان|يومين', few: 'أيام', many: 'يومًا', other: 'يوم' } },
  event: { en: ['event', 'events'], ar: { one: 'حدث واحد|حدثًا واحدًا', two: 'حدثان|حدثين', few: 'أحداث', many: 'حدثًا', other: 'حدث' } },
  second: { en: ['second', 'seconds'], ar: { one: 'ثانية واحدة', two: 'ثانيتان|ثانيتين', few: 'ثوانٍ|ثوان', many: 'ثانيةً|ثانية', other: 'ثانية' } },
  minute: { en: ['minute', 'minutes'], ar: { one: 'دقيقة واحدة', two: 'دقيقتان|دقيقتين', few: 'دقائق', many: 'دقيقةً|دقيقة', other: 'دقيقة' } },
  hour: { en: ['hour', 'hours'], ar: { one: 'ساعة واحدة', two: 'ساعتان|ساعتين', few: 'ساعات', many: 'ساعةً|ساعة', other: 'ساعة' } },
  segment: { en: ['segment', 'segments'], ar: { one: 'مقطع واحد|مقطعًا واحدًا', two: 'مقطعان|مقطعين', few: 'مقاطع', many: 'مقطعًا', other: 'مقطع' } },
  text: { en: ['text', 'texts'], ar: { one: 'ترجمة نصية واحدة', two: 'ترجمتان نصيتان|ترجمتين نصيتين', few: 'ترجمات نصية', many: 'ترجمةً نصية|ترجمة نصية', other: 'ترجمة نصية' } },
  pageView: { en: ['page view', 'page views'], ar: { one: 'مشاهدة واحدة', two: 'مشاهدتان|مشاهدتين', few: 'مشاهدات', many: 'مشاهدةً|مشاهدة', other: 'مشاهدة' } },
  sentence: { en: ['sentence', 'sentences'], ar: { one: 'جملة واحدة', two: 'جملتان|جملتين', few: 'جمل', many: 'جملةً|جملة', other: 'جملة' } },
  request: { en: ['request', 'requests'], ar: { one: 'طلب واحد|طلبًا واحدًا', two: 'طلبان|طلبين', few: 'طلبات', many: 'طلبًا', other: 'طلب' } },
  invoice: { en: ['invoice', 'invoices'], ar: { one: 'فاتورة واحدة', two: 'فاتورتان|فاتورتين', few: 'فواتير', many: 'فاتورةً|فاتورة', other: 'فاتورة' } },
  term: { en: ['term', 'terms'], ar: { one: 'مصطلح واحد|مصطلحًا واحدًا', two: 'مصطلحان|مصطلحين', few: 'مصطلحات', many: 'مصطلحًا', other: 'مصطلح' } },
  revokedKey: { en: ['revoked key', 'revoked keys'], ar: { one: 'المفتاح المُبطَل|مفتاح مُبطَل واحد', two: 'المفتاحين المُبطَلين|مفتاحان مُبطَلان', few: 'مفاتيح مُبطَلة', many: 'مفتاحًا مُبطَلًا', other: 'مفتاح مُبطَل' } },
  seat: { en: ['seat', 'seats'], ar: { one: 'مستخدم واحد', two: 'مستخدمان|مستخدمين', few: 'مستخدمين', many: 'مستخدمًا', other: 'مستخدم' } },
} satisfies Record<string, Noun>;

export type NounName = keyof typeof NOUNS;

const NOT_LETTER_BEFORE = '(?<![\\p{L}\\p{M}])(?:[وبل]|ال)?';
const NOT_LETTER_AFTER = '(?![\\p{L}\\p{M}])';
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

/**
 * What is wrong with a counted text rendered for `count` (formatted as `formatted`), or null.
 * Arabic: the noun in the form CLDR asks for, preceded by the number from 3 on; English:
 * "1 document", "3 documents". A `null` noun is a label form ("Pages: 3"): only the number is checked.
 */
export function countedTextProblem(language: Language, noun: NounName | null, count: number, formatted: string, text: string): string | null {
  if (/{{|:count\b/.test(text)) return `placeholder left in "${text}"`;
  if (EASTERN_DIGITS.test(text)) return `Eastern digits in "${text}"`;
  const category = new Intl.PluralRules(language).select(count);
  // The Arabic zero form is free wording ("لا يمكنك ترجمة أي مستند").
  if (count === 0 && language === 'ar') return null;
  if (!noun) return text.includes(formatted) ? null : `"${text}" does not show ${formatted}`;
  if (language === 'en') {
    const [singular, plural] = NOUNS[noun].en;
    const expected = new RegExp(`(?:^|[^\\d,.])${escapeRegExp(formatted)} ${count === 1 ? singular : plural}\\b`);
    return expected.test(text) ? null : `"${text}" should say "${formatted} ${count === 1 ? singular : plural}"`;
  }
  const forms = NOUNS[noun].ar[category as Exclude<Intl.LDMLPluralRule, 'zero'>];
  const withNumber = category === 'few' || category === 'many' || category === 'other';
  const pattern = new RegExp(`${withNumber ? `${escapeRegExp(formatted)}\\s+` : NOT_LETTER_BEFORE}(?:${forms})${NOT_LETTER_AFTER}`, 'u');
  return pattern.test(text) ? null : `"${text}" should use ${withNumber ? `"${formatted} ` : '"'}${forms}" (${category})`;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ---------------------------------------------------------------- terminology

export interface Term {
  english: string;
  arabic: string;
  englishPattern: RegExp | null;
  arabicPattern: RegExp | null;
  rejected: RegExp[];
}

const TERMINOLOGY_FILE = fileURLToPath(new URL('../../docs/terminology.md', import.meta.url));

/** The glossary table of docs/terminology.md. */
export function loadTerminology(): Term[] {
  const rows = readFileSync(TERMINOLOGY_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---') && !line.startsWith('| English |'));
  const code = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  return rows.map((row) => {
    const [english, arabic, englishPattern, arabicPattern, rejected] = row.split('|').slice(1, -1).map((cell) => cell.trim());
    return {
      english: english!,
      arabic: arabic!,
      englishPattern: code(englishPattern ?? '')[0] ? new RegExp(code(englishPattern!)[0]!, 'iu') : null,
      arabicPattern: code(arabicPattern ?? '')[0] ? new RegExp(code(arabicPattern!)[0]!, 'u') : null,
      rejected: code(rejected ?? '').map((pattern) => new RegExp(pattern, 'u')),
    };
  });
}

/**
 * Terminology problems of one text pair: a rejected Arabic variant, or an English text that uses
 * a term whose Arabic counterpart is missing. `exceptions` names "key: term" pairs that are right
 * on purpose (the English word used in another sense).
 */
export function terminologyProblems(terms: Term[], key: string, english: string | undefined, arabic: string, exceptions: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const englishWords = english?.replace(/{{[^}]*}}|:[a-z_]+|<[^>]*>/g, ' ');
  for (const term of terms) {
    if (exceptions.has(`${key}: ${term.english}`)) continue;
    for (const rejected of term.rejected) if (rejected.test(arabic)) problems.push(`${key}: "${arabic}" uses ${rejected.source} (${term.english} is ${term.arabic})`);
    if (englishWords && term.englishPattern && term.arabicPattern && term.englishPattern.test(englishWords) && !term.arabicPattern.test(arabic)) {
      problems.push(`${key}: "${english}" -> "${arabic}" does not say ${term.arabic}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------- script and punctuation

/** Latin words allowed inside Arabic texts: product, brand, format and standard names. */
export const LATIN_ALLOW_LIST = new Set([
  'PDF', 'PNG', 'JPEG', 'JPG', 'WEBP', 'SVG', 'ZIP', 'DTD', 'DOCX', 'XLSX', 'PPTX', 'XLIFF', 'TXT', 'HTML', 'CSV', 'JSON', 'XML', 'SRT', 'ODT', 'RTF', 'MD', 'Markdown',
  'CVV', 'MM', 'YY', 'USD', 'US', 'ISO', 'Ctrl', 'Enter', 'Esc', 'Tab', 'Shift',
  'Lisan', 'Word', 'Excel', 'PowerPoint', 'FreeDict', 'robots',
  'Google', 'LinkedIn', 'Microsoft', 'DeepL', 'Bergamot', 'Mozilla', 'OpenAI', 'Firefox',
  'X', 'Twitter', 'Facebook', 'Instagram', 'YouTube', 'WhatsApp', 'Telegram',
  '3-D', 'D', 'Secure', 'CSRF', 'API', 'URL', 'HTTP', 'HTTPS', 'https', 'http', 'UTC', 'Beta', 'HyperPay', 'Mada', 'Visa', 'Mastercard', 'SSO', 'SAML',
  'Stripe', 'LibreTranslate', 'TSV', 'TEST', 'v2', 'curl',
]);

const LATIN_UPPER = new Set([...LATIN_ALLOW_LIST].map((word) => word.toUpperCase()));

/** Latin words of an Arabic text that are not on the allow-list (placeholders, tags and URLs removed). */
export function unexpectedLatin(text: string): string[] {
  const stripped = text
    .replace(/{{[^}]*}}/g, ' ')
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ')
    .replace(/:[a-z_]+/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\w.+-]+@[\w.-]+/g, ' ')
    // Environment variables as an administrator types them (PAYMENTS_SANDBOX=true).
    .replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:=\w+)?/g, ' ');
  const words = stripped.match(/[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*/g) ?? [];
  const allowed = (word: string) => LATIN_UPPER.has(word.toUpperCase());
  return words.filter((word) => !allowed(word) && !word.split('-').every((part) => allowed(part) || /^\d+$/.test(part)));
}

/** ASCII ? ; , in an Arabic text (a comma between digits is part of a number). */
export function asciiPunctuation(text: string): string[] {
  const stripped = text
    .replace(/{{[^}]*}}/g, ' ')
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\d,\d/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ');
  return [...new Set(stripped.match(/[?;,]/g) ?? [])];
}

/** A percent sign written next to a placeholder (review N5): Intl's percent style writes it, in the language's own way. */
export function handWrittenPercent(text: string): boolean {
  return /{{[^}]*}}\s*[%٪]|[%٪]\s*{{[^}]*}}/.test(text);
}

/**
 * Latin words that start with digits ("3-D Secure") outside a first-strong isolate
 * (U+2068 ... U+2069). In right-to-left text the bidi algorithm puts the digits after the
 * letters ("D Secure-3"); the isolate keeps the name in its own order.
 */
export function digitLedLatin(text: string): string[] {
  const outside = text.replace(/\u2068[^\u2069]*\u2069/g, '');
  return outside.match(/\d+[-\u2010\u2011]?[A-Za-z][A-Za-z -]*/g) ?? [];
}

// ---------------------------------------------------------------- command labels

/**
 * Imperatives a command label could start with ("اختر ملفًا…", "احفظ", "نزّل PDF"). Verbs whose
 * bare form is also a common noun or particle (غير "not", حدث "happened", حل "solution") are
 * listed only with the shadda that makes them imperatives.
 */
const IMPERATIVES = [
  'اختر', 'احفظ', 'احذف', 'نزّل', 'افتح', 'أرسل', 'ارفع', 'حدّث', 'انسخ', 'ألغِ', 'أضف', 'أنشئ', 'ابدأ', 'اطلب', 'جرّب', 'أعد',
  'حاول', 'اعرض', 'غيّر', 'سجّل', 'انتقل', 'تابع', 'اقترح', 'اشترك', 'أكّد', 'استورد', 'صدّر', 'ترجم', 'أغلق', 'امسح', 'أزل', 'انقل',
  'اضغط', 'انقر', 'تواصل', 'اتصل', 'اقرأ', 'فعّل', 'عطّل', 'أوقف', 'حمّل', 'ادفع', 'استعرض', 'ابحث', 'راجع', 'أدخل', 'عيّن', 'اكتب',
];
const IMPERATIVE_START = new RegExp(`^(?:${IMPERATIVES.join('|')})(?![\\p{L}\\p{M}])`, 'u');

/**
 * The imperative a command label starts with (review R1, docs/decisions.md "Arabic text rules":
 * buttons, links and pickers use the verbal noun, `اختيار ملف…` not `اختر ملفًا…`), or null. A
 * label is a short text (six words at most) that does not end a sentence; a full sentence may
 * tell the reader what to do. Marketing calls to action are the callers' exceptions.
 */
export function imperativeLabel(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.split(/\s+/).length > 6 || /[.!؟:]$/.test(trimmed)) return null;
  return IMPERATIVE_START.exec(trimmed)?.[0] ?? null;
}

// ---------------------------------------------------------------- final punctuation

/** What ends a text for the full-stop check: trailing tags, closing quotes and brackets removed, the last character. */
function finalMark(text: string): string {
  const trimmed = text.replace(/(?:<\/?[a-zA-Z][^>]*>|[\s"'”’»)\]\u2069])+$/u, '');
  return trimmed.slice(-1);
}

/**
 * The product spec's messages (section "Messages") that have no final full stop in English: API clients may
 * match on them, so they keep the spec's words (docs/decisions.md "Success messages: the API keeps the spec's
 * words"); their Arabic is a full sentence with its full stop. Placeholders are written N.
 */
export const SPEC_MESSAGES = new Set([
  'Something went wrong. Please contact to support or try again',
  'File large need more time to be done',
  'There is an issue with the uploaded file',
  'Sorry, this document exceeds the size limit for this plan. Try to upload a smaller document',
  'File words count exceeded to a limit of N',
  'Your translation exceeds the character limit',
  'Your request quota exceeds the requests limit',
  'Limit Exceeded',
  'Card authentication failed',
  'Please try again and use another card',
  'Your billing card seems not authorized or added, please add or change your card',
  'Trial period expired',
  'The verification link is invalid or expired',
  'Not so fast, you will need to set a password to be able to disconnect',
  'Please upgrade your plan to use this feature',
  'LLM feature disabled by the account manager',
]);
const PLACEHOLDER = /{{[^}]*}}|:[a-z_]+/g;

/** The marks that end a sentence, Arabic's own included. */
const SENTENCE_END = new Set(['.', '!', '?', '؟', '…', '۔']);

/**
 * A message pair of which one language ends its sentence with a full stop (or ! ? …) and the
 * other does not ("Hand over … before deleting your account" against «… حسابك.»), or null. Labels
 * end with none in either language; a message shown as a sentence ends with one in both.
 */
export function finalStopMismatch(english: string, arabic: string): string | null {
  if (SPEC_MESSAGES.has(english.replace(PLACEHOLDER, 'N'))) return null;
  const en = SENTENCE_END.has(finalMark(english));
  const ar = SENTENCE_END.has(finalMark(arabic));
  if (en === ar) return null;
  return en ? `the English ends a sentence, the Arabic does not ("${arabic}")` : `the Arabic ends a sentence, the English does not ("${english}")`;
}
