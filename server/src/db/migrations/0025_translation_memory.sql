-- Translation memory (issue 4): a user's (later a team's) approved suggestions and liked
-- translations, reused on an exact normalised match before any engine runs. Keyed by
-- owner_key like the team glossary ('user:<id>', later 'team:<id>').

create table translation_memory (
  id bigint generated always as identity primary key,
  owner_key text not null,
  owner_user_id bigint references users (id) on delete cascade,
  team_id bigint,
  source_lang text not null check (source_lang in ('en', 'ar')),
  target_lang text not null check (target_lang in ('en', 'ar')),
  source_norm text not null,
  source_text text not null,
  target_text text not null,
  -- 'suggestion': approved, reused first; 'like': a candidate, reused when no suggestion
  origin text not null check (origin in ('suggestion', 'like')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (owner_user_id is not null or team_id is not null),
  unique (owner_key, source_lang, target_lang, source_norm, origin)
);
