import { describe, expect, it } from 'vitest';
import { DateField } from './date-field';
import { brokenBound, changeDayPart, composeDay, daysInMonth, isOutsideBounds, NO_DAY, splitDay, yearsBetween } from './date-field.fns';
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
    expect(yearsBetween(2026, 2028)).toEqual([2026, 2027, 2028]);
    expect(yearsBetween(2022, 2026)).toEqual([2022, 2023, 2024, 2025, 2026]);
    expect(yearsBetween(2026, 2025)).toEqual([]);
  });

  it('reads a controlled value back into its parts, partly chosen ones too', () => {
    expect(splitDay('2026-03-05')).toEqual({ day: '5', month: '3', year: '2026' });
    expect(splitDay('')).toEqual(NO_DAY);
    expect(splitDay('2026--05')).toEqual({ day: '5', month: '', year: '2026' });
    expect(splitDay('-03-')).toEqual({ day: '', month: '3', year: '' });
    for (const parts of [{ day: '31', month: '12', year: '2025' }, { day: '', month: '7', year: '2024' }, { day: '9', month: '', year: '' }]) expect(splitDay(composeDay(parts))).toEqual(parts);
  });

  it('rules out a year, a month or a day only when no day of it lies within min and max', () => {
    const bounds = { min: '2025-03-10', max: '2026-02-15' };
    expect(isOutsideBounds({ day: '', month: '', year: '2024' }, bounds)).toBe(true);
    expect(isOutsideBounds({ day: '', month: '', year: '2025' }, bounds)).toBe(false);
    expect(isOutsideBounds({ day: '', month: '', year: '2027' }, bounds)).toBe(true);
    expect(isOutsideBounds({ day: '', month: '2', year: '2025' }, bounds)).toBe(true);
    expect(isOutsideBounds({ day: '', month: '3', year: '2025' }, bounds)).toBe(false);
    expect(isOutsideBounds({ day: '', month: '3', year: '2026' }, bounds)).toBe(true);
    expect(isOutsideBounds({ day: '9', month: '3', year: '2025' }, bounds)).toBe(true);
    expect(isOutsideBounds({ day: '10', month: '3', year: '2025' }, bounds)).toBe(false);
    expect(isOutsideBounds({ day: '16', month: '2', year: '2026' }, bounds)).toBe(true);
    // Without a year nothing is known yet; a bound that is itself being chosen bounds nothing.
    expect(isOutsideBounds({ day: '1', month: '1', year: '' }, bounds)).toBe(false);
    expect(isOutsideBounds({ day: '', month: '', year: '2030' }, { max: '2026--15' })).toBe(false);
  });

  it('names the bound a whole day breaks, and none for a partly chosen day or bound', () => {
    expect(brokenBound('2026-12-01', { max: '2026-11-30' })).toBe('max');
    expect(brokenBound('2026-11-30', { max: '2026-11-30' })).toBe(null);
    expect(brokenBound('2026-11-29', { min: '2026-11-30', max: '2026-12-31' })).toBe('min');
    expect(brokenBound('2026--01', { max: '2026-11-30' })).toBe(null);
    expect(brokenBound('2026-12-01', { max: '2026-11-' })).toBe(null);
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

  it('controlled, shows its value in the parts, disables what min and max rule out and offers the years asked for', async () => {
    const html = await renderMarkup(
      'en',
      'common',
      <DateField label="From" value="2026-03-05" onChange={() => undefined} years={{ from: 2022, to: 2026 }} min="2025-02-01" max="2026-03-20" testId="range-from" />,
    );
    expect(html).toContain('<option value="5" selected="">5</option>');
    expect(html).toContain('<option value="3" selected="">March</option>');
    expect(html).toContain('<option value="2026" selected="">2026</option>');
    expect([...html.matchAll(/<option value="(\d{4})"/g)].map((match) => match[1])).toEqual(['2022', '2023', '2024', '2025', '2026']);
    expect(html).toContain('<option value="2024" disabled="">2024</option>');
    expect(html).toContain('<option value="2025">2025</option>');
    expect(html).toContain('<option value="4" disabled="">April</option>');
    expect(html).toContain('<option value="21" disabled="">21</option>');
    expect(html).toContain('<option value="20">20</option>');
    expect(html).not.toContain('type="hidden"');
    expect(html).not.toContain('form-field--invalid');
  });

  it('says in both languages which day a day out of range must keep to', async () => {
    const english = await renderMarkup('en', 'common', <DateField label="From" value="2026-12-01" onChange={() => undefined} max="2026-11-30" />);
    expect(english).toContain('form-field--invalid');
    expect(english).toContain('<li dir="auto">Choose 30 November 2026 or an earlier day.</li>');
    const arabic = await renderMarkup('ar', 'common', <DateField label="إلى" value="2026-11-01" onChange={() => undefined} min="2026-11-02" />);
    expect(arabic).toContain('<li dir="auto">اختر يوم 2 نوفمبر 2026 أو يومًا بعده.</li>');
    expect(arabic.match(/aria-invalid="true"/g)).toHaveLength(3);
  });
});
