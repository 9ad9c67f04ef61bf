-- Team translation memory entries got their team_id before the teams table existed (0025).
-- Entries of teams that no longer exist are removed, then the foreign key makes dissolving
-- a team delete its memory.
delete from translation_memory m where m.team_id is not null and not exists (select 1 from teams t where t.id = m.team_id);
alter table translation_memory add constraint translation_memory_team_fk foreign key (team_id) references teams (id) on delete cascade;
create index translation_memory_team_idx on translation_memory (team_id) where team_id is not null;
