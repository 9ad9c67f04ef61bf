-- The usage ledger's group commit in one statement (issue 19 item 8). The units of many
-- concurrent requests used to be taken in a transaction of five round trips (begin, create
-- the missing counters, lock them, write the new values, commit); on PGlite each round trip
-- is a message to the database's thread, on PostgreSQL one to the server, and the one
-- connection (or the locked counters) waited through all of them. This function does the
-- same work in one call, so it is one round trip and its own transaction.
--
-- batch = {
--   "counters": [{"s": subject, "m": metric, "p": "YYYY-MM-DD"}, ...]
--   "requests": [{"a": amount, "c": [counter index, ...], "l": [limit or null, ...], "f": counter index or null}, ...]
-- }
-- Every counter is created if missing and locked in one order (subject, metric, period), so
-- two batches never wait on each other; each request is
-- then decided in arrival order against the locked values, all of its counters or none,
-- exactly as one conditional upsert (used + amount <= limit) each would; the counters that
-- moved are written. Returns {"allowed": [bool, ...], "used": [count, ...]}: per request,
-- whether it was taken, and its counter "f" after it (before it, when refused).
create function usage_ledger_consume(batch jsonb) returns jsonb
language plpgsql as $$
declare
  counters jsonb := batch->'counters';
  requests jsonb := batch->'requests';
  n integer := jsonb_array_length(counters);
  counts bigint[] := '{}';
  changed boolean[] := '{}';
  request jsonb;
  amount bigint;
  ok boolean;
  k integer;
  lim jsonb;
  allowed jsonb := '[]';
  reported jsonb := '[]';
begin
  -- Every counter exists (one statement), then all are locked and read (one statement: the
  -- sort runs before the rows are locked), both in code-point order of subject and metric, then
  -- period ("C": the database's own collation may order them otherwise), whatever order the
  -- caller gave, so two batches never wait on each other.
  insert into usage_ledger (subject, metric, period_start, used, updated_at)
    select c.s, c.m, c.p, 0, now() from jsonb_to_recordset(counters) as c(s text, m text, p date)
    order by c.s collate "C", c.m collate "C", c.p
    on conflict (subject, metric, period_start) do nothing;
  select array_agg(locked.used order by locked.ord) into counts from (
    select l.used, c.ord
    from rows from (jsonb_to_recordset(counters) as (s text, m text, p date)) with ordinality as c(s, m, p, ord)
    join usage_ledger l on l.subject = c.s and l.metric = c.m and l.period_start = c.p
    order by l.subject collate "C", l.metric collate "C", l.period_start
    for update of l
  ) as locked;
  if coalesce(array_length(counts, 1), 0) <> n then
    raise exception 'usage_ledger_consume: % of % counters found', coalesce(array_length(counts, 1), 0), n;
  end if;
  changed := array_fill(false, array[n]);

  for r in 0..jsonb_array_length(requests) - 1 loop
    request := requests->r;
    amount := (request->>'a')::bigint;
    ok := true;
    for j in 0..jsonb_array_length(request->'c') - 1 loop
      k := (request->'c'->>j)::integer + 1;
      lim := request->'l'->j;
      if jsonb_typeof(lim) = 'number' and counts[k] + amount > (lim #>> '{}')::bigint then
        ok := false;
        exit;
      end if;
    end loop;
    if ok then
      for j in 0..jsonb_array_length(request->'c') - 1 loop
        k := (request->'c'->>j)::integer + 1;
        counts[k] := counts[k] + amount;
        changed[k] := true;
      end loop;
    end if;
    allowed := allowed || to_jsonb(ok);
    reported := reported || case when jsonb_typeof(request->'f') = 'number' then to_jsonb(counts[(request->>'f')::integer + 1]) else '0'::jsonb end;
  end loop;

  -- The counters that moved, in one statement.
  update usage_ledger l set used = v.used, updated_at = now()
    from (
      select c.s, c.m, c.p, counts[c.ord::integer] as used
      from rows from (jsonb_to_recordset(counters) as (s text, m text, p date)) with ordinality as c(s, m, p, ord)
      where changed[c.ord::integer]
    ) as v
    where l.subject = v.s and l.metric = v.m and l.period_start = v.p;

  return jsonb_build_object('allowed', allowed, 'used', reported);
end;
$$;
