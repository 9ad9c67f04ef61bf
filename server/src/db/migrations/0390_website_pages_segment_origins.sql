-- Where each segment of a translated page came from (the pipeline's origin, one per segment, in
-- the page's order: an engine, memory, a fuzzy hit, an approved correction), so that a review
-- can move its units in the page's applied summary: a reviewed unit is an approved correction,
-- counted once however often it is reviewed. Null for pages translated before this column (their
-- summary stays the pipeline's) and for pages copied in their own language.
alter table website_pages add column segment_origins jsonb;
