-- In-flight social logins: state (hashed), PKCE verifier and nonce, kept ten minutes.
create table oauth_states (
  state_hash text primary key,
  provider text not null,
  code_verifier text not null,
  nonce text not null,
  -- set when a signed-in user connects a provider to their account
  user_id bigint references users (id) on delete cascade,
  -- "remember me" chosen on the sign-in screen before leaving for the provider
  remember boolean not null default false,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index oauth_states_expires_at_idx on oauth_states (expires_at);
