-- A sentence's translation before the user's first approved correction (issue "one pipeline":
-- a suggestion replaces the sentence's target, in the text and its history entry). Null for a
-- sentence never corrected. The history marks corrected texts and sentences with it, and the
-- translator shows what the machine had said. Sentences corrected before this column take it
-- from their oldest suggestion, which kept a copy of the machine's text.
alter table translation_segments add column machine_target text;

update translation_segments s
set machine_target = oldest.machine_text
from (
  select distinct on (segment_id) segment_id, machine_text
  from translation_suggestions
  where segment_id is not null
  order by segment_id, created_at, id
) oldest
where oldest.segment_id = s.id;
