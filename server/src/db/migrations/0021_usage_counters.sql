-- Usage counters (issue 4): requests per subject ('user:12', 'guest-token:<hash>',
-- 'guest-ip:203.0.113.9', later 'team:3'), metric and period (a UTC day or month start).
-- One upsert per counted request; a request that fails gives its unit back.

create table usage_counters (
  subject text not null,
  metric text not null,
  period_start date not null,
  count integer not null default 0 check (count >= 0),
  updated_at timestamptz not null default now(),
  primary key (subject, metric, period_start)
);
create index usage_counters_period_start_idx on usage_counters (period_start);
