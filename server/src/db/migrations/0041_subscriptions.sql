-- The current subscription of a user: one row per user, its period and any change
-- scheduled for the next renewal (downgrades take effect then).

create table subscriptions (
  id bigint generated always as identity primary key,
  user_id bigint not null unique references users (id) on delete cascade,
  plan_id integer not null references plans (id),
  frequency text not null check (frequency in ('monthly', 'yearly')),
  seats integer not null default 1 check (seats >= 1),
  status text not null check (status in ('active', 'past_due', 'ended')),
  gateway text not null,
  current_period_start timestamptz not null,
  current_period_end timestamptz not null,
  next_plan_id integer references plans (id) on delete set null,
  next_frequency text check (next_frequency in ('monthly', 'yearly')),
  next_seats integer check (next_seats >= 1),
  ended_at timestamptz,
  end_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (current_period_end > current_period_start)
);
create index subscriptions_renewal_idx on subscriptions (current_period_end) where status = 'active';
