-- Team glossary terms got their team_id before the teams table existed (0024). Terms of
-- teams that no longer exist are removed, then the foreign key makes dissolving a team
-- delete its terms.
delete from team_glossary_terms g where g.team_id is not null and not exists (select 1 from teams t where t.id = g.team_id);
alter table team_glossary_terms add constraint team_glossary_terms_team_fk foreign key (team_id) references teams (id) on delete cascade;
create index team_glossary_terms_team_idx on team_glossary_terms (team_id) where team_id is not null;
