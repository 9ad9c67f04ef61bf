import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type BigCount = ColumnType<number, number | undefined, number>;

export interface PageViewsTable {
  id: Generated<number>;
  occurred_at: Timestamp;
  path: string;
  locale: 'en' | 'ar';
  referrer: string | null;
  visitor_id: string | null;
  user_id: number | null;
}

export interface SessionRecordingsTable {
  id: string;
  visitor_id: string;
  user_id: number | null;
  locale: 'en' | 'ar';
  first_path: Generated<string>;
  user_agent: string | null;
  chunk_count: Generated<number>;
  event_count: Generated<number>;
  byte_size: Generated<BigCount>;
  first_event_at: Date | null;
  last_event_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionRecordingChunksTable {
  recording_id: string;
  sequence: number;
  event_count: number;
  /** gzip of the JSON array of rrweb events. */
  events_gzip: ColumnType<Uint8Array, Uint8Array | Buffer, Uint8Array | Buffer>;
  created_at: CreatedAt;
}

/** Tables of the analytics module (migrations 0053, 0054). */
export interface AnalyticsTables {
  page_views: PageViewsTable;
  session_recordings: SessionRecordingsTable;
  session_recording_chunks: SessionRecordingChunksTable;
}

export type SessionRecordingRow = Selectable<SessionRecordingsTable>;
