-- Personal and team glossary terms get a domain (issue 19, the glossary screen), like the
-- admins' per-domain terms: 'general' applies in every domain, a domain's own term first.
-- The same source term may now have one target per domain, so the domain joins the key.
alter table team_glossary_terms add column domain text not null default 'general'
  check (domain in ('general', 'business', 'legal', 'ecommerce'));

do $$
declare
  existing text;
begin
  select conname into existing from pg_constraint
  where conrelid = 'team_glossary_terms'::regclass and contype = 'u';
  if existing is not null then
    execute format('alter table team_glossary_terms drop constraint %I', existing);
  end if;
end
$$;

alter table team_glossary_terms add constraint team_glossary_terms_owner_term_key
  unique (owner_key, domain, source_lang, target_lang, source_norm);
