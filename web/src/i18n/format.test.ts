import { describe, expect, it } from 'vitest';
import { formatList, formatNumber } from './format';

describe('formatNumber', () => {
  it('writes Latin digits with grouping in both languages', () => {
    expect(formatNumber(50000, 'en')).toBe('50,000');
    expect(formatNumber(50000, 'ar')).toMatch(/^50.000$/);
    expect(formatNumber(50000, 'ar')).not.toMatch(/[\u0660-\u0669]/);
  });
});

describe('formatList', () => {
  it('joins with the conjunction of the language', () => {
    expect(formatList(['DOCX', 'PDF'], 'en')).toBe('DOCX and PDF');
    expect(formatList(['DOCX', 'PDF'], 'ar')).toBe('DOCX وPDF');
    expect(formatList(['DOCX'], 'ar')).toBe('DOCX');
  });
});
