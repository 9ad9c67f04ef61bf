-- A document whose history entry is deleted (by hand or automatically) loses its files,
-- its batches and its file name at once, but its row stays as a tombstone (deleted_at) so it
-- still counts against the owner's monthly document quota: deleting history must not give
-- documents back.
alter table document_jobs add column deleted_at timestamptz;
