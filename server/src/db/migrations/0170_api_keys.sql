-- Developer API (issue 15): plans decide whether the API is available (the free trial
-- includes it so a new user can try it); API keys stored as a hash with a short visible
-- prefix; usage per key and month; history entries say whether they came through the API.
-- plans.api_enabled exists since 0120 (the entitlements module); here the paid plans get the API too.
alter table plans add column if not exists api_enabled boolean not null default false;
update plans set api_enabled = true where is_trial or slug in ('start-up', 'pro', 'enterprise');

create table api_keys (
  id bigint generated always as identity primary key,
  -- who made the key; requests made with it act as this user
  user_id bigint not null references users (id) on delete cascade,
  -- a team key (made by the team's owner or a manager) counts against the team's plan
  team_id bigint references teams (id) on delete cascade,
  name text not null,
  prefix text not null,
  secret_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_user_idx on api_keys (user_id, created_at desc);
create index api_keys_team_idx on api_keys (team_id, created_at desc) where team_id is not null;

create table api_key_usage (
  api_key_id bigint not null references api_keys (id) on delete cascade,
  period_start date not null,
  requests integer not null default 0,
  characters bigint not null default 0,
  documents integer not null default 0,
  primary key (api_key_id, period_start)
);

alter table history_entries add column channel text not null default 'web' check (channel in ('web', 'api'));

-- The name a DeepL client gave an account's glossary of a language pair (its terms are the
-- account's glossary terms, in team_glossary_terms, shared with the web app).
create table api_glossary_names (
  owner_key text not null,
  source_lang text not null,
  target_lang text not null,
  name text not null,
  created_at timestamptz not null default now(),
  primary key (owner_key, source_lang, target_lang)
);
