// How a sentence names a plan, the one rule for both sides (like contract/dates.ts): the web app
// (the `planTitle` formatter of web/src/i18n/format.ts, `{{plan, planTitle}}`) and the server (the
// `:plan_title` placeholder of server/src/i18n/messages.ts, messages, e-mails, invoice lines) import
// it. Imports nothing.
//
// A plan's name is typed by the admin in each language. The seeded ones are bare («الهواة», "Hobby"):
// a sentence says «باقة الهواة» / "Hobby plan". A name that already says it is a plan («باقة الأعمال»,
// «الباقة الذهبية», "Business Plan") is not given the word again («باقة باقة الأعمال», "Business Plan plan").

export type PlanNameLanguage = 'en' | 'ar';

/** Unicode isolates and direction marks around a name that was isolated before it reached the sentence. */
const MARKS = '[\\u2066-\\u2069\\u200e\\u200f\\u061c\\s]*';

/** Arabic puts the noun first: «باقة …» or «الباقة …» (the word alone too); a typed «باقه» counts. */
const ARABIC_PLAN_WORD = new RegExp(`^${MARKS}(?:ال)?باق[ةه](?![\\p{L}\\p{M}])`, 'u');

/** English may put it anywhere: "Business Plan", "Plan B", "Pro plan (yearly)". */
const ENGLISH_PLAN_WORD = /(?<![\p{L}\p{M}])plans?(?![\p{L}\p{M}])/iu;

/** Whether an admin-typed plan name already says it is a plan, so no sentence adds the word. */
export function namesItsPlan(name: string, language: PlanNameLanguage): boolean {
  return language === 'ar' ? ARABIC_PLAN_WORD.test(name) : ENGLISH_PLAN_WORD.test(name);
}

/**
 * A plan as a sentence names it: «باقة الهواة» / "Hobby plan"; «باقة الأعمال» / "Business Plan" as
 * they are. Isolation marks around the name are kept where they are (the word stays outside them).
 */
export function planTitle(name: string, language: PlanNameLanguage): string {
  if (!name || namesItsPlan(name, language)) return name;
  return language === 'ar' ? `باقة ${name}` : `${name} plan`;
}

/**
 * Several plans in one phrase: «باقات الشركات الناشئة والاحترافية» / "Start-up and Pro plans"; when one
 * of the names already says it is a plan, each is named on its own: «باقة الهواة وباقة الأعمال» /
 * "Hobby plan and Business Plan".
 */
export function planTitles(names: readonly string[], language: PlanNameLanguage): string {
  const list = (items: readonly string[]) => new Intl.ListFormat(language === 'ar' ? 'ar' : 'en-GB', { type: 'conjunction' }).format(items);
  if (names.length === 1) return planTitle(names[0]!, language);
  if (names.some((name) => namesItsPlan(name, language))) return list(names.map((name) => planTitle(name, language)));
  return language === 'ar' ? `باقات ${list(names)}` : `${list(names)} plans`;
}
