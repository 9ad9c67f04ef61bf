// The English and Arabic catalogs must stay in step: same namespaces, same keys (plural forms
// aside), no empty texts, the same {{placeholders}}, and Arabic texts written in Arabic. Counted
// texts have every plural form and read right for 0, 1, 2, 3, 11 and 100; the terminology of
// docs/terminology.md holds; Arabic uses Arabic punctuation and Latin only for names.

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next, { type Resource } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_COUNTS,
  asciiPunctuation,
  handWrittenPercent,
  baseKey,
  countedKeys,
  countedTextProblem,
  incompletePlurals,
  loadTerminology,
  terminologyProblems,
  unexpectedLatin,
  digitLedLatin,
  imperativeLabel,
  finalStopMismatch,
  type NounName,
} from '../../../tests/i18n/catalog-rules';
import { formatNumber, registerFormatters } from './format';

const catalogRoot = fileURLToPath(new URL('.', import.meta.url));
const LANGUAGES = ['en', 'ar'] as const;

/**
 * Arabic texts with Latin on purpose: the switch names the other language in its own script,
 * and the slug hint shows a Latin example.
 */
const ARABIC_SCRIPT_EXCEPTIONS = new Set([
  'common:language.switchLabel',
  'content:admin.slugHint',
  // The developers page names HTTP headers, parameters and language codes as a client must send them.
  'developer:docs.deeplHelp',
  'developer:docs.libreHelp',
  'developer:docs.limits',
  'developer:docs.languages',
]);

/**
 * The noun each counted text counts, per language (null: that language uses a label form,
 * "مشاهدات الصفحات: 3"). A new counted key must be listed here, so its forms get checked.
 */
const COUNTED: Record<string, Partial<Record<'en' | 'ar', NounName | null>>> = {
  'translate:counter': { en: 'character', ar: null },
  'translate:counterOver': { en: 'character', ar: 'character' },
  'common:validation.tooShort': { en: 'character', ar: 'character' },
  'common:validation.tooLong': { en: 'character', ar: 'character' },
  'documents:limits.guest': { en: 'document', ar: 'document' },
  'documents:limits.user': { en: 'document', ar: 'document' },
  'documents:limits.team': { en: 'document', ar: 'document' },
  'documents:limits.perDocument': { en: 'word', ar: 'word' },
  'documents:drop.hint': { en: 'word', ar: 'word' },
  'websites:site.limit': { en: 'page', ar: 'page' },
  'websites:translate.fit.confirm': { en: 'page', ar: 'page' },
  'team:seats': { en: 'seat', ar: null },
  'team:usage.memberDocuments': { en: 'document', ar: 'document' },
  'team:usage.memberPages': { en: 'page', ar: 'page' },
  'analytics:replays.retention': { en: 'day', ar: 'day' },
  'analytics:replay.meta': { en: 'event', ar: 'event' },
  'analytics:views': { en: 'pageView', ar: null },
  'billing:notices.overdue.body': { en: 'day', ar: 'day' },
  'billing:notices.overduePaymentsOff.body': { en: 'day', ar: 'day' },
  'billing:subscriptionControls.seatsBody': { en: 'seat', ar: null },
  'billing:confirmChange.title.seatsNow': { en: 'seat', ar: null },
  'billing:confirmChange.title.seatsAtRenewal': { en: 'seat', ar: null },
  'translate:memoryFuzzy.notice': { en: 'sentence', ar: 'sentence' },
  'translate:corrected.notice': { en: 'sentence', ar: 'sentence' },
  'translate:glossaryApplied.corrections': { en: 'sentence', ar: 'sentence' },
  'translate:glossaryApplied.memory': { en: 'sentence', ar: 'sentence' },
  'translate:glossaryApplied.terms': { en: 'term', ar: 'term' },
  // ", including 2 with only their numbers changed" (sentences): the English names no noun again.
  'translate:glossaryApplied.memoryFuzzy': { en: null, ar: 'sentence' },
  // "and 3 more" (terms): the English names no noun again.
  'translate:glossaryApplied.more': { en: null, ar: 'term' },
  'developer:keys.usageRequests': { en: 'request', ar: 'request' },
  'developer:keys.usageCharacters': { en: 'character', ar: 'character' },
  'developer:keys.usageDocuments': { en: 'document', ar: 'document' },
  'developer:keys.showRevoked': { en: 'revokedKey', ar: 'revokedKey' },
  'developer:keys.hideRevoked': { en: 'revokedKey', ar: 'revokedKey' },
  'admin:payments.invoices': { en: 'invoice', ar: 'invoice' },
  'admin:user.seatsKept': { en: 'seat', ar: null },
  'admin:user.seatsIncluded': { en: 'seat', ar: null },
  'team:usage.memberCharacters': { en: 'character', ar: 'character' },
};

