-- One usage ledger (issue 19): every quota counts here, with one period encoding (the
-- UTC day or month start as a date). Subjects: 'user:12', 'team:3', 'guest-ip:<ip>',
-- 'guest-token:<hash>'. A counted unit is taken with a conditional upsert
-- (used + n <= limit), so concurrent requests can neither overshoot nor lose a count.
-- Replaces usage_counters (texts per day), the document_jobs count (documents per month)
-- and website_usage (pages per month); their data moves here.

create table usage_ledger (
  subject text not null,
  metric text not null check (metric in ('text_requests', 'documents', 'web_pages', 'api_characters')),
  period_start date not null,
  used bigint not null default 0 check (used >= 0),
  updated_at timestamptz not null default now(),
  primary key (subject, metric, period_start)
);
create index usage_ledger_period_start_idx on usage_ledger (period_start);

insert into usage_ledger (subject, metric, period_start, used, updated_at)
select subject, 'text_requests', period_start, count, updated_at from usage_counters where metric = 'text_requests' and count > 0;

-- Documents of the month so far and before (failed ones were given back), on the account that
-- pays (the team for a member) and on the member; guests by token and by IP.
insert into usage_ledger (subject, metric, period_start, used)
select s.subject, 'documents', (date_trunc('month', j.created_at at time zone 'UTC'))::date, count(*)
from document_jobs j
left join team_members m on m.user_id = j.user_id
cross join lateral (values
  (case when j.user_id is not null then 'user:' || j.user_id end),
  (case when m.team_id is not null then 'team:' || m.team_id end),
  (case when j.user_id is null and j.guest_ip is not null then 'guest-ip:' || j.guest_ip end),
  (case when j.user_id is null and j.guest_token is not null
        then 'guest-token:' || substr(translate(encode(sha256(convert_to(j.guest_token, 'UTF8')), 'base64'), '+/', '-_'), 1, 32) end)
) as s(subject)
where s.subject is not null and not j.quota_released
group by 1, 3
on conflict (subject, metric, period_start) do update set used = usage_ledger.used + excluded.used;

insert into usage_ledger (subject, metric, period_start, used)
select s.subject, 'web_pages', (w.month || '-01')::date, sum(w.pages)
from website_usage w
left join team_members m on m.user_id = w.user_id
cross join lateral (values ('user:' || w.user_id), (case when m.team_id is not null then 'team:' || m.team_id end)) as s(subject)
where s.subject is not null and w.pages > 0
group by 1, 3
on conflict (subject, metric, period_start) do update set used = usage_ledger.used + excluded.used;

drop table usage_counters;
drop table website_usage;

-- The developer API is a plan feature (the trial includes it), with its characters per month.
alter table plans add column api_enabled boolean not null default false;
alter table plans add column monthly_api_characters integer not null default 500000 check (monthly_api_characters >= 0);
update plans set api_enabled = true where is_trial;
