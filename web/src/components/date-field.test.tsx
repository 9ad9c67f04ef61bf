import { describe, expect, it } from 'vitest';
import { DateField } from './date-field';
import { changeDayPart, composeDay, daysInMonth, NO_DAY, yearsFrom } from './date-field.fns';
import { renderMarkup } from './render-markup.test-support';

describe('date field parts', () => {
  it('sends YYYY-MM-DD, nothing while no part is chosen, and a partly chosen day as it stands (the server refuses it)', () => {
    expect(composeDay({ day: '5', month: '12', year: '2026' })).toBe('2026-12-05');
    expect(composeDay(NO_DAY)).toBe('');
    expect(composeDay({ day: '5', month: '', year: '2026' })).toBe('2026--05');
    expect(composeDay({ day: '', month: '3', year: '' })).toBe('-03-');
  });

  it('offers the days the chosen month has, and clears a day the new month lacks', () => {
    expect(daysInMonth({ month: '', year: '' })).toBe(31);
    expect(daysInMonth({ month: '4', year: '2027' })).toBe(30);
    expect(daysInMonth({ month: '2', year: '' })).toBe(29);
    expect(daysInMonth({ month: '2', year: '2027' })).toBe(28);
    expect(changeDayPart({ day: '31', month: '1', year: '2027' }, 'month', '4')).toEqual({ day: '', month: '4', year: '2027' });
    expect(changeDayPart({ day: '29', month: '2', year: '' }, 'year', '2027')).toEqual({ day: '', month: '2', year: '2027' });
    expect(changeDayPart({ day: '15', month: '1', year: '2027' }, 'month', '2')).toEqual({ day: '15', month: '2', year: '2027' });
    expect(yearsFrom(2026, 3)).toEqual([2026, 2027, 2028]);
  });
});

describe('DateField', () => {
  it('is day, month and year selects in Arabic, with Gregorian month names, under a legend', async () => {
    const html = await renderMarkup('ar', 'common', <DateField label="الموعد النهائي" name="deadline" optionalLabel="(اختياري)" testId="deadline" />);
    expect(html).toMatch(/<fieldset class="form-field date-field"[^>]*><legend class="form-field__label">الموعد النهائي<span class="form-field__optional"> \(اختياري\)<\/span><\/legend>/);
    const labels = [...html.matchAll(/<select[^>]*aria-label="([^"]+)"/g)].map((match) => match[1]);
    expect(labels).toEqual(['يوم', 'شهر', 'سنة']);
    expect(html).toContain('<option value="1">يناير</option>');
    expect(html).toContain('<option value="12">ديسمبر</option>');
    expect(html).toContain('<input type="hidden" name="deadline" value=""/>');
    expect(html).not.toContain('type="date"');
  });

  it('marks its selects invalid and shows the message under them', async () => {
    const html = await renderMarkup('en', 'common', <DateField label="Deadline" name="deadline" errors={['The deadline cannot be in the past.']} />);
    expect(html).toContain('form-field--invalid');
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(3);
    expect(html).toMatch(/<ul class="form-field__errors" id="[^"]+-error" role="alert"><li dir="auto">The deadline cannot be in the past.<\/li><\/ul>/);
    expect(html).toContain('<option value="" selected="">Month</option>');
    expect(html).toContain('<option value="3">March</option>');
  });
});
