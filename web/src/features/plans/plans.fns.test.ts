import { describe, expect, it } from 'vitest';
import type { Plan } from '../../api/types';
import { badgeTextColor, bestYearlySavingPercent, featureTexts, formatPlanPrice, isQueryOfPlan, normaliseDigits, planPriceLabel, splitPlansByLanguage, yearlySaving } from './plans.fns';

function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 3,
    slug: 'pro',
    name_en: 'Pro',
    name_ar: 'احترافي',
    symbol_en: '$',
    symbol_ar: '$',
    price: 29,
    price_yearly: 290,
    price_en: '29',
    price_ar: '29',
    features_en: [{ '2': 'Documents' }, { '1': 'Text' }, { '3': 'Websites' }],
    features_ar: [{ '1': 'النصوص' }, { '2': 'المستندات' }],
    button_text_en: 'Start now',
    button_text_ar: 'ابدأ الآن',
    description_en: 'For professionals',
    description_ar: 'للمحترفين',
    text_under_button_en: 'Cancel any time',
    text_under_button_ar: 'ألغِ في أي وقت',
    badge_color_en: '#f2b544',
    badge_color_ar: '#f2b544',
    badge_title_en: 'Popular',
    badge_title_ar: 'الأكثر طلباً',
    frequency: 'monthly',
    is_trial: false,
    is_team: false,
    llm_enabled: true,
    api_enabled: false,
    limits: {
      daily_text_requests: 500,
      monthly_doc_requests: 50,
      char_limit: 5000,
      text_words: 1000,
      doc_words: 50000,
      doc_chars: 300000,
      monthly_files: 50,
      web_pages: 100,
      max_file_size_mb: 20,
      file_formats: ['docx', 'pdf'],
      monthly_api_characters: 500000,
    },
    ...overrides,
  };
}

describe('featureTexts', () => {
  it('orders single-key objects by their 1-based position', () => {
    expect(featureTexts([{ '2': 'b' }, { '1': 'a' }, { '10': 'j' }, { '3': 'c' }])).toEqual(['a', 'b', 'c', 'j']);
  });

  it('copes with missing lists and empty entries', () => {
    expect(featureTexts(null)).toEqual([]);
    expect(featureTexts([{ '1': '' }, { '2': 'b' }])).toEqual(['b']);
  });
});

describe('splitPlansByLanguage', () => {
  it('builds the English list from the *_en fields and the Arabic list from the *_ar fields', () => {
    const { en, ar } = splitPlansByLanguage([makePlan()]);
    expect(en[0]).toMatchObject({
      name: 'Pro',
      symbol: '$',
      priceText: '29',
      features: ['Text', 'Documents', 'Websites'],
      buttonText: 'Start now',
      description: 'For professionals',
      textUnderButton: 'Cancel any time',
      badgeColor: '#f2b544',
      badgeTitle: 'Popular',
      monthlyPrice: 29,
      yearlyPrice: 290,
    });
    expect(ar[0]).toMatchObject({
      name: 'احترافي',
      features: ['النصوص', 'المستندات'],
      buttonText: 'ابدأ الآن',
      description: 'للمحترفين',
      textUnderButton: 'ألغِ في أي وقت',
      badgeTitle: 'الأكثر طلباً',
    });
  });

  it('carries whether the plan includes the developer API', () => {
    expect(splitPlansByLanguage([makePlan({ api_enabled: true }), makePlan({ api_enabled: false })]).en.map((plan) => plan.api)).toEqual([true, false]);
  });

  it('defaults price_ar to "0" when empty', () => {
    expect(splitPlansByLanguage([makePlan({ price_ar: '' })]).ar[0].priceText).toBe('0');
  });

  it('gives empty lists for no plans', () => {
    expect(splitPlansByLanguage(undefined)).toEqual({ en: [], ar: [] });
  });
});