/**
 * Short Arabic texts that start with an imperative on purpose (docs/decisions.md, "Arabic text rules"):
 * marketing calls to action, and instructions that tell the reader what to type. Every other
 * command label (a button, a link, a picker) uses the verbal noun: `اختيار ملف…`, not `اختر ملفًا…`.
 */
const IMPERATIVE_ON_PURPOSE = new Set([
  // Calls to action.
  'auth:login.createAccount',
  'auth:register.title',
  'billing:plans.subscribe',
  'billing:plans.requestQuotation',
  'common:nav.signUp',
  'common:footer.contact',
  'common:webinar.join',
  'common:pages.contact.title',
  'content:readMore',
  'history:startTranslating',
  'home:hero.ctaTranslate',
  'home:hero.ctaSignUp',
  'home:hero.orderHuman',
  'home:pricing.choosePlan',
  'home:pricing.contactSales',
  'requests:submitQuotation',
  'translate:actions.suggestSignIn',
  'translate:guest.signUp',
  'translate:limit.signUp',
  'translate:orderHuman',
  // Instructions: what to type in a field.
  'account:delete.passwordLabel',
  'account:delete.emailLabel',
  'history:search.placeholder',
  'translate:input.placeholder',
]);

/** "key: English term" pairs where the English word means something else than the glossary term. */
const TERMINOLOGY_EXCEPTIONS = new Set<string>([]);

type Leaves = Map<string, unknown>;

function namespacesOf(language: string): string[] {
  return readdirSync(`${catalogRoot}/${language}`)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

function loadCatalog(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(`${catalogRoot}/${language}/${namespace}.json`, 'utf8'));
}

/** Every leaf of a nested catalog, keyed by its dotted path (array items by index). */
function collectLeaves(value: unknown, path: string, leaves: Leaves = new Map()): Leaves {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    for (const [key, child] of entries) collectLeaves(child, path ? `${path}.${key}` : key, leaves);
    if (entries.length === 0) leaves.set(path, value);
    return leaves;
  }
  leaves.set(path, value);
  return leaves;
}

function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((match) => match[1]).sort();
}

const namespaces = [...new Set(LANGUAGES.flatMap(namespacesOf))].sort();
const terms = loadTerminology();

/** A real i18next instance over the catalogs, with the app's number formatter. */
async function catalogI18n() {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    LANGUAGES.map((language) => [language, Object.fromEntries(namespaces.map((namespace) => [namespace, loadCatalog(language, namespace)]))]),
  ) as Resource;
  await instance.init({ resources, lng: 'en', fallbackLng: false, ns: namespaces, defaultNS: 'common', interpolation: { escapeValue: false } });
  registerFormatters(instance);
  return instance;
}

