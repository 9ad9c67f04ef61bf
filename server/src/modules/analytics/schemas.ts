import { z } from 'zod';
import { formNumber } from '../../http/validation';

export const ANALYTICS_LOCALES = ['en', 'ar'] as const;

/** A path of this site: starts with one slash; query and fragment are dropped (they may hold tokens). */
const sitePath = z
  .string()
  .trim()
  .max(2048)
  .regex(/^\/(?!\/)/, { error: 'analytics.path_invalid' })
  .transform((value) => value.split(/[?#]/)[0]!.slice(0, 512));

/** A referrer URL or path, without its query and fragment. */
const referrer = z
  .string()
  .trim()
  .max(2048)
  .transform((value) => value.split(/[?#]/)[0]!.slice(0, 512) || null)
  .nullish();

/** POST /api/analytics/page-views: one completed route change. */
export const pageViewSchema = z.object({
  path: sitePath,
  locale: z.enum(ANALYTICS_LOCALES),
  referrer,
  visitor_id: z.uuid().nullish(),
});

export type PageViewInput = z.output<typeof pageViewSchema>;

/** One rrweb event: only its type and timestamp are read; the rest is stored as sent. */
const rrwebEvent = z.looseObject({ type: z.number().int().min(0).max(100), timestamp: z.number().positive() });

/** POST /api/analytics/recordings: a batch of rrweb events of one recording. */
export const recordingBatchSchema = z.object({
  recording_id: z.uuid(),
  visitor_id: z.uuid(),
  sequence: z.number().int().min(0).max(1_000_000),
  locale: z.enum(ANALYTICS_LOCALES),
  path: sitePath,
  events: z.array(rrwebEvent).min(1),
});

export type RecordingBatchInput = z.output<typeof recordingBatchSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional();
/** `path`: the report of one page of the site (its views per day and in total). */
export const reportQuerySchema = z.object({
  from: day.meta({ description: 'First day (YYYY-MM-DD, UTC). Left out: the last 30 days up to `to`, or from `earliest_day` when fewer days are kept. Before `earliest_day`: refused (422).' }),
  to: day.meta({ description: 'Last day (YYYY-MM-DD, UTC), today at the latest. Left out: today.' }),
  path: sitePath.optional(),
});
export const pageQuerySchema = z.object({ page: formNumber(z.number().int().min(1).max(100_000)).default(1) });
export const recordingIdSchema = z.object({ id: z.uuid() });
