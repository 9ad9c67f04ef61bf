-- First-party page-view analytics. visitor_id and user_id are set only with the
-- visitor's consent (see modules/analytics).

create table page_views (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  path text not null,
  locale text not null check (locale in ('en', 'ar')),
  referrer text,
  visitor_id uuid,
  user_id bigint references users (id) on delete set null
);
create index page_views_occurred_at_idx on page_views (occurred_at);
