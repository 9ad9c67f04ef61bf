-- Foundation: secrets, site settings, plans, users, sessions, rate limits.

create table app_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create table site_settings (
  setting_name text primary key,
  setting_value text not null default '',
  is_public boolean not null default true,
  updated_at timestamptz not null default now()
);

create table plans (
  id integer generated always as identity primary key,
  slug text not null unique,
  sort_order integer not null default 0,
  is_trial boolean not null default false,
  is_team boolean not null default false,
  archived_at timestamptz,
  -- prices in USD per user
  price numeric(10, 2) not null default 0,
  price_yearly numeric(10, 2) not null default 0,
  -- bilingual display fields of spec section 3
  name_en text not null,
  name_ar text not null,
  symbol_en text not null default '$',
  symbol_ar text not null default '$',
  price_en text not null default '0',
  price_ar text not null default '0',
  features_en jsonb not null default '[]',
  features_ar jsonb not null default '[]',
  button_text_en text not null default '',
  button_text_ar text not null default '',
  description_en text not null default '',
  description_ar text not null default '',
  text_under_button_en text not null default '',
  text_under_button_ar text not null default '',
  badge_color_en text not null default '',
  badge_color_ar text not null default '',
  badge_title_en text not null default '',
  badge_title_ar text not null default '',
  -- quotas of spec section 3
  daily_text_requests integer not null check (daily_text_requests >= 0),
  monthly_doc_requests integer not null check (monthly_doc_requests >= 0),
  char_limit integer not null check (char_limit > 0),
  text_words integer not null check (text_words > 0),
  doc_words integer not null check (doc_words > 0),
  doc_chars integer not null check (doc_chars > 0),
  monthly_files integer not null check (monthly_files >= 0),
  web_pages integer not null check (web_pages >= 0),
  max_file_size_mb integer not null check (max_file_size_mb > 0),
  file_formats text[] not null default '{docx}',
  llm_enabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table users (
  id bigint generated always as identity primary key,
  role_id smallint not null default 2 check (role_id between 1 and 5),
  name text not null,
  email text not null,
  password_hash text,
  email_verified_at timestamptz,
  locale text not null default 'en' check (locale in ('en', 'ar')),
  personal_info jsonb not null default '{}',
  company_info jsonb not null default '{}',
  plan_id integer references plans (id),
  trial_ends_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table sessions (
  id text primary key, -- sha256 of the cookie token, never the token itself
  user_id bigint references users (id) on delete cascade,
  data jsonb not null default '{}',
  remember boolean not null default false,
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

create table rate_limits (
  key text primary key,
  window_started_at timestamptz not null,
  hits integer not null
);
