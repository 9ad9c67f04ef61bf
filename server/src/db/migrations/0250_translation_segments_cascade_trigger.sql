-- A translation's sentences go with it, by a trigger instead of a foreign key (issue 19 item 8).
-- Sentences are written only together with their translation, in the one statement of
-- translate/repo.ts insertTranslations (a data-modifying CTE), so the key's check on every
-- inserted sentence proved nothing, and it was the dearest part of saving a translation: a
-- look-up and a row lock (with its WAL record) on the translation per sentence, ~15 % of a
-- guest translation's CPU on PGlite. What the key's "on delete cascade" did, this trigger does
-- once per statement: a translation deleted (history removed, guests' texts purged, an account
-- deleted, whose translations go by their own cascade) takes its sentences with it, and their
-- suggestions and feedback keep their copies (segment_id set null) as before.
alter table translation_segments drop constraint translation_segments_translation_id_fkey;

create function text_translations_delete_segments() returns trigger language plpgsql as $$
begin
  delete from translation_segments s using gone g where s.translation_id = g.id;
  return null;
end;
$$;

create trigger text_translations_delete_segments after delete on text_translations
  referencing old table as gone for each statement execute function text_translations_delete_segments();
