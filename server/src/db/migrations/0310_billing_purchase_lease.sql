-- One purchase at a time per account (subscribe, plan change, cancel, resume, paying the invoice
-- owed): a request takes this lease before it reads the subscription and gives it back when done,
-- so a double click or a client's retry cannot charge twice. A lease left by a process that died
-- lapses at its time.
alter table billing_accounts add column purchase_lease_until timestamptz;
