-- Feedback loop (issue 4): suggested translations and the feedback form. Both keep a
-- copy of the texts they are about, so deleting the history does not empty them.

create table translation_suggestions (
  id bigint generated always as identity primary key,
  segment_id uuid references translation_segments (id) on delete set null,
  user_id bigint references users (id) on delete cascade,
  source_lang text not null,
  target_lang text not null,
  domain text not null,
  source_text text not null,
  machine_text text not null,
  suggested_text text not null,
  created_at timestamptz not null default now()
);
create index translation_suggestions_created_at_idx on translation_suggestions (created_at);

create table feedback (
  id bigint generated always as identity primary key,
  user_id bigint references users (id) on delete set null,
  segment_id uuid references translation_segments (id) on delete set null,
  name text,
  email text,
  message text not null,
  rating smallint check (rating between 1 and 5),
  locale text not null default 'en',
  ip text,
  created_at timestamptz not null default now()
);
create index feedback_created_at_idx on feedback (created_at);
