-- Requests for professional services: human translation, proofreading, editing and
-- enterprise quotations, with an optional attached file and a status the operator moves.

create table service_requests (
  id bigint generated always as identity primary key,
  service text not null check (service in ('translation', 'proofreading', 'editing', 'quotation')),
  source_lang text,
  target_lang text,
  words integer check (words > 0),
  seats integer check (seats > 0),
  deadline date,
  name text not null,
  email text not null,
  phone text,
  company text,
  message text not null default '',
  file_name text,
  file_path text,
  file_type text,
  file_size integer,
  locale text not null default 'en' check (locale in ('en', 'ar')),
  user_id bigint references users (id) on delete set null,
  status text not null default 'new' check (status in ('new', 'quoted', 'accepted', 'done')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index service_requests_status_idx on service_requests (status, created_at desc);
create index service_requests_created_at_idx on service_requests (created_at desc);
