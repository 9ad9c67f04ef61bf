-- Model provisioning (engines/bergamot/provision.ts): one row per direction, read by the admin
-- Engines screen and GET /api/health from any process.
create table engine_models (
  direction text primary key,
  -- missing | disabled | checking | downloading | verifying | installed | failed
  state text not null,
  version text,
  variant text,
  source_url text,
  -- [{ "name", "file_type", "size", "bytes" }]: progress of each file of the download
  files jsonb not null default '[]'::jsonb,
  bytes_total bigint not null default 0,
  bytes_done bigint not null default 0,
  attempts integer not null default 0,
  last_error text,
  last_error_at timestamptz,
  next_attempt_at timestamptz,
  installed_at timestamptz,
  updated_at timestamptz not null default now()
);

-- One provisioner at a time across processes: a lease that its holder renews while it works
-- and that lapses when the holder dies.
create table engine_provisioning_lease (
  name text primary key,
  holder text not null,
  expires_at timestamptz not null
);
