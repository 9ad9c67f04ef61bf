-- Glossaries (issue 4): per-domain terms managed by admins, and team glossaries.
-- Teams arrive with a later issue: a team glossary is keyed by owner_key, 'user:<id>'
-- for an individual account today and 'team:<id>' once teams exist (team_id then gets
-- its foreign key). owner_user_id ties an individual's terms to the account for deletion.

create table domain_glossary_terms (
  id bigint generated always as identity primary key,
  domain text not null check (domain in ('general', 'business', 'legal', 'ecommerce')),
  source_lang text not null check (source_lang in ('en', 'ar')),
  target_lang text not null check (target_lang in ('en', 'ar')),
  source_term text not null check (length(source_term) between 1 and 200),
  target_term text not null check (length(target_term) between 1 and 200),
  source_norm text not null,
  note text not null default '',
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (source_lang <> target_lang),
  unique (domain, source_lang, target_lang, source_norm)
);

create table team_glossary_terms (
  id bigint generated always as identity primary key,
  owner_key text not null,
  owner_user_id bigint references users (id) on delete cascade,
  team_id bigint,
  source_lang text not null check (source_lang in ('en', 'ar')),
  target_lang text not null check (target_lang in ('en', 'ar')),
  source_term text not null check (length(source_term) between 1 and 200),
  target_term text not null check (length(target_term) between 1 and 200),
  source_norm text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (source_lang <> target_lang),
  check (owner_user_id is not null or team_id is not null),
  unique (owner_key, source_lang, target_lang, source_norm)
);
