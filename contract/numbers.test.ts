import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from './numbers';

describe('numbers and amounts, written alike by the web app and the server', () => {
  it('writes Western digits in both languages, with each language’s separators', () => {
    expect(formatNumber(3500, 'en')).toBe('3,500');
    expect(formatNumber(3500, 'ar')).toBe('3,500');
    expect(formatNumber(2.5, 'ar', { maximumFractionDigits: 1 })).toMatch(/^2[.٫]5$/);
    expect(formatNumber(1234567, 'ar')).not.toMatch(/[\u0660-\u0669]/);
  });

  it('writes US dollars as "$9.00" in both languages, another currency by its own sign', () => {
    expect(formatMoney(9, 'en')).toBe('$9.00');
    expect(formatMoney('1234.5', 'ar')).toBe('$1,234.50');
    expect(formatMoney(10, 'en', 'EUR')).toBe('€10.00');
    const sar = formatMoney(10, 'ar', 'SAR');
    expect(sar).toContain('10');
    expect(sar).not.toMatch(/[\u0660-\u0669]/);
    expect(sar).not.toContain('$');
  });
});
