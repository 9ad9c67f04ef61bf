-- The name a DeepL client gave an account's multilingual (v3) glossary. An account (a user, or
-- a team for a team key) has one: its dictionaries are the account's glossary terms of each
-- language pair (team_glossary_terms, shared with the web app and the v2 glossaries). A row
-- keeps a glossary that a client created and then emptied of its dictionaries.
create table api_multilingual_glossaries (
  owner_key text primary key,
  name text not null,
  created_at timestamptz not null default now()
);
