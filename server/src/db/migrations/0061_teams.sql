-- Team accounts: an owner (role 3), managers (4) and members (5) sharing one plan.
create table teams (
  id bigint generated always as identity primary key,
  name text not null,
  owner_id bigint not null references users (id),
  -- paid seats, owner included; the billing module keeps it in step with the subscription
  seats integer not null default 1 check (seats >= 1),
  llm_enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table team_members (
  team_id bigint not null references teams (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  joined_at timestamptz not null default now(),
  primary key (team_id, user_id)
);
-- one team per user
create unique index team_members_user_key on team_members (user_id);

create table team_invitations (
  id bigint generated always as identity primary key,
  team_id bigint not null references teams (id) on delete cascade,
  email text not null,
  role_id smallint not null check (role_id in (4, 5)),
  token_hash text not null unique,
  invited_by bigint references users (id) on delete set null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index team_invitations_open_key on team_invitations (team_id, lower(email)) where accepted_at is null;
