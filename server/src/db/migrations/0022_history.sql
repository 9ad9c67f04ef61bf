-- Translation history (issue 4): one entry per text, document or website project of a
-- signed-in user, and each user's automatic deletion setting.

create table history_entries (
  project_id uuid primary key,
  user_id bigint not null references users (id) on delete cascade,
  type text not null check (type in ('text', 'document', 'website')),
  source_lang text not null,
  target_lang text not null,
  domain text not null,
  title text not null,
  -- the start of the result (texts), shown under the title
  preview text not null default '',
  -- what the search box matches: the title and, for texts, the start of the translation
  search_text text not null default '',
  state text not null default 'done',
  file_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index history_entries_user_created_idx on history_entries (user_id, created_at desc, project_id);
create index history_entries_created_at_idx on history_entries (created_at);

create table history_settings (
  user_id bigint primary key references users (id) on delete cascade,
  auto_delete text not null default 'never' check (auto_delete in ('never', '1d', '7d', '30d', '90d')),
  updated_at timestamptz not null default now()
);
