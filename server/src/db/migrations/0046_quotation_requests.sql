-- Enterprise "request a quotation" form submissions.

create table quotation_requests (
  id bigint generated always as identity primary key,
  user_id bigint references users (id) on delete set null,
  name text not null,
  email text not null,
  company text not null default '',
  seats integer,
  message text not null,
  locale text not null default 'en',
  created_at timestamptz not null default now()
);
