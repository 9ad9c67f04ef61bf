-- What translation memory and glossaries did for a document or a web page (the pipeline's
-- per-segment origins summed when the translation is stored): {memory_segments,
-- memory_fuzzy_segments, glossary_terms: [{source, target, count}], glossary_term_count}.
-- A document's batches each keep theirs (a resumed job adds up the saved ones); the job keeps
-- the sum once done. Null for what was translated before this column.
alter table document_job_batches add column applied jsonb;
alter table document_jobs add column applied jsonb;
alter table website_pages add column applied jsonb;
