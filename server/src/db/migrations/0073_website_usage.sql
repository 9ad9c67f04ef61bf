-- Web pages translated per user and calendar month (UTC), counted against plans.web_pages.
create table website_usage (
  user_id bigint not null references users (id) on delete cascade,
  month text not null check (month ~ '^[0-9]{4}-[0-9]{2}$'),
  pages integer not null default 0 check (pages >= 0),
  primary key (user_id, month)
);
