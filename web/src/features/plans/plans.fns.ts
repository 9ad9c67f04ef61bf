import type { Language, Plan, PlanFeatureList, PlanLimits } from '../../api/types';
import { formatNumber } from '../../i18n/format';

/** One plan as a card shows it, in one language. */
export interface DisplayPlan {
  id: Plan['id'];
  slug: string;
  name: string;
  symbol: string;
  /** The plan's own price text of this language (price_en / price_ar; price_ar defaults to "0"). */
  priceText: string;
  /** USD per user per month. */
  monthlyPrice: number | null;
  /** USD per user per year. */
  yearlyPrice: number | null;
  features: string[];
  buttonText: string;
  description: string;
  textUnderButton: string;
  badgeColor: string;
  badgeTitle: string;
  frequency: string | null;
  isTrial: boolean;
  /** The developer API is part of the plan (the card says so, so that a plan without it is plainly without it). */
  api: boolean;
  limits: PlanLimits | null;
}

export type BillingPeriod = 'monthly' | 'yearly';

const DEFAULT_CURRENCY_SYMBOL = '$';

/**
 * features_en / features_ar are lists of single-key objects whose key is the 1-based
 * position: [{"1": "..."}, {"2": "..."}]. Returns the texts in that order.
 */
export function featureTexts(list: PlanFeatureList | null | undefined): string[] {
  if (!Array.isArray(list)) return [];
  const entries: Array<{ position: number; index: number; text: string }> = [];
  list.forEach((item, index) => {
    if (typeof item === 'string') {
      entries.push({ position: index + 1, index, text: item });
      return;
    }
    if (!item || typeof item !== 'object') return;
    for (const [key, text] of Object.entries(item)) {
      const position = Number(key);
      if (typeof text === 'string' && text.trim() !== '') {
        entries.push({ position: Number.isFinite(position) ? position : index + 1, index, text: text.trim() });
      }
    }
  });
  return entries.sort((a, b) => a.position - b.position || a.index - b.index).map((entry) => entry.text);
}

function text(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

function amount(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(normaliseDigits(value)) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/** One plan in one language: the English display list uses the *_en fields, the Arabic one the *_ar fields. */
export function toDisplayPlan(plan: Plan, language: Language): DisplayPlan {
  const english = language === 'en';
  const monthlyPrice = amount(plan.price);
  const yearlyPrice = amount(plan.price_yearly);
  return {
    id: plan.id,
    slug: plan.slug,
    name: text(english ? plan.name_en : plan.name_ar) || text(plan.name_en),
    symbol: text(english ? plan.symbol_en : plan.symbol_ar) || DEFAULT_CURRENCY_SYMBOL,
    priceText: english ? text(plan.price_en) : text(plan.price_ar) || '0',
    monthlyPrice,
    yearlyPrice,
    features: featureTexts(english ? plan.features_en : plan.features_ar),
    buttonText: text(english ? plan.button_text_en : plan.button_text_ar),
    description: text(english ? plan.description_en : plan.description_ar),
    textUnderButton: text(english ? plan.text_under_button_en : plan.text_under_button_ar),
    badgeColor: text(english ? plan.badge_color_en : plan.badge_color_ar),
    badgeTitle: text(english ? plan.badge_title_en : plan.badge_title_ar),
    frequency: plan.frequency ?? null,
    isTrial: Boolean(plan.is_trial),
    api: Boolean(plan.api_enabled),
    limits: plan.limits ?? null,
  };
}

/** The plans call's list, split into the English and the Arabic display lists (spec section 4). */
export function splitPlansByLanguage(plans: readonly Plan[] | null | undefined): Record<Language, DisplayPlan[]> {
  const list = Array.isArray(plans) ? plans : [];
  return {
    en: list.map((plan) => toDisplayPlan(plan, 'en')),
    ar: list.map((plan) => toDisplayPlan(plan, 'ar')),
  };
}

/** Arabic-Indic and Persian digits and separators -> ASCII, so every price uses the same digits. */
export function normaliseDigits(value: string): string {
  return value
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',');
}

/**
 * A USD amount with the plan's currency symbol, in Latin digits in both languages (the
 * site's digit choice). A symbol written in Arabic letters ("دولار") follows the number,
 * as Arabic writes it; "$" precedes it.
 */
export function formatPlanPrice(value: number, symbol: string, language: Language): string {
  const formatted = formatNumber(value, language, {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return /[\u0600-\u06FF]/.test(symbol) ? `${formatted} ${symbol}` : `${symbol}${formatted}`;
}

/** The price a card shows for a billing period, or the plan's own price text when no USD amount is known. */
export function planPriceLabel(plan: DisplayPlan, period: BillingPeriod, language: Language): string {
  const value = period === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice;
  if (value !== null) return formatPlanPrice(value, plan.symbol, language);
  return normaliseDigits(plan.priceText);
}

/**
 * What billing yearly saves a user against twelve monthly payments: the amount (per user, in the
 * plan's currency) and the share of the monthly year, rounded down to a whole percent so that the
 * toggle never promises more than a card shows. Null when yearly billing saves nothing.
 */
export function yearlySaving(plan: Pick<DisplayPlan, 'monthlyPrice' | 'yearlyPrice'>): { amount: number; percent: number } | null {
  const { monthlyPrice, yearlyPrice } = plan;
  if (monthlyPrice === null || yearlyPrice === null || monthlyPrice <= 0 || yearlyPrice <= 0) return null;
  const monthlyYear = monthlyPrice * 12;
  const amount = Math.round((monthlyYear - yearlyPrice) * 100) / 100;
  const percent = Math.floor((amount / monthlyYear) * 100);
  return amount > 0 && percent > 0 ? { amount, percent } : null;
}

/** The largest whole-percent saving of yearly billing among the plans (the toggle's "save up to"), or null. */
export function bestYearlySavingPercent(plans: ReadonlyArray<Pick<DisplayPlan, 'monthlyPrice' | 'yearlyPrice'>>): number | null {
  const percents = plans.map((plan) => yearlySaving(plan)?.percent ?? 0);
  const best = Math.max(0, ...percents);
  return best > 0 ? best : null;
}

/**
 * Black or white text, whichever reads better on a badge colour given as #rgb or
 * #rrggbb; white for any other colour notation.
 */
export function badgeTextColor(background: string): '#111827' | '#ffffff' {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background.trim())?.[1];
  if (!hex) return '#ffffff';
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [red, green, blue] = [0, 2, 4].map((offset) => {
    const channel = parseInt(full.slice(offset, offset + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  // Contrast against white (1.05 / (L + 0.05)) vs against near-black ((L + 0.05) / 0.0555).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0555 ? '#ffffff' : '#111827';
}

/** Whether a query key (use-admin-plans adminPlanKeys) is a plan's own: its editor's, keyed by the address's id. */
export function isQueryOfPlan(key: readonly unknown[], id: number | string): boolean {
  return key[0] === 'plans' && key[1] === 'admin' && key[2] === 'one' && String(key[3]) === String(id);
}
