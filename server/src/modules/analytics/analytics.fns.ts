const DAY_MS = 86_400_000;

export const MAX_REPORT_DAYS = 366;
export const DEFAULT_REPORT_DAYS = 30;

export const toDay = (date: Date) => date.toISOString().slice(0, 10);

export function isValidDay(value: string) {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && toDay(date) === value;
}

/** Days from `from` to `to` inclusive (UTC, YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) days.push(toDay(new Date(t)));
  return days;
}

/**
 * The report's range: the given days, or the last 30 days up to today (UTC). A default "from" starts no earlier than
 * `earliestDay`, the first day whose page views are still kept (a retention under 30 days), unless "to" is before it.
 */
export function reportRange(input: { from?: string; to?: string }, now: Date, earliestDay?: string) {
  const to = input.to ?? toDay(now);
  const thirtyDays = toDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_REPORT_DAYS - 1) * DAY_MS));
  const from = input.from ?? (earliestDay && earliestDay > thirtyDays && earliestDay <= to ? earliestDay : thirtyDays);
  return { from, to, start: new Date(`${from}T00:00:00Z`), end: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) };
}

/** One row per day of the range, zero where nothing was counted. */
export function fillDays(from: string, to: string, rows: Array<{ day: string; views: number; visitors: number }>) {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysBetween(from, to).map((day) => ({ day, views: Number(byDay.get(day)?.views ?? 0), visitors: Number(byDay.get(day)?.visitors ?? 0) }));
}

/** rrweb timestamps are milliseconds since 1970; anything else is ignored. */
export function eventTimeRange(events: Array<{ timestamp: number }>): { first: Date | null; last: Date | null } {
  let first = Infinity;
  let last = -Infinity;
  for (const event of events) {
    if (!Number.isFinite(event.timestamp) || event.timestamp < 946_684_800_000) continue; // before 2000: not a real clock
    first = Math.min(first, event.timestamp);
    last = Math.max(last, event.timestamp);
  }
  return Number.isFinite(first) ? { first: new Date(first), last: new Date(last) } : { first: null, last: null };
}
