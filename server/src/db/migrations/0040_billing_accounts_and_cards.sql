-- Billing: one billing account per user (gateway customer, chosen plan) and the saved card.
-- Card data never lives here: only the gateway's token, brand, last four digits and expiry.

create table billing_accounts (
  user_id bigint primary key references users (id) on delete cascade,
  gateway text,
  customer_ref text,
  selected_plan_id integer references plans (id) on delete set null,
  selected_frequency text check (selected_frequency in ('monthly', 'yearly')),
  selected_seats integer check (selected_seats >= 1),
  updated_at timestamptz not null default now()
);

create table payment_cards (
  user_id bigint primary key references users (id) on delete cascade,
  gateway text not null,
  token text not null,
  brand text not null,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month smallint not null check (exp_month between 1 and 12),
  exp_year smallint not null check (exp_year between 2000 and 2200),
  holder_name text not null default '',
  verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
