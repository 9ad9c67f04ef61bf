import { describe, expect, it } from 'vitest';
import { t } from '../i18n/messages';
import { TooManyRequests } from './errors';

const said = (seconds: number, locale: 'en' | 'ar') => {
  const error = new TooManyRequests(seconds);
  return t(locale, error.message, error.params);
};

describe('a 429 says how long to wait in the unit a person reads', () => {
  it('counts seconds up to a minute, then minutes, then hours, rounded up', () => {
    expect(said(30, 'en')).toBe('Too many requests. Please try again in 30 seconds.');
    expect(said(60, 'en')).toBe('Too many requests. Please try again in 60 seconds.');
    expect(said(61, 'en')).toBe('Too many requests. Please try again in 2 minutes.');
    expect(said(900, 'en')).toBe('Too many requests. Please try again in 15 minutes.');
    expect(said(3600, 'en')).toBe('Too many requests. Please try again in 1 hour.');
    expect(said(86_400, 'en')).toBe('Too many requests. Please try again in 24 hours.');
  });

  it('uses the Arabic number forms of minutes and hours', () => {
    expect(said(120, 'ar')).toBe('طلبات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد دقيقتين.');
    expect(said(600, 'ar')).toBe('طلبات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد 10 دقائق.');
    expect(said(3600, 'ar')).toBe('طلبات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد ساعة واحدة.');
    expect(said(11 * 3600, 'ar')).toBe('طلبات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد 11 ساعةً.');
  });

  it('keeps the exact seconds for the Retry-After header', () => {
    expect(new TooManyRequests(3600).retryAfterSeconds).toBe(3600);
  });
});
