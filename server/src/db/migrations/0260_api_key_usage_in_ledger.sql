-- A key's usage moves into the one usage ledger (issue 19 item 2: one store, one period
-- encoding). Each key is the subject `api-key:<id>` with its month's requests (a new metric,
-- `api_requests`), characters (`api_characters`) and documents (`documents`), counted without
-- a limit beside the plan's counters, in the ledger's same group commit: a key request no
-- longer has a statement of its own for its usage.
alter table usage_ledger drop constraint usage_ledger_metric_check;
alter table usage_ledger add constraint usage_ledger_metric_check
  check (metric in ('text_requests', 'documents', 'web_pages', 'api_characters', 'api_requests'));

insert into usage_ledger (subject, metric, period_start, used)
select 'api-key:' || u.api_key_id, m.metric, u.period_start, m.used
from api_key_usage u
cross join lateral (values ('api_requests', u.requests::bigint), ('api_characters', u.characters), ('documents', u.documents::bigint)) as m (metric, used)
where m.used > 0
on conflict (subject, metric, period_start) do update set used = usage_ledger.used + excluded.used;

drop table api_key_usage;
