/**
 * The home page's sample translation, shown as it is in both interfaces (it shows what Lisan
 * does, so it is not translated). Its Arabic is drawn from a glyph subset on English pages
 * (app/arabic-on-english-pages.ts).
 */
export const HERO_SAMPLE = {
  en: 'Our team will review the contract and send the signed copy by Thursday.',
  ar: 'سيراجع فريقنا العقد ويرسل النسخة الموقّعة بحلول يوم الخميس.',
} as const;
