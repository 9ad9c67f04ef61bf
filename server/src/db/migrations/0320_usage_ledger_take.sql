-- The usage ledger's units taken in the statement that saves the work they pay for (issue 19
-- item 8): a text translation's quota unit goes with its save, one statement where there were
-- two. usage_ledger_consume (0230, 0240) decides each request of the batch and answers; this
-- takes them all or none: when one request of the batch is refused it raises (SQLSTATE LQ001,
-- the decisions as its detail), so the statement that called it, and with it the batch's saves,
-- is rolled back. The caller then sends the batch's items one at a time, and only the refused
-- one fails.
create or replace function usage_ledger_take(batch jsonb) returns jsonb
language plpgsql as $$
declare
  outcomes jsonb := usage_ledger_consume(batch);
begin
  if outcomes->'allowed' @> '[false]'::jsonb then
    raise exception using errcode = 'LQ001', message = 'usage_ledger_take: a request was refused', detail = outcomes::text;
  end if;
  return outcomes;
end;
$$;
