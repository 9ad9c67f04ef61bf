-- Session recordings (rrweb events), stored in gzip-compressed chunks in arrival order.
-- Deleted after RECORDING_RETENTION_DAYS by the analytics-retention job.

create table session_recordings (
  id uuid primary key,
  visitor_id uuid not null,
  user_id bigint references users (id) on delete set null,
  locale text not null check (locale in ('en', 'ar')),
  first_path text not null default '/',
  user_agent text,
  chunk_count integer not null default 0,
  event_count integer not null default 0,
  byte_size bigint not null default 0,
  first_event_at timestamptz,
  last_event_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index session_recordings_updated_at_idx on session_recordings (updated_at);
create index session_recordings_created_at_idx on session_recordings (created_at desc);

create table session_recording_chunks (
  recording_id uuid not null references session_recordings (id) on delete cascade,
  sequence integer not null check (sequence >= 0),
  event_count integer not null,
  events_gzip bytea not null,
  created_at timestamptz not null default now(),
  primary key (recording_id, sequence)
);
