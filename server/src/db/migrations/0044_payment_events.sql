-- Webhook events already handled (gateway + event id): a replayed event is acknowledged
-- and ignored.

create table payment_events (
  gateway text not null,
  event_id text not null,
  type text not null,
  received_at timestamptz not null default now(),
  primary key (gateway, event_id)
);
