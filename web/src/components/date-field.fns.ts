/** A day being chosen part by part: each part is '' until chosen ("5", "12", "2026"). */
export interface DayParts {
  day: string;
  month: string;
  year: string;
}

export const NO_DAY: DayParts = { day: '', month: '', year: '' };

/** The first and last days (YYYY-MM-DD) that may be chosen; either may be missing (or partly chosen: no bound then). */
export interface DayBounds {
  min?: string;
  max?: string;
}

const WHOLE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The bounds that are whole days: a bound taken from another field being chosen ("2026--05") bounds nothing yet. */
function wholeBounds({ min, max }: DayBounds): DayBounds {
  return { min: min && WHOLE_DAY.test(min) ? min : undefined, max: max && WHOLE_DAY.test(max) ? max : undefined };
}

/**
 * The value the form sends: YYYY-MM-DD, '' while no part is chosen, and a partly chosen day as it stands
 * ("2026--05"), so the server says the date is not one rather than the form dropping it unseen.
 */
export function composeDay({ day, month, year }: DayParts): string {
  if (!day && !month && !year) return '';
  return `${year}-${month.padStart(month ? 2 : 0, '0')}-${day.padStart(day ? 2 : 0, '0')}`;
}

/** The parts of a value composeDay wrote (a controlled field's value): "2026-03-05" is 5, 3, 2026; "2026--05" lacks its month. */
export function splitDay(value: string): DayParts {
  const [year = '', month = '', day = ''] = value.split('-');
  const part = (text: string) => (/^\d+$/.test(text) ? String(Number(text)) : '');
  return { day: part(day), month: part(month), year: /^\d{4}$/.test(year) ? year : '' };
}

/** The days the chosen month has (31 until a month is chosen; February has 29 until a year is). */
export function daysInMonth(parts: Pick<DayParts, 'month' | 'year'>): number {
  if (!parts.month) return 31;
  return new Date(Date.UTC(Number(parts.year || 2024), Number(parts.month), 0)).getUTCDate();
}

/** The parts after one of them changed: a day the new month lacks (31 in April) is cleared, not moved. */
export function changeDayPart(parts: DayParts, part: keyof DayParts, value: string): DayParts {
  const next = { ...parts, [part]: value };
  return next.day && Number(next.day) > daysInMonth(next) ? { ...next, day: '' } : next;
}

/** The years offered, `from` to `to` both included, in order. */
export function yearsBetween(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}

/**
 * Whether no day the chosen parts could still become lies within the bounds: a year alone stands for its
 * whole year, a year and month for the whole month. Without a year nothing is known, so nothing is ruled out.
 * Used to disable the options that cannot give a day in range (a year after `max`, a month of it before `min`).
 */
export function isOutsideBounds(parts: DayParts, bounds: DayBounds): boolean {
  const { min, max } = wholeBounds(bounds);
  if (!parts.year) return false;
  const month = parts.month.padStart(2, '0');
  const first = !parts.month ? `${parts.year}-01-01` : !parts.day ? `${parts.year}-${month}-01` : composeDay(parts);
  const last = !parts.month ? `${parts.year}-12-31` : !parts.day ? `${parts.year}-${month}-${daysInMonth(parts)}` : composeDay(parts);
  return (min !== undefined && last < min) || (max !== undefined && first > max);
}

/**
 * Which bound a fully chosen day breaks: 'min' before `min`, 'max' after `max`, null when it keeps both (or is not
 * a whole day yet: that one the server refuses). Options are disabled too, but a year changed under a chosen month
 * and day can still leave the range, so the field says so.
 */
export function brokenBound(value: string, bounds: DayBounds): 'min' | 'max' | null {
  const { min, max } = wholeBounds(bounds);
  if (!WHOLE_DAY.test(value)) return null;
  if (min && value < min) return 'min';
  if (max && value > max) return 'max';
  return null;
}
