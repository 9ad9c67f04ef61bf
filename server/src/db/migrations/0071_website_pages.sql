-- The pages of a website: Detected (found), Pending (chosen for translation), Active (translated).
create table website_pages (
  id bigint generated always as identity primary key,
  website_id bigint not null references websites (id) on delete cascade,
  url text not null,
  -- where the translated copy lives in the ZIP and under /preview (unique per site)
  local_path text not null,
  title text not null default '',
  words integer not null default 0,
  lang text check (lang in ('en', 'ar')),
  status text not null default 'Detected' check (status in ('Detected', 'Pending', 'Active')),
  -- listed but not translatable: not_html, too_large, robots, http_status, blocked_address, ...
  skip_reason text,
  skip_detail text,
  depth integer not null default 0,
  -- the page as fetched (decoded to text) and the hash of its translatable text
  html text,
  text_hash text,
  segment_count integer not null default 0,
  crawl_generation integer not null default 1,
  first_seen_at timestamptz not null default now(),
  last_crawled_at timestamptz,
  -- when a re-crawl found different text (a translated page then returns to Detected)
  changed_at timestamptz,
  -- translation: requested (Pending) or done (Active)
  target_lang text check (target_lang in ('en', 'ar')),
  domain text check (domain in ('general', 'business', 'legal', 'ecommerce')),
  translations jsonb,
  translated_hash text,
  engine text,
  translated_at timestamptz,
  reviewed_at timestamptz,
  error text,
  unique (website_id, url),
  unique (website_id, local_path)
);
create index website_pages_status_idx on website_pages (website_id, status);
