-- A document can be canceled while it is translated (POST /api/documents/{id}/cancel, or its
-- history entry deleted): its job ends in the `canceled` state, its unit given back.
alter table document_jobs drop constraint document_jobs_state_check;
alter table document_jobs add constraint document_jobs_state_check check (state in ('analyzing', 'translating', 'generating', 'done', 'failed', 'canceled'));
