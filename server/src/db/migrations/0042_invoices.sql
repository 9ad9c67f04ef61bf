-- Invoices: numbered, and immutable once issued (a trigger refuses changes to what was
-- billed; only the payment state may move on).

create sequence invoice_number_seq;

create table invoices (
  id bigint generated always as identity primary key,
  number text not null unique default ('INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0')),
  user_id bigint not null references users (id) on delete cascade,
  subscription_id bigint references subscriptions (id) on delete set null,
  plan_id integer references plans (id) on delete set null,
  kind text not null check (kind in ('subscription', 'renewal', 'proration')),
  frequency text not null check (frequency in ('monthly', 'yearly')),
  seats integer not null check (seats >= 1),
  period_start timestamptz not null,
  period_end timestamptz not null,
  currency text not null default 'USD',
  amount numeric(10, 2) not null check (amount >= 0),
  lines jsonb not null,
  customer jsonb not null,
  seller jsonb not null,
  locale text not null check (locale in ('en', 'ar')),
  status text not null check (status in ('open', 'paid', 'overdue', 'void')),
  issued_at timestamptz not null,
  due_at timestamptz not null,
  paid_at timestamptz,
  overdue_since timestamptz,
  voided_at timestamptz,
  attempts integer not null default 0,
  last_error text,
  gateway text,
  payment_ref text,
  created_at timestamptz not null default now()
);
create index invoices_user_idx on invoices (user_id, issued_at desc);
create index invoices_overdue_idx on invoices (overdue_since) where status = 'overdue';
-- One invoice per subscription period and kind: a renewal run twice issues nothing twice.
create unique index invoices_period_key on invoices (subscription_id, kind, period_start) where kind = 'renewal';

create function invoices_immutable() returns trigger language plpgsql as $$
begin
  if new.number is distinct from old.number
    or new.user_id is distinct from old.user_id
    or new.kind is distinct from old.kind
    or new.frequency is distinct from old.frequency
    or new.seats is distinct from old.seats
    or new.period_start is distinct from old.period_start
    or new.period_end is distinct from old.period_end
    or new.currency is distinct from old.currency
    or new.amount is distinct from old.amount
    or new.lines is distinct from old.lines
    or new.customer is distinct from old.customer
    or new.seller is distinct from old.seller
    or new.locale is distinct from old.locale
    or new.issued_at is distinct from old.issued_at then
    raise exception 'invoice % is issued and cannot be changed', old.number;
  end if;
  if old.status in ('paid', 'void') and new.status is distinct from old.status then
    raise exception 'invoice % is % and cannot change state', old.number, old.status;
  end if;
  return new;
end;
$$;

create trigger invoices_immutable before update on invoices for each row execute function invoices_immutable();
