-- Messages sent through the contact form.

create table contact_messages (
  id bigint generated always as identity primary key,
  name text not null,
  email text not null,
  subject text not null default '',
  message text not null,
  locale text not null default 'en' check (locale in ('en', 'ar')),
  user_id bigint references users (id) on delete set null,
  handled_at timestamptz,
  created_at timestamptz not null default now()
);
create index contact_messages_created_at_idx on contact_messages (created_at desc);
