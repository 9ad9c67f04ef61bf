-- Markers of billing e-mails already sent (trial reminder, trial expired, ...): the
-- unique key makes each notice go out exactly once per trial or invoice.

create table billing_notices (
  user_id bigint not null references users (id) on delete cascade,
  kind text not null,
  ref text not null,
  sent_at timestamptz not null default now(),
  primary key (user_id, kind, ref)
);
