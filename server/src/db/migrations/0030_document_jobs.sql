-- Document translation jobs (issue 5). One row per uploaded document: its owner (a user,
-- or a guest's browser token and IP), the file, and the job's state and progress.
-- project_id is the public id (API.md "Documents"); file_id names the translated file.

create table document_jobs (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null unique default gen_random_uuid(),
  user_id bigint references users (id) on delete cascade,
  guest_token text,
  guest_ip text,
  locale text not null default 'en' check (locale in ('en', 'ar')),
  source_lang text not null check (source_lang in ('en', 'ar')),
  target_lang text not null check (target_lang in ('en', 'ar')),
  domain text not null check (domain in ('general', 'business', 'legal', 'ecommerce')),
  model text not null,
  frontend_model text not null default '',
  llm boolean not null default false,
  file_name text not null,
  format text not null check (format in ('docx', 'xlsx', 'pptx', 'xliff', 'pdf')),
  file_size bigint not null,
  source_key text not null,
  result_key text,
  result_name text,
  file_id uuid unique,
  state text not null default 'analyzing' check (state in ('analyzing', 'translating', 'generating', 'done', 'failed')),
  progress smallint not null default 0 check (progress between 0 and 100),
  words integer not null default 0,
  characters integer not null default 0,
  pages integer,
  segment_count integer not null default 0,
  batch_count integer not null default 0,
  batches_done integer not null default 0,
  engine text,
  error_key text,
  error_params jsonb not null default '{}',
  quota_released boolean not null default false,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  check (user_id is not null or guest_token is not null)
);
create index document_jobs_user_created_idx on document_jobs (user_id, created_at desc);
create index document_jobs_guest_token_created_idx on document_jobs (guest_token, created_at desc) where guest_token is not null;
create index document_jobs_guest_ip_created_idx on document_jobs (guest_ip, created_at desc) where guest_ip is not null;
