-- Hosted checkouts (sandbox, Stripe Checkout Sessions, HyperPay COPYandPAY) and what
-- they pay for. Completing one is a single conditional update, so a replayed return
-- or webhook changes nothing twice.

create table checkouts (
  id text primary key,
  user_id bigint not null references users (id) on delete cascade,
  gateway text not null,
  purpose text not null check (purpose in ('subscribe', 'capture', 'card', 'authenticate')),
  plan_id integer references plans (id) on delete set null,
  frequency text check (frequency in ('monthly', 'yearly')),
  seats integer check (seats >= 1),
  invoice_id bigint references invoices (id) on delete set null,
  amount numeric(10, 2) not null default 0,
  currency text not null default 'USD',
  description text not null default '',
  gateway_ref text,
  redirect_url text,
  status text not null default 'open' check (status in ('open', 'completed', 'failed')),
  failure text,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index checkouts_user_idx on checkouts (user_id, created_at desc);
create unique index checkouts_gateway_ref_key on checkouts (gateway, gateway_ref) where gateway_ref is not null;
