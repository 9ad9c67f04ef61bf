import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, monthNames } from './dates';

describe('formatDate', () => {
  it('writes day, month name and year in both languages, Western digits and Gregorian months in Arabic', () => {
    expect(formatDate('2026-12-29T10:00:00Z', 'en')).toBe('29 December 2026');
    expect(formatDate('2026-12-29T10:00:00Z', 'ar')).toBe('29 ديسمبر 2026');
    expect(formatDate('2031-03-01', 'en')).toBe('1 March 2031');
    expect(formatDate('2031-03-01', 'ar')).toBe('1 مارس 2031');
    expect(formatDate(new Date('2026-11-24T00:00:00Z'), 'ar')).toBe('24 نوفمبر 2026');
    expect(formatDate('2026-11-24', 'ar')).not.toMatch(/[\u0660-\u0669]/);
  });

  it('names the UTC day, whatever the time zone it runs in', () => {
    expect(formatDate('2026-12-29T23:30:00Z', 'en')).toBe('29 December 2026');
    expect(formatDate('2026-12-29T23:30:00-05:00', 'en')).toBe('30 December 2026');
  });

  it('writes nothing for a missing or unreadable date', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate(undefined, 'ar')).toBe('');
    expect(formatDate('not a date', 'ar')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('keeps the time after the same date style, in the time zone asked for', () => {
    expect(formatDateTime('2026-12-29T14:05:00Z', 'en', 'UTC')).toBe('29 December 2026 at 14:05');
    expect(formatDateTime('2026-12-29T14:05:00Z', 'ar', 'UTC')).toBe('29 ديسمبر 2026 في 2:05 م');
    expect(formatDateTime('2026-12-29T23:30:00Z', 'en', 'Asia/Riyadh')).toBe('30 December 2026 at 02:30');
    expect(formatDateTime('2026-12-29T23:30:00Z', 'ar', 'Asia/Riyadh')).toBe('30 ديسمبر 2026 في 2:30 ص');
    expect(formatDateTime(null, 'en')).toBe('');
  });
});

describe('one date formatter', () => {
  it('is the only code that formats dates, on the web and on the server', async () => {
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const side of ['web/src', 'server/src']) {
      for (const file of await fs.readdir(path.join(root, side), { recursive: true })) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        const source = await fs.readFile(path.join(root, side, file), 'utf8');
        if (/DateTimeFormat|toLocaleDateString|toLocaleTimeString/.test(source)) offenders.push(`${side}/${file}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('monthNames', () => {
  it('names the twelve Gregorian months, January first, as formatDate writes them', () => {
    expect(monthNames('en')).toHaveLength(12);
    expect(monthNames('en')[0]).toBe('January');
    expect(monthNames('en')[11]).toBe('December');
    expect(monthNames('ar')[0]).toBe('يناير');
    expect(monthNames('ar')[11]).toBe('ديسمبر');
    expect(formatDate('2031-03-01', 'ar')).toContain(monthNames('ar')[2]);
  });
});
