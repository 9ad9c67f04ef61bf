import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, monthNames } from '../../../contract/dates';
import { toLanguage } from '../i18n/locale';
import { FieldErrors } from './form-field';
import { brokenBound, changeDayPart, composeDay, daysInMonth, isOutsideBounds, NO_DAY, splitDay, yearsBetween, type DayParts } from './date-field.fns';
import './form.css';

/**
 * A day chosen as day, month and year, each a select, in the page's language: "5 ديسمبر 2026" in Arabic, "5
 * December 2026" in English, the order formatDate writes. Not `<input type="date">`: Chromium draws that one in the
 * browser's language and order whatever the page's (`lang` on it changes nothing), so an Arabic page showed
 * "mm/dd/yyyy".
 *
 * Uncontrolled (the request form), it sends YYYY-MM-DD under `name` (a hidden input) and the server checks the day.
 * Controlled (`value` and `onChange`, the analytics range), the value is the same YYYY-MM-DD, partly chosen days
 * included ("2026--05"). `min` and `max` disable the years, months and days that cannot give a day in range, and a
 * day that still leaves it (a year changed under a chosen month) is named in a message under the field.
 */
export function DateField({
  label,
  name,
  value,
  onChange,
  errors = [],
  optionalLabel,
  years,
  min,
  max,
  testId,
}: {
  label: string;
  /** The form field the day is sent as; a controlled field may go without one. */
  name?: string;
  /** YYYY-MM-DD ('' for none): the field is controlled, and reports each change to `onChange`. */
  value?: string;
  onChange?: (value: string) => void;
  errors?: string[];
  /** "(optional)", for a day that may stay unchosen. */
  optionalLabel?: string;
  /** The years offered, both included; this year and the next two by default (a deadline's). */
  years?: { from: number; to: number };
  /** The first and last days that may be chosen, YYYY-MM-DD. */
  min?: string;
  max?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const id = useId();
  const [ownParts, setOwnParts] = useState<DayParts>(NO_DAY);
  const parts = value === undefined ? ownParts : splitDay(value);
  const bounds = { min, max };
  const broken = brokenBound(composeDay(parts), bounds);
  const messages = broken ? [...errors, t(`dateField.${broken}`, { day: formatDate(broken === 'min' ? min : max, language) })] : errors;
  const invalid = messages.length > 0;
  const errorId = `${id}-error`;
  const change = (part: keyof DayParts, chosen: string) => {
    const next = changeDayPart(parts, part, chosen);
    if (value === undefined) setOwnParts(next);
    onChange?.(composeDay(next));
  };
  const select = (part: keyof DayParts, options: Array<{ value: string; label: string; disabled: boolean }>) => (
    <select
      className={`input date-field__${part}`}
      id={`${id}-${part}`}
      value={parts[part]}
      onChange={(event) => change(part, event.target.value)}
      aria-label={t(`dateField.${part}`)}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      data-testid={testId ? `${testId}-${part}` : undefined}
    >
      <option value="">{t(`dateField.${part}`)}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled || undefined}>
          {option.label}
        </option>
      ))}
    </select>
  );
  const thisYear = new Date().getFullYear();
  const { from, to } = years ?? { from: thisYear, to: thisYear + 2 };
  const days = Array.from({ length: daysInMonth(parts) }, (_, index) => String(index + 1));
  return (
    <fieldset className={`form-field date-field${invalid ? ' form-field--invalid' : ''}`} data-testid={testId}>
      <legend className="form-field__label">
        {label}
        {optionalLabel && <span className="form-field__optional"> {optionalLabel}</span>}
      </legend>
      <div className="date-field__parts">
        {select(
          'day',
          days.map((day) => ({ value: day, label: day, disabled: isOutsideBounds({ ...parts, day }, bounds) })),
        )}
        {select(
          'month',
          monthNames(language).map((month, index) => ({ value: String(index + 1), label: month, disabled: isOutsideBounds({ ...parts, month: String(index + 1), day: '' }, bounds) })),
        )}
        {select(
          'year',
          yearsBetween(from, to).map((year) => ({ value: String(year), label: String(year), disabled: isOutsideBounds({ day: '', month: '', year: String(year) }, bounds) })),
        )}
      </div>
      {name !== undefined && <input type="hidden" name={name} value={composeDay(parts)} />}
      {invalid && <FieldErrors id={errorId} errors={messages} />}
    </fieldset>
  );
}
