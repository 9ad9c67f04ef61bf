-- What follows a document job's final state (a failed document's unit back to the ledger, its
-- batches and files removed, the history entry, the e-mail) is marked done here. A run that
-- stopped part-way through it (a crash) leaves this unset, and the job's next run does it
-- again: each step is safe to repeat, the unit goes back once (`quota_released` is set in the
-- same transaction as the give-back) and the mail is queued once (its pg-boss id comes from
-- the job's). Jobs already finished were wrapped up by the code before this column.
alter table document_jobs add column wrapped_up_at timestamptz;
update document_jobs set wrapped_up_at = coalesce(finished_at, updated_at) where state in ('done', 'failed');
