import { describe, expect, it } from 'vitest';
import { gatewayChoices, legalTextFor, numericSetting, siteSettingsToSave, toSettingsMap, webinarFor } from './site-settings.fns';

describe('toSettingsMap', () => {
  it('folds the name/value rows into one object', () => {
    expect(
      toSettingsMap([
        { setting_name: 'guest_text_quota', setting_value: '30' },
        { setting_name: 'webinar_text_en', setting_value: '' },
      ]),
    ).toEqual({ guest_text_quota: '30', webinar_text_en: '' });
    expect(toSettingsMap(undefined)).toEqual({});
  });
});

describe('numericSetting', () => {
  it('parses numbers and falls back on missing or broken values', () => {
    expect(numericSetting({ a: '5' }, 'a', 1)).toBe(5);
    expect(numericSetting({ a: '' }, 'a', 1)).toBe(1);
    expect(numericSetting({ a: 'many' }, 'a', 1)).toBe(1);
    expect(numericSetting(undefined, 'a', 1)).toBe(1);
  });
});

describe('webinarFor', () => {
  it('gives the announcement the same id in both languages (a dismissal holds across a language switch)', () => {
    const settings = { webinar_text_en: 'Join our webinar', webinar_text_ar: 'انضم إلى ندوتنا' };
    expect(webinarFor(settings, 'en')?.id).toBe(webinarFor(settings, 'ar')?.id);
    expect(webinarFor({ ...settings, webinar_text_ar: 'ندوة جديدة' }, 'ar')?.id).not.toBe(webinarFor(settings, 'ar')?.id);
  });

  const settings = {
    webinar_text_en: 'Join our webinar',
    webinar_link_en: 'https://example.com/webinar',
    webinar_text_ar: '',
    webinar_link_ar: 'https://example.com/ar',
  };

  it('picks the text and link of the active language', () => {
    expect(webinarFor(settings, 'en')).toMatchObject({ text: 'Join our webinar', link: 'https://example.com/webinar' });
  });

  it('is hidden when the text of the language is empty', () => {
    expect(webinarFor(settings, 'ar')).toBeNull();
    expect(webinarFor(undefined, 'en')).toBeNull();
  });

  it('shows the text without a link when the link is empty', () => {
    expect(webinarFor({ webinar_text_ar: 'ندوة', webinar_link_ar: ' ' }, 'ar')).toMatchObject({ text: 'ندوة', link: null });
  });

  it('drops links that are not web or site links', () => {
    expect(webinarFor({ webinar_text_en: 'Hi', webinar_link_en: 'javascript:alert(1)' }, 'en')?.link).toBeNull();
    expect(webinarFor({ webinar_text_en: 'Hi', webinar_link_en: '//evil.example' }, 'en')?.link).toBeNull();
    expect(webinarFor({ webinar_text_en: 'Hi', webinar_link_en: '/blog/webinar' }, 'en')?.link).toBe('/blog/webinar');
  });
});

describe('legalTextFor', () => {
  it('reads terms_conditions for English and the _ar names for Arabic', () => {
    const settings = { terms_conditions: 'Terms', terms_conditions_ar: 'الشروط', privacy_policy_en: 'Privacy', privacy_policy_ar: 'الخصوصية' };
    expect(legalTextFor(settings, 'terms', 'en')).toBe('Terms');
    expect(legalTextFor(settings, 'terms', 'ar')).toBe('الشروط');
    expect(legalTextFor(settings, 'privacy', 'en')).toBe('Privacy');
    expect(legalTextFor(settings, 'privacy', 'ar')).toBe('الخصوصية');
    expect(legalTextFor({}, 'privacy', 'ar')).toBe('');
  });
});

describe('the payment gateway of the site settings form', () => {
  it('offers the gateways set up, and the stored one first, marked, when it is not set up', () => {
    expect(gatewayChoices(['sandbox', 'stripe'], 'stripe')).toEqual([
      { id: 'sandbox', setUp: true },
      { id: 'stripe', setUp: true },
    ]);
    // A production install with no gateway: the stored default is shown, not an empty select.
    expect(gatewayChoices([], 'sandbox')).toEqual([{ id: 'sandbox', setUp: false }]);
    expect(gatewayChoices(['stripe'], 'hyperpay')).toEqual([
      { id: 'hyperpay', setUp: false },
      { id: 'stripe', setUp: true },
    ]);
    expect(gatewayChoices(['stripe'], '')).toEqual([{ id: 'stripe', setUp: true }]);
  });

  it('sends the gateway only when the admin changed it', () => {
    const stored = { guest_text_quota: '20', payment_gateway: 'sandbox' };
    expect(siteSettingsToSave({ guest_text_quota: '25', payment_gateway: 'sandbox' }, stored)).toEqual({ guest_text_quota: '25' });
    expect(siteSettingsToSave({ guest_text_quota: '20', payment_gateway: 'stripe' }, stored)).toEqual({ guest_text_quota: '20', payment_gateway: 'stripe' });
  });
});
