-- A signed-in user's request to change their e-mail address: one pending change per user (a new
-- request or a resend replaces it), the new address, and the SHA-256 of the single-use token in
-- the link sent to it. The account keeps its address until the link is opened.
create table email_changes (
  user_id bigint primary key references users (id) on delete cascade,
  new_email text not null,
  token_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create unique index email_changes_token_hash_key on email_changes (token_hash);
