-- A withdrawn invitation (cancelled by a manager, replaced by a newer one to the same address, or withdrawn when the
-- seats shrank) is kept with the time it was withdrawn, so its link can say "withdrawn" rather than "not valid"
-- (GET /api/team/invitations/lookup). It was deleted until now. Only open, unwithdrawn invitations hold a seat.
alter table team_invitations add column revoked_at timestamptz;
drop index team_invitations_open_key;
create unique index team_invitations_open_key on team_invitations (team_id, lower(email)) where accepted_at is null and revoked_at is null;
