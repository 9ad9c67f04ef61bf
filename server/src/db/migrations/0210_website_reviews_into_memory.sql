-- Issue 19 item 1: one translation memory. Websites kept their own (website_segments: every
-- engine output and every reviewed XLIFF unit, reused on the site's other pages). Reviewed
-- units are approved translations: they move into translation_memory as the site owner's
-- approved corrections ('suggestion'), where the pipeline reads them for texts, documents and
-- every site. Engine output is not memory and is dropped with the table.
--
-- source_norm is normalizeForMatch (engines/normalize.ts) written in SQL: NFC, curly single
-- quotes straight, lower case; English with white space (JavaScript's \s) collapsed, Arabic also without
-- diacritics or tatweel and with unified alef, yaa and taa marbuta. A row this rendering
-- misses (a letter lower() leaves alone) is a memory entry that never matches, nothing worse.
with reviewed as (
  select
    w.user_id,
    case s.target_lang when 'ar' then 'en' else 'ar' end as source_lang,
    s.target_lang,
    s.source,
    s.target,
    s.updated_at,
    lower(translate(normalize(s.source, NFC), '’‘', '''''')) as base
  from website_segments s
  join websites w on w.id = s.website_id
  where s.origin = 'review'
),
normalised as (
  select
    r.*,
    case r.source_lang
      when 'en' then btrim(regexp_replace(r.base, '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'))
      else btrim(regexp_replace(
        translate(
          regexp_replace(normalize(r.base, NFC), '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'),
          'أإآٱىة', 'اااايه'
        ),
        '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\u200c\u200d]+', ' ', 'g'
      ))
    end as source_norm
  from reviewed r
)
insert into translation_memory (owner_key, owner_user_id, team_id, source_lang, target_lang, source_norm, source_text, target_text, origin, created_at, updated_at)
select distinct on (user_id, source_lang, target_lang, source_norm)
  'user:' || user_id, user_id, null, source_lang, target_lang, source_norm, source, target, 'suggestion', updated_at, updated_at
from normalised
order by user_id, source_lang, target_lang, source_norm, updated_at desc
on conflict (owner_key, source_lang, target_lang, source_norm, origin) do nothing;

drop table website_segments;
