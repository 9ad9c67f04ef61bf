-- Social login identities (OpenID Connect subject per provider) linked to users.
create table social_accounts (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  provider text not null check (provider in ('google', 'linkedin')),
  subject text not null,
  email text,
  created_at timestamptz not null default now(),
  unique (provider, subject),
  unique (user_id, provider)
);
