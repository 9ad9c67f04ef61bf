-- The names DeepL clients give glossaries (api_glossary_names, api_multilingual_glossaries) are
-- keyed by the account as text ('user:<id>', 'team:<id>'), so nothing removed them with the user
-- or the team (their terms go with them, by team_glossary_terms' own keys). Generated columns
-- read the id out of the key and reference the account: a deleted user or team takes its
-- glossaries' names with it. Names already left behind by deleted accounts are removed first.
delete from api_glossary_names
where (owner_key like 'user:%' and not exists (select 1 from users where users.id::text = substr(owner_key, 6)))
   or (owner_key like 'team:%' and not exists (select 1 from teams where teams.id::text = substr(owner_key, 6)));
alter table api_glossary_names
  add column owner_user_id bigint generated always as (case when owner_key like 'user:%' then substr(owner_key, 6)::bigint end) stored references users (id) on delete cascade,
  add column owner_team_id bigint generated always as (case when owner_key like 'team:%' then substr(owner_key, 6)::bigint end) stored references teams (id) on delete cascade;

delete from api_multilingual_glossaries
where (owner_key like 'user:%' and not exists (select 1 from users where users.id::text = substr(owner_key, 6)))
   or (owner_key like 'team:%' and not exists (select 1 from teams where teams.id::text = substr(owner_key, 6)));
alter table api_multilingual_glossaries
  add column owner_user_id bigint generated always as (case when owner_key like 'user:%' then substr(owner_key, 6)::bigint end) stored references users (id) on delete cascade,
  add column owner_team_id bigint generated always as (case when owner_key like 'team:%' then substr(owner_key, 6)::bigint end) stored references teams (id) on delete cascade;
