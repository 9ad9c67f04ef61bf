-- The glossary terms each segment of a translated page carries (as the pipeline checked them
-- after the engine: wording and rendering, one list per segment, in the page's order), so that a
-- review which drops a term from a unit takes it out of the page's applied summary. Null for
-- pages translated before this column (their terms stay the pipeline's) and for pages copied in
-- their own language.
alter table website_pages add column segment_terms jsonb;
