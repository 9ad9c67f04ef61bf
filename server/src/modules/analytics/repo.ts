import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const RECORDINGS_PAGE_SIZE = 25;

export function createAnalyticsRepo(db: Kysely<DB>) {
  return {
    insertPageView(values: { occurred_at: Date; path: string; locale: 'en' | 'ar'; referrer: string | null; visitor_id: string | null; user_id: number | null }) {
      return db.insertInto('page_views').values(values).execute();
    },

    pageViewsPerDay(start: Date, end: Date, path?: string) {
      return db
        .selectFrom('page_views')
        .select([
          sql<string>`to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
          (eb) => eb.fn.countAll<number>().as('views'),
          sql<number>`count(distinct visitor_id)`.as('visitors'),
        ])
        .where('occurred_at', '>=', start)
        .where('occurred_at', '<', end)
        .$if(path !== undefined, (qb) => qb.where('path', '=', path!))
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute();
    },

    topPages(start: Date, end: Date, limit: number, path?: string) {
      return db
        .selectFrom('page_views')
        .select(['path', (eb) => eb.fn.countAll<number>().as('views'), sql<number>`count(distinct visitor_id)`.as('visitors')])
        .where('occurred_at', '>=', start)
        .where('occurred_at', '<', end)
        .$if(path !== undefined, (qb) => qb.where('path', '=', path!))
        .groupBy('path')
        .orderBy('views', 'desc')
        .orderBy('path')
        .limit(limit)
        .execute();
    },

    totals(start: Date, end: Date, path?: string) {
      return db
        .selectFrom('page_views')
        .select([(eb) => eb.fn.countAll<number>().as('views'), sql<number>`count(distinct visitor_id)`.as('visitors')])
        .where('occurred_at', '>=', start)
        .where('occurred_at', '<', end)
        .$if(path !== undefined, (qb) => qb.where('path', '=', path!))
        .executeTakeFirstOrThrow();
    },

    /**
     * Adds one chunk to a recording (created with the first chunk). A chunk sent twice
     * (a retried request) is stored once. Returns the recording's owner and chunk count
     * as they were before, so the caller can refuse a foreign or full recording.
     */
    appendChunk(input: {
      recordingId: string;
      visitorId: string;
      userId: number | null;
      locale: 'en' | 'ar';
      path: string;
      userAgent: string | null;
      sequence: number;
      eventCount: number;
      byteSize: number;
      eventsGzip: Buffer;
      firstEventAt: Date | null;
      lastEventAt: Date | null;
      now: Date;
      maxChunks: number;
    }): Promise<'stored' | 'duplicate' | 'foreign' | 'full'> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('session_recordings')
          .values({
            id: input.recordingId,
            visitor_id: input.visitorId,
            user_id: input.userId,
            locale: input.locale,
            first_path: input.path,
            user_agent: input.userAgent,
            created_at: input.now,
            updated_at: input.now,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        const recording = await trx
          .selectFrom('session_recordings')
          .select(['visitor_id', 'chunk_count'])
          .where('id', '=', input.recordingId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (recording.visitor_id !== input.visitorId) return 'foreign';
        if (recording.chunk_count >= input.maxChunks) return 'full';
        const inserted = await trx
          .insertInto('session_recording_chunks')
          .values({ recording_id: input.recordingId, sequence: input.sequence, event_count: input.eventCount, events_gzip: input.eventsGzip, created_at: input.now })
          .onConflict((oc) => oc.columns(['recording_id', 'sequence']).doNothing())
          .returning('sequence')
          .executeTakeFirst();
        if (!inserted) return 'duplicate';
        await trx
          .updateTable('session_recordings')
          .set((eb) => ({
            chunk_count: eb('chunk_count', '+', 1),
            event_count: eb('event_count', '+', input.eventCount),
            byte_size: sql`byte_size + ${input.byteSize}::bigint`,
            first_event_at: sql`least(first_event_at, ${input.firstEventAt}::timestamptz)`,
            last_event_at: sql`greatest(last_event_at, ${input.lastEventAt}::timestamptz)`,
            user_id: sql`coalesce(user_id, ${input.userId}::bigint)`,
            updated_at: input.now,
          }))
          .where('id', '=', input.recordingId)
          .execute();
        return 'stored';
      });
    },

    async listRecordings(page: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('session_recordings')
          .select([
            'session_recordings.id',
            'session_recordings.visitor_id',
            'session_recordings.user_id',
            'session_recordings.locale',
            'session_recordings.first_path',
            'session_recordings.user_agent',
            'session_recordings.chunk_count',
            'session_recordings.event_count',
            'session_recordings.byte_size',
            'session_recordings.first_event_at',
            'session_recordings.last_event_at',
            'session_recordings.created_at',
            'session_recordings.updated_at',
          ])
          .orderBy('session_recordings.created_at', 'desc')
          .orderBy('session_recordings.id')
          .limit(RECORDINGS_PAGE_SIZE)
          .offset((page - 1) * RECORDINGS_PAGE_SIZE)
          .execute(),
        db.selectFrom('session_recordings').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    findRecording(id: string) {
      return db.selectFrom('session_recordings').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listChunks(id: string) {
      return db.selectFrom('session_recording_chunks').select(['sequence', 'events_gzip']).where('recording_id', '=', id).orderBy('sequence').execute();
    },

    async deleteRecording(id: string) {
      const result = await db.deleteFrom('session_recordings').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Recordings untouched since `cutoff` (their chunks go with them). */
    async deleteRecordingsIdleSince(cutoff: Date) {
      const result = await db.deleteFrom('session_recordings').where('updated_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deletePageViewsBefore(cutoff: Date) {
      const result = await db.deleteFrom('page_views').where('occurred_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
