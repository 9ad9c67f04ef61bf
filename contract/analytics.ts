// Analytics (shared/API.md "Analytics"): page views and session recordings, as the admin reads them.
import { z } from 'zod';
import { dataOf, lang, pageMeta, timestamp } from './common';

const count = z.number().int();
const locale = lang;

/**
 * GET /api/admin/analytics/page-views: views and distinct visitors per day (UTC) and the most viewed pages of a range.
 * Without `from` (and `to`), the server's default range: the last 30 days up to today, or from `earliest_day` when fewer
 * days are kept; the answer's `from` and `to` say which range was used. A `from` or `to` before `earliest_day`, or a `to`
 * after today, is refused (422) with a message under that field naming the day to choose.
 */
export const pageViewReport = z.object({
  /** YYYY-MM-DD, inclusive: the range reported (the default one when none was asked for). */
  from: z.string(),
  to: z.string(),
  /**
   * The first day (YYYY-MM-DD, UTC) whose page views are still kept: older ones are deleted
   * (PAGE_VIEW_RETENTION_DAYS), so a range may not start before it.
   */
  earliest_day: z.string(),
  totals: z.object({ views: count, visitors: count }),
  days: z.array(z.object({ day: z.string(), views: count, visitors: count })),
  top_pages: z.array(z.object({ path: z.string(), views: count, visitors: count })),
});
export type PageViewReport = z.output<typeof pageViewReport>;
export const pageViewReportAnswer = dataOf(pageViewReport);

/** One recording of the list (no events). */
export const recordingSummary = z.object({
  id: z.string(),
  visitor_id: z.string(),
  user_id: z.number().int().nullable(),
  locale,
  first_path: z.string(),
  user_agent: z.string().nullable(),
  chunks: count,
  events: count,
  bytes: count,
  /** The first event's time, or when the recording was made. */
  started_at: timestamp,
  duration_ms: z.number(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type RecordingSummary = z.output<typeof recordingSummary>;

/** GET /api/admin/recordings: a page of recordings, and how long they are kept. */
export const recordingPage = z.object({ data: z.array(recordingSummary), meta: pageMeta.extend({ retention_days: count }) });
export type RecordingPage = z.output<typeof recordingPage>;

/** An rrweb event as it was recorded: its type and time are known, the rest is kept as sent. */
export const rrwebEvent = z.looseObject({ type: z.number().int(), timestamp: z.number() });
export type RrwebEvent = z.output<typeof rrwebEvent>;

/** GET /api/admin/recordings/:id: the recording's events in time order, for the replay. */
export const recordingReplay = z.object({
  id: z.string(),
  locale,
  first_path: z.string(),
  user_id: z.number().int().nullable(),
  started_at: timestamp,
  events: z.array(rrwebEvent),
});
export type RecordingReplay = z.output<typeof recordingReplay>;
export const recordingReplayAnswer = dataOf(recordingReplay);