describe('prices', () => {
  it('formats USD with Latin digits in both languages', () => {
    expect(formatPlanPrice(29, '$', 'en')).toBe('$29');
    expect(formatPlanPrice(9.5, '$', 'en')).toBe('$9.50');
    expect(formatPlanPrice(1290, '$', 'ar')).toBe('$1,290');
    expect(formatPlanPrice(29, 'دولار', 'ar')).toBe('29 دولار');
  });

  it('shows the monthly or yearly amount, or the price text when no amount exists', () => {
    const [plan] = splitPlansByLanguage([makePlan()]).ar;
    expect(planPriceLabel(plan, 'monthly', 'ar')).toBe('$29');
    expect(planPriceLabel(plan, 'yearly', 'ar')).toBe('$290');
    expect(planPriceLabel({ ...plan, monthlyPrice: null, priceText: '٢٩' }, 'monthly', 'ar')).toBe('29');
  });

  it('turns Arabic-Indic digits into Latin ones', () => {
    expect(normaliseDigits('١٢٣٫٥٠')).toBe('123.50');
  });
});

describe('yearly saving', () => {
  it('is twelve monthly payments less the yearly price, and its share rounded down', () => {
    expect(yearlySaving({ monthlyPrice: 9, yearlyPrice: 90 })).toEqual({ amount: 18, percent: 16 });
    expect(yearlySaving({ monthlyPrice: 59, yearlyPrice: 590 })).toEqual({ amount: 118, percent: 16 });
    expect(yearlySaving({ monthlyPrice: 9.99, yearlyPrice: 99 })).toEqual({ amount: 20.88, percent: 17 });
  });

  it('is nothing when yearly costs as much or more, or a price is missing or zero', () => {
    expect(yearlySaving({ monthlyPrice: 10, yearlyPrice: 120 })).toBeNull();
    expect(yearlySaving({ monthlyPrice: 10, yearlyPrice: 130 })).toBeNull();
    expect(yearlySaving({ monthlyPrice: 10, yearlyPrice: 119.5 })).toBeNull(); // under 1%: not worth a "save" line
    expect(yearlySaving({ monthlyPrice: 0, yearlyPrice: 0 })).toBeNull();
    expect(yearlySaving({ monthlyPrice: null, yearlyPrice: 90 })).toBeNull();
    expect(yearlySaving({ monthlyPrice: 9, yearlyPrice: null })).toBeNull();
  });

  it('says the best percent among the plans on the switch, or nothing when no plan saves', () => {
    const plans = [
      { monthlyPrice: 0, yearlyPrice: 0 },
      { monthlyPrice: 9, yearlyPrice: 90 },
      { monthlyPrice: 20, yearlyPrice: 180 },
    ];
    expect(bestYearlySavingPercent(plans)).toBe(25);
    expect(bestYearlySavingPercent([{ monthlyPrice: 10, yearlyPrice: 120 }])).toBeNull();
    expect(bestYearlySavingPercent([])).toBeNull();
  });
});

describe('badgeTextColor', () => {
  it('picks dark text on light badges and white text on dark ones', () => {
    expect(badgeTextColor('#f2b544')).toBe('#111827');
    expect(badgeTextColor('#fff')).toBe('#111827');
    expect(badgeTextColor('#0f5f5c')).toBe('#ffffff');
    expect(badgeTextColor('#000000')).toBe('#ffffff');
    expect(badgeTextColor('rebeccapurple')).toBe('#ffffff');
  });
});

describe("a deleted plan's queries", () => {
  it('are its editor’s, whether the id came from the address or the list, not the lists nor another plan', () => {
    expect(isQueryOfPlan(['plans', 'admin', 'one', '7'], 7)).toBe(true);
    expect(isQueryOfPlan(['plans', 'admin', 'one', '7'], '7')).toBe(true);
    expect(isQueryOfPlan(['plans', 'admin', 'one', '8'], 7)).toBe(false);
    expect(isQueryOfPlan(['plans', 'admin', 'list'], 7)).toBe(false);
    expect(isQueryOfPlan(['plans', 'public'], 7)).toBe(false);
  });
});
