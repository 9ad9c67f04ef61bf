-- An approved correction in the translation memory keeps the machine's words it replaced, so
-- that a sentence memory answers with the user's (or team's) correction is shown like any
-- approved correction (the machine's words, then the correction) and marked in the history,
-- from the look-up the pipeline already makes. Null for likes, and for a correction whose
-- machine's words are not known. Corrections approved before this column take them from the
-- newest suggestion of that correction by its owner (or a member of its team): the machine's
-- words its sentence kept (translation_segments.machine_target), else those the suggestion kept.
alter table translation_memory add column machine_text text;

update translation_memory m
set machine_text = (
  select coalesce(seg.machine_target, s.machine_text)
  from translation_suggestions s
  left join translation_segments seg on seg.id = s.segment_id
  where s.source_lang = m.source_lang
    and s.target_lang = m.target_lang
    and s.source_text = m.source_text
    and s.suggested_text = m.target_text
    and (s.user_id = m.owner_user_id or (m.owner_user_id is null and s.user_id in (select tm.user_id from team_members tm where tm.team_id = m.team_id)))
  order by s.created_at desc, s.id desc
  limit 1
)
where m.origin = 'suggestion';
