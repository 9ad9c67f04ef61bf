-- Password reset: one live token per user, stored as its SHA-256 hash, single-use.
create table password_reset_tokens (
  user_id bigint primary key references users (id) on delete cascade,
  token_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
