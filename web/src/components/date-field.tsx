import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monthNames } from '../../../contract/dates';
import { toLanguage } from '../i18n/locale';
import { FieldErrors } from './form-field';
import { changeDayPart, composeDay, daysInMonth, NO_DAY, yearsFrom, type DayParts } from './date-field.fns';
import './form.css';

/**
 * A day chosen as day, month and year, each a select, in the page's language: "5 ديسمبر 2026" in Arabic, "5
 * December 2026" in English, the order formatDate writes. Not `<input type="date">`: Chromium draws that one in the
 * browser's language and order whatever the page's (`lang` on it changes nothing), so an Arabic page showed
 * "mm/dd/yyyy". The form sends YYYY-MM-DD under `name` (a hidden input); the server checks the day.
 */
export function DateField({
  label,
  name,
  errors = [],
  optionalLabel,
  years = 3,
  testId,
}: {
  label: string;
  name: string;
  errors?: string[];
  /** "(optional)", for a day that may stay unchosen. */
  optionalLabel?: string;
  /** How many years are offered, from this one. */
  years?: number;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const id = useId();
  const [parts, setParts] = useState<DayParts>(NO_DAY);
  const invalid = errors.length > 0;
  const errorId = `${id}-error`;
  const select = (part: keyof DayParts, options: Array<{ value: string; label: string }>) => (
    <select
      className={`input date-field__${part}`}
      id={`${id}-${part}`}
      value={parts[part]}
      onChange={(event) => setParts((previous) => changeDayPart(previous, part, event.target.value))}
      aria-label={t(`dateField.${part}`)}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      data-testid={testId ? `${testId}-${part}` : undefined}
    >
      <option value="">{t(`dateField.${part}`)}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  const days = Array.from({ length: daysInMonth(parts) }, (_, index) => String(index + 1));
  return (
    <fieldset className={`form-field date-field${invalid ? ' form-field--invalid' : ''}`} data-testid={testId}>
      <legend className="form-field__label">
        {label}
        {optionalLabel && <span className="form-field__optional"> {optionalLabel}</span>}
      </legend>
      <div className="date-field__parts">
        {select('day', days.map((day) => ({ value: day, label: day })))}
        {select('month', monthNames(language).map((month, index) => ({ value: String(index + 1), label: month })))}
        {select('year', yearsFrom(new Date().getFullYear(), years).map((year) => ({ value: String(year), label: String(year) })))}
      </div>
      <input type="hidden" name={name} value={composeDay(parts)} />
      {invalid && <FieldErrors id={errorId} errors={errors} />}
    </fieldset>
  );
}
