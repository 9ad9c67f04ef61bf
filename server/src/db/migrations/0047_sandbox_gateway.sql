-- The sandbox gateway's own book-keeping (it stands for an outside payment service):
-- its hosted checkout sessions and the payments they made. Cards are kept as tokens.

create table sandbox_sessions (
  id text primary key,
  mode text not null check (mode in ('payment', 'authenticate')),
  amount_minor integer not null check (amount_minor >= 0),
  currency text not null,
  description text not null,
  customer_email text not null,
  return_url text not null,
  cancel_url text not null,
  locale text not null default 'en',
  card_token text,
  status text not null default 'open' check (status in ('open', 'paid')),
  last_failure text,
  payment_ref text,
  card jsonb,
  created_at timestamptz not null default now()
);
