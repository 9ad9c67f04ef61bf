-- The usage ledger's batch in fewer statements (issue 19 item 8). Same argument, answer and
-- decisions as 0230: requests in arrival order, all of a request's counters or none, counters
-- locked in one code-point order. 0230 ran three statements (create the missing counters,
-- lock and read them, write the ones that moved) around its loop, ~0.4-0.8 ms a batch on
-- PGlite. Here one upsert adds each counter's units of the whole batch, creating the missing
-- counters and locking all of them in that order, and returns the values after it; the values
-- before the batch are those less the batch's units. The loop then decides each request
-- against them as before. When every request is allowed (the usual case, far from any limit)
-- the counters already hold their final values and nothing more is written; otherwise one
-- update sets every counter to the value the decisions give (the units of refused requests
-- taken back). Either way, the transaction of the one statement that called it.
create or replace function usage_ledger_consume(batch jsonb) returns jsonb
language plpgsql as $$
declare
  counters jsonb := batch->'counters';
  requests jsonb := batch->'requests';
  n integer := jsonb_array_length(counters);
  totals bigint[];
  finals bigint[];
  counts bigint[] := '{}';
  request jsonb;
  amount bigint;
  ok boolean;
  everyone boolean := true;
  k integer;
  lim jsonb;
  allowed boolean[] := '{}';
  reported bigint[] := '{}';
begin
  with units as (
    -- Each counter's units in this batch.
    select c.ord, c.s, c.m, c.p, coalesce(x.total, 0) as total
    from rows from (jsonb_to_recordset(counters) as (s text, m text, p date)) with ordinality as c(s, m, p, ord)
    left join (
      select i::integer + 1 as ord, sum((r.value->>'a')::bigint) as total
      from jsonb_array_elements(requests) as r, jsonb_array_elements_text(r.value->'c') as i
      group by 1
    ) as x on x.ord = c.ord
  ), added as (
    insert into usage_ledger as l (subject, metric, period_start, used, updated_at)
    select s, m, p, total, now() from units
    order by s collate "C", m collate "C", p
    on conflict (subject, metric, period_start) do update set used = l.used + excluded.used, updated_at = excluded.updated_at
    returning l.subject, l.metric, l.period_start, l.used
  )
  select array_agg(u.total order by u.ord), array_agg(a.used order by u.ord) into totals, finals
  from units u join added a on a.subject = u.s and a.metric = u.m and a.period_start = u.p;
  if coalesce(array_length(finals, 1), 0) <> n then
    raise exception 'usage_ledger_consume: % of % counters found', coalesce(array_length(finals, 1), 0), n;
  end if;
  for i in 1..n loop
    counts := counts || (finals[i] - totals[i]);
  end loop;

  -- Arrays, not JSON, collect the answers: appending to a jsonb array copies it each time.
  for request in select value from jsonb_array_elements(requests) loop
    amount := (request->>'a')::bigint;
    ok := true;
    for j in 0..jsonb_array_length(request->'c') - 1 loop
      k := (request->'c'->>j)::integer + 1;
      lim := request->'l'->j;
      if jsonb_typeof(lim) = 'number' and counts[k] + amount > (lim #>> '{}')::bigint then
        ok := false;
        everyone := false;
        exit;
      end if;
    end loop;
    if ok then
      for j in 0..jsonb_array_length(request->'c') - 1 loop
        k := (request->'c'->>j)::integer + 1;
        counts[k] := counts[k] + amount;
      end loop;
    end if;
    allowed := allowed || ok;
    reported := reported || case when jsonb_typeof(request->'f') = 'number' then counts[(request->>'f')::integer + 1] else 0 end;
  end loop;

  -- A refused request's units come off again: every counter gets the decided value.
  if not everyone then
    update usage_ledger l set used = counts[c.ord::integer], updated_at = now()
      from rows from (jsonb_to_recordset(counters) as (s text, m text, p date)) with ordinality as c(s, m, p, ord)
      where l.subject = c.s and l.metric = c.m and l.period_start = c.p;
  end if;

  return jsonb_build_object('allowed', to_jsonb(allowed), 'used', to_jsonb(reported));
end;
$$;
