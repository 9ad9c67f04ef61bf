import { describe, expect, it } from 'vitest';
import { namesItsPlan, planTitle, planTitles } from './plan-names';

describe('a plan as a sentence names it, alike on the web app and the server', () => {
  it.each([
    // [name, language, title]
    ['الهواة', 'ar', 'باقة الهواة'],
    ['الشركات الناشئة', 'ar', 'باقة الشركات الناشئة'],
    ['باقة الأعمال', 'ar', 'باقة الأعمال'],
    ['الباقة الذهبية', 'ar', 'الباقة الذهبية'],
    ['باقه الأعمال', 'ar', 'باقه الأعمال'],
    ['باقة', 'ar', 'باقة'],
    ['باقات الشركات', 'ar', 'باقة باقات الشركات'],
    ['أفضل باقة', 'ar', 'باقة أفضل باقة'],
    ['Pro', 'ar', 'باقة Pro'],
    ['\u2068باقة الأعمال\u2069', 'ar', '\u2068باقة الأعمال\u2069'],
    ['\u2068الهواة\u2069', 'ar', 'باقة \u2068الهواة\u2069'],
    ['Hobby', 'en', 'Hobby plan'],
    ['Business Plan', 'en', 'Business Plan'],
    ['business plan', 'en', 'business plan'],
    ['Plan B', 'en', 'Plan B'],
    ['Pro Plans (yearly)', 'en', 'Pro Plans (yearly)'],
    ['Planner', 'en', 'Planner plan'],
    ['Airplane', 'en', 'Airplane plan'],
    ['\u2068Business Plan\u2069', 'en', '\u2068Business Plan\u2069'],
    ['باقة الأعمال', 'en', 'باقة الأعمال plan'],
    ['', 'ar', ''],
  ] as const)('%s (%s) → %s', (name, language, title) => {
    expect(planTitle(name, language)).toBe(title);
    expect(namesItsPlan(name, language)).toBe(title === name && name !== '');
  });

  it('names several plans with the word once, or each on its own when one already says it', () => {
    expect(planTitles(['الشركات الناشئة', 'الاحترافية', 'المؤسسات'], 'ar')).toBe('باقات الشركات الناشئة والاحترافية والمؤسسات');
    expect(planTitles(['Start-up', 'Pro', 'Enterprise'], 'en')).toBe('Start-up, Pro and Enterprise plans');
    expect(planTitles(['الهواة', 'باقة الأعمال'], 'ar')).toBe('باقة الهواة وباقة الأعمال');
    expect(planTitles(['Hobby', 'Business Plan'], 'en')).toBe('Hobby plan and Business Plan');
    expect(planTitles(['باقة الأعمال'], 'ar')).toBe('باقة الأعمال');
    expect(planTitles(['Pro'], 'en')).toBe('Pro plan');
  });
});
