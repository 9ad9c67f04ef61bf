-- Translated segments of a document job, saved per batch, so a job whose worker died
-- resumes after the last saved batch instead of starting again.

create table document_job_batches (
  job_id uuid not null references document_jobs (id) on delete cascade,
  batch_index integer not null check (batch_index >= 0),
  translations jsonb not null,
  engine text not null,
  created_at timestamptz not null default now(),
  primary key (job_id, batch_index)
);
