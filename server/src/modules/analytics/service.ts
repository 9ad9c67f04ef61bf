import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import type { RrwebEvent } from '../../../../contract/analytics';
import { Forbidden, Invalid, NotFound, PayloadTooLarge } from '../../http/errors';
import { eventTimeRange, fillDays, isValidDay, MAX_REPORT_DAYS, reportRange, toDay } from './analytics.fns';
import { RECORDINGS_PAGE_SIZE, type AnalyticsRepo } from './repo';
import type { PageViewInput, RecordingBatchInput } from './schemas';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

const DAY_MS = 86_400_000;
const TOP_PAGES = 10;
/** At one batch every few seconds this is hours of browsing; a longer tab starts no new chunks. */
export const MAX_CHUNKS_PER_RECORDING = 2000;


export interface AnalyticsOptions {
  recordingRetentionDays: number;
  pageViewRetentionDays: number;
  maxEventsPerBatch: number;
}

export function createAnalyticsService(deps: { repo: AnalyticsRepo; now: () => Date; options: AnalyticsOptions }) {
  const { repo, now, options } = deps;

  return {
    /**
     * Stores one page view. Without consent there is no visitor id, and then no user id
     * either: a declined visitor's page views carry no identifier at all.
     */
    async recordPageView(input: PageViewInput, context: { userId: number | null }) {
      const visitorId = input.visitor_id ?? null;
      await repo.insertPageView({
        occurred_at: now(),
        path: input.path,
        locale: input.locale,
        referrer: input.referrer ?? null,
        visitor_id: visitorId,
        user_id: visitorId ? context.userId : null,
      });
    },

    /** Appends a batch of rrweb events to its recording, gzip-compressed. */
    async appendRecording(input: RecordingBatchInput, context: { userId: number | null; userAgent: string | null }) {
      if (input.events.length > options.maxEventsPerBatch) throw new PayloadTooLarge('analytics.too_many_events', { count: options.maxEventsPerBatch });
      const json = JSON.stringify(input.events);
      const { first, last } = eventTimeRange(input.events);
      const outcome = await repo.appendChunk({
        recordingId: input.recording_id,
        visitorId: input.visitor_id,
        userId: context.userId,
        locale: input.locale,
        path: input.path,
        userAgent: context.userAgent ? context.userAgent.slice(0, 400) : null,
        sequence: input.sequence,
        eventCount: input.events.length,
        byteSize: Buffer.byteLength(json),
        eventsGzip: await gzip(json),
        firstEventAt: first,
        lastEventAt: last,
        now: now(),
        maxChunks: MAX_CHUNKS_PER_RECORDING,
      });
      if (outcome === 'foreign') throw new Forbidden('analytics.recording_visitor');
      if (outcome === 'full') throw new PayloadTooLarge('analytics.recording_full');
      return outcome;
    },

    /**
     * Page views per day (UTC) and the most viewed pages of a range of at most a year; with `path`, of that page alone.
     * Without `from`, the last 30 days, or the days still kept when fewer are (the answer's `from` says which).
     */
    async pageViewReport(input: { from?: string; to?: string; path?: string }) {
      for (const field of ['from', 'to'] as const) {
        if (input[field] && !isValidDay(input[field]!)) throw Invalid.field(field, 'validation.invalid', { attribute: field });
      }
      const today = toDay(now());
      // What the retention job keeps (purgeExpired): a day before it would read zero views that were deleted, not none.
      const earliestDay = toDay(new Date(now().getTime() - options.pageViewRetentionDays * DAY_MS));
      const range = reportRange(input, now(), earliestDay);
      // Each message names the day to choose instead, in the reader's language; all that apply are said at once.
      const errors: Record<string, Array<{ key: string; params?: Record<string, string | number | Date> }>> = {};
      const refuse = (field: 'from' | 'to', key: string, params?: Record<string, string | number | Date>) => (errors[field] ??= []).push({ key, params });
      for (const field of ['from', 'to'] as const) {
        if (range[field] < earliestDay) refuse(field, 'analytics.day_not_kept', { day: new Date(`${earliestDay}T00:00:00Z`) });
      }
      if (range.to > today) refuse('to', 'analytics.day_after_today', { day: new Date(`${today}T00:00:00Z`) });
      if (range.from > range.to) refuse('from', 'analytics.range_invalid');
      else if ((range.end.getTime() - range.start.getTime()) / DAY_MS > MAX_REPORT_DAYS) refuse('from', 'analytics.range_too_long', { count: MAX_REPORT_DAYS });
      if (Object.keys(errors).length) throw new Invalid(errors);
      const [days, top, totals] = await Promise.all([repo.pageViewsPerDay(range.start, range.end, input.path), repo.topPages(range.start, range.end, TOP_PAGES, input.path), repo.totals(range.start, range.end, input.path)]);
      return {
        from: range.from,
        to: range.to,
        earliest_day: earliestDay,
        totals: { views: Number(totals.views), visitors: Number(totals.visitors) },
        days: fillDays(range.from, range.to, days),
        top_pages: top.map((row) => ({ path: row.path, views: Number(row.views), visitors: Number(row.visitors) })),
      };
    },

    async listRecordings(page: number) {
      const { rows, total } = await repo.listRecordings(page);
      return {
        data: rows.map((row) => ({
          id: row.id,
          visitor_id: row.visitor_id,
          user_id: row.user_id,
          locale: row.locale,
          first_path: row.first_path,
          user_agent: row.user_agent,
          chunks: row.chunk_count,
          events: row.event_count,
          bytes: Number(row.byte_size),
          started_at: row.first_event_at ?? row.created_at,
          duration_ms: row.first_event_at && row.last_event_at ? new Date(row.last_event_at).getTime() - new Date(row.first_event_at).getTime() : 0,
          created_at: row.created_at,
          updated_at: row.updated_at,
        })),
        meta: { page, per_page: RECORDINGS_PAGE_SIZE, total, retention_days: options.recordingRetentionDays },
      };
    },

    /** A recording's events in the order they were recorded, for the replay. */
    async recordingEvents(id: string) {
      const recording = await repo.findRecording(id);
      if (!recording) throw new NotFound();
      const chunks = await repo.listChunks(id);
      // Each event was checked when it was recorded: an object with a type and a timestamp.
      const events: RrwebEvent[] = [];
      for (const chunk of chunks) {
        const list = JSON.parse((await gunzip(Buffer.from(chunk.events_gzip))).toString('utf8')) as RrwebEvent[];
        for (const event of list) events.push(event);
      }
      // Batches can overtake each other on the wire; the replay needs time order.
      events.sort((a, b) => a.timestamp - b.timestamp);
      return {
        id: recording.id,
        locale: recording.locale,
        first_path: recording.first_path,
        user_id: recording.user_id,
        started_at: recording.first_event_at ?? recording.created_at,
        events,
      };
    },

    async deleteRecording(id: string) {
      if (!(await repo.deleteRecording(id))) throw new NotFound();
    },

    /** The retention job: recordings idle longer than the retention, and old page views. */
    async purgeExpired() {
      const at = now().getTime();
      const recordings = await repo.deleteRecordingsIdleSince(new Date(at - options.recordingRetentionDays * DAY_MS));
      const pageViews = await repo.deletePageViewsBefore(new Date(at - options.pageViewRetentionDays * DAY_MS));
      return { recordings, pageViews };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