describe('i18n catalogs', () => {
  it('have the default namespace "common" in both languages', () => {
    expect(namespaces).toContain('common');
  });

  it('have the same namespace files in every language', () => {
    for (const language of LANGUAGES) expect(namespacesOf(language), language).toEqual(namespaces);
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    const leavesByLanguage = Object.fromEntries(
      LANGUAGES.map((language) => [language, collectLeaves(loadCatalog(language, namespace), '')]),
    ) as Record<(typeof LANGUAGES)[number], Leaves>;

    it('has every key in both languages (plural forms aside)', () => {
      const baseKeys = (language: (typeof LANGUAGES)[number]) => new Set([...leavesByLanguage[language].keys()].map(baseKey));
      for (const language of LANGUAGES) {
        for (const other of LANGUAGES) {
          const present = baseKeys(language);
          const missing = [...baseKeys(other)].filter((key) => !present.has(key));
          expect(missing, `keys of ${other}/${namespace}.json missing from ${language}/${namespace}.json`).toEqual([]);
        }
      }
    });

    it('has no empty or non-text value', () => {
      for (const language of LANGUAGES) {
        const bad = [...leavesByLanguage[language]].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
        expect(bad.map(([key]) => key), `empty values in ${language}/${namespace}.json`).toEqual([]);
      }
    });

    it('uses the same placeholders in both languages (a plural form may leave out the count)', () => {
      const byBase = (language: (typeof LANGUAGES)[number]) => {
        const names = new Map<string, Set<string>>();
        for (const [key, text] of leavesByLanguage[language]) {
          if (typeof text !== 'string') continue;
          const set = names.get(baseKey(key)) ?? new Set<string>();
          for (const name of placeholdersOf(text)) if (name !== 'count') set.add(name);
          names.set(baseKey(key), set);
        }
        return names;
      };
      const english = byBase('en');
      const arabic = byBase('ar');
      for (const [key, names] of english) expect([...(arabic.get(key) ?? [])].sort(), `${namespace}:${key}`).toEqual([...names].sort());
    });

    it('has every plural form of a counted key: six in Arabic, two in English', () => {
      expect(incompletePlurals('en', leavesByLanguage.en.keys()), `en/${namespace}.json`).toEqual([]);
      expect(incompletePlurals('ar', leavesByLanguage.ar.keys()), `ar/${namespace}.json`).toEqual([]);
    });

    it('writes Arabic punctuation and Latin script only for product, brand and format names', () => {
      const texts = [...leavesByLanguage.ar].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
      expect(texts.filter(([, text]) => asciiPunctuation(text).length).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
      const latin = texts
        .filter(([key]) => !ARABIC_SCRIPT_EXCEPTIONS.has(`${namespace}:${key}`))
        .filter(([, text]) => unexpectedLatin(text).length)
        .map(([key, text]) => `${key}: ${unexpectedLatin(text).join(' ')}`);
      expect(latin).toEqual([]);
    });

    it('isolates a Latin name that starts with digits in Arabic text ("3-D Secure" would read "D Secure-3")', () => {
      const texts = [...leavesByLanguage.ar].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
      const unisolated = texts.filter(([, text]) => digitLedLatin(text).length).map(([key, text]) => `${key}: ${digitLedLatin(text).join(' ')}`);
      expect(unisolated).toEqual([]);
    });

    it('leaves the percent sign to the number formatter (no "{{value}}%" or "{{value}}٪")', () => {
      const texts = (language: 'en' | 'ar') => [...leavesByLanguage[language]].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
      expect([...texts('en'), ...texts('ar')].filter(([, text]) => handWrittenPercent(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    });

    it('labels commands with the verbal noun, not the imperative (calls to action and instructions aside)', () => {
      const imperatives = [...leavesByLanguage.ar]
        .filter(([key]) => !IMPERATIVE_ON_PURPOSE.has(`${namespace}:${key}`))
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && imperativeLabel(entry[1]) !== null)
        .map(([key, text]) => `${namespace}:${key}: ${text}`);
      expect(imperatives).toEqual([]);
    });

    it('ends a sentence with a full stop in both languages or in neither (the spec\'s own messages aside)', () => {
      const mismatched = [...leavesByLanguage.ar].flatMap(([key, arabic]) => {
        const english = leavesByLanguage.en.get(key) ?? leavesByLanguage.en.get(`${baseKey(key)}_other`);
        const problem = typeof arabic === 'string' && typeof english === 'string' ? finalStopMismatch(english, arabic) : null;
        return problem ? [`${namespace}:${key}: ${problem}`] : [];
      });
      expect(mismatched).toEqual([]);
    });

    it('uses the glossary of docs/terminology.md', () => {
      const problems = [...leavesByLanguage.ar].flatMap(([key, arabic]) => {
        const english = leavesByLanguage.en.get(key);
        return typeof arabic === 'string' ? terminologyProblems(terms, `${namespace}:${key}`, typeof english === 'string' ? english : undefined, arabic, TERMINOLOGY_EXCEPTIONS) : [];
      });
      expect(problems).toEqual([]);
    });

    it('writes the Arabic texts in Arabic script (brand names such as "LinkedIn" aside)', () => {
      const notArabic = [...leavesByLanguage.ar]
        .filter(([key]) => !ARABIC_SCRIPT_EXCEPTIONS.has(`${namespace}:${key}`))
        .filter(([, value]) => typeof value === 'string' && !/[\u0600-\u06FF]/.test(value) && unexpectedLatin(value).length > 0)
        .map(([key]) => key);
      expect(notArabic, `Arabic texts without Arabic letters in ar/${namespace}.json`).toEqual([]);
    });
  });

  it('catches a rejected variant and a term rendered another way (the glossary check can fail)', () => {
    expect(terminologyProblems(terms, 'x', 'Choose a plan', 'اختر خطة', new Set())).toHaveLength(2);
    expect(terminologyProblems(terms, 'x', 'Upgrade your plan', 'قم بترقية اشتراكك', new Set())).toHaveLength(1);
    expect(terminologyProblems(terms, 'x', 'Choose a plan', 'اختر باقة', new Set())).toEqual([]);
    // "usage" is الاستهلاك: the team page's old «استخدام الفريق» fails twice (rejected, and no استهلاك).
    expect(terminologyProblems(terms, 'x', 'Team usage', 'استخدام الفريق', new Set())).toHaveLength(2);
    expect(terminologyProblems(terms, 'x', "Your team's usage against its plan", 'استهلاك فريقك من الباقة', new Set())).toEqual([]);
    expect(asciiPunctuation('هل تريد الحذف?')).toEqual(['?']);
    expect(handWrittenPercent('اكتمل ({{percent}}٪)')).toBe(true);
    expect(handWrittenPercent('اكتمل {{value}}')).toBe(false);
    expect(unexpectedLatin('ارفع ملف DOCX من Dropbox')).toEqual(['Dropbox']);
    expect(imperativeLabel('اختر ملفًا…')).toBe('اختر');
    expect(imperativeLabel('نزّل PDF')).toBe('نزّل');
    expect(imperativeLabel('اختيار ملف…')).toBeNull();
    expect(imperativeLabel('غير متاح')).toBeNull();
    expect(imperativeLabel('اختر باقة تتضمن حسابات الفرق أو عددًا أكبر من المستخدمين.')).toBeNull();
  });

  it('declares the noun of every counted key', () => {
    const counted = namespaces.flatMap((namespace) =>
      countedKeys({
        en: collectLeaves(loadCatalog('en', namespace), '').keys(),
        ar: collectLeaves(loadCatalog('ar', namespace), '').keys(),
      }).map((key) => `${namespace}:${key}`),
    );
    expect(counted.sort()).toEqual(Object.keys(COUNTED).sort());
  });

  it.each(Object.keys(COUNTED))('%s reads right for 0, 1, 2, 3, 11 and 100 in both languages', async (id) => {
    const instance = await catalogI18n();
    const [namespace, key] = id.split(':') as [string, string];
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      // Keys are built at run time here, so the typed t() is called untyped.
      const t = instance.getFixedT(language, namespace as 'common') as unknown as (key: string, options: Record<string, unknown>) => string;
      for (const count of SAMPLE_COUNTS) {
        const text = t(key, { count, used: 12, taken: 1, size: 10, formats: 'DOCX', date: '1', path: '/', documents: '', pages: '' });
        const problem = countedTextProblem(language, COUNTED[id]![language] as NounName | null, count, formatNumber(count, language), text);
        if (problem) problems.push(`${language} ${count}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  // The websites and glossary screens put their forms beside the lists on a desktop (which side depends on the
  // direction) and above them on a phone: their texts name the form rather than say where it is.
  it.each(['websites', 'glossary'])('%s never points at a form "above" or "below"', (namespace) => {
    const found = LANGUAGES.flatMap((language) =>
      [...collectLeaves(loadCatalog(language, namespace), '')]
        .filter(([, text]) => typeof text === 'string' && /\b(above|below)\b|أعلاه|أدناه/i.test(text))
        .map(([key]) => `${language}:${key}`),
    );
    expect(found).toEqual([]);
  });

  it('formats numbers inside texts with Latin digits in Arabic', async () => {
    const instance = await catalogI18n();
    expect(instance.getFixedT('ar', 'documents')('limits.guest', { count: 2 })).toBe('يمكنك بصفتك زائرًا ترجمة مستندين شهريًا.');
    expect(instance.getFixedT('ar', 'documents')('limits.user', { count: 20 })).toBe('باقتك: 20 مستندًا شهريًا.');
    expect(instance.getFixedT('ar', 'translate')('counter', { used: 1500, count: 2000 })).toBe('الأحرف: 1,500 / 2,000');
    expect(instance.getFixedT('en', 'team')('usage.memberDocuments', { count: 1 })).toBe('1 document');
    expect(instance.getFixedT('ar', 'websites')('site.limit', { count: 10 })).toBe('حتى 10 صفحات');
  });
});
