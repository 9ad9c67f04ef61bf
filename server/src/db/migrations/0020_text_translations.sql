-- Text translations (issue 4): one row per POST /api/translate that succeeded, for
-- guests and users alike, and its sentences. A segment's id is the contract's
-- translationId (reactions, suggestions, feedback). Guests' rows are deleted after
-- GUEST_TEXT_RETENTION_HOURS; users' rows live as long as their history entry.

create table text_translations (
  id uuid primary key,
  user_id bigint references users (id) on delete cascade,
  source_lang text not null check (source_lang in ('en', 'ar')),
  target_lang text not null check (target_lang in ('en', 'ar')),
  detected boolean not null default false,
  domain text not null check (domain in ('general', 'business', 'legal', 'ecommerce')),
  llm boolean not null default false,
  engine text not null,
  characters integer not null check (characters >= 0),
  leading_space text not null default '',
  created_at timestamptz not null default now(),
  check (source_lang <> target_lang)
);
create index text_translations_user_id_idx on text_translations (user_id);
create index text_translations_guest_created_at_idx on text_translations (created_at) where user_id is null;

create table translation_segments (
  id uuid primary key,
  translation_id uuid not null references text_translations (id) on delete cascade,
  position integer not null check (position >= 0),
  source text not null,
  target text not null,
  separator text not null default '',
  -- which part answered: an engine id, or 'memory' (translation memory)
  origin text not null,
  reaction text check (reaction in ('like', 'dislike')),
  reacted_at timestamptz,
  unique (translation_id, position)
);
