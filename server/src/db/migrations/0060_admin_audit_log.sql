-- Every admin action: who, what, before, after, when.
create table admin_audit_log (
  id bigint generated always as identity primary key,
  actor_id bigint references users (id) on delete set null,
  actor_email text not null,
  action text not null,
  target_type text not null,
  target_id text,
  before jsonb,
  after jsonb,
  ip text,
  created_at timestamptz not null default now()
);
create index admin_audit_log_created_at_idx on admin_audit_log (created_at desc);
create index admin_audit_log_target_idx on admin_audit_log (target_type, target_id);
