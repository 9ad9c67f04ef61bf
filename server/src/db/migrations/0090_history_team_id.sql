-- A history entry made by a team member belongs to the team too (issue 7): removing the
-- member keeps their entries in the team's view. Backfilled from current membership;
-- a dissolved team leaves its entries to their authors (set null).
alter table history_entries add column team_id bigint references teams (id) on delete set null;
update history_entries h set team_id = m.team_id from team_members m where m.user_id = h.user_id;
create index history_entries_team_created_idx on history_entries (team_id, created_at desc, project_id) where team_id is not null;
