/** A day being chosen part by part: each part is '' until chosen ("5", "12", "2026"). */
export interface DayParts {
  day: string;
  month: string;
  year: string;
}

export const NO_DAY: DayParts = { day: '', month: '', year: '' };

/**
 * The value the form sends: YYYY-MM-DD, '' while no part is chosen, and a partly chosen day as it stands
 * ("2026--05"), so the server says the date is not one rather than the form dropping it unseen.
 */
export function composeDay({ day, month, year }: DayParts): string {
  if (!day && !month && !year) return '';
  return `${year}-${month.padStart(month ? 2 : 0, '0')}-${day.padStart(day ? 2 : 0, '0')}`;
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

/** The years offered: from `from` (this year) on, `count` of them. */
export function yearsFrom(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => from + index);
}
