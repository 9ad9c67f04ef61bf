-- Website translation (web extraction): a site added by URL, crawled into pages.
create table websites (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  -- the URL the user gave, normalised; the crawl starts here
  url text not null,
  scope text not null check (scope in ('site', 'page')),
  state text not null default 'crawling' check (state in ('crawling', 'ready', 'failed')),
  title text not null default '',
  -- why the crawl failed (a reason code the screens translate), null otherwise
  error text,
  -- pages the crawl may list: the plan's web pages quota, capped by WEB_CRAWL_MAX_PAGES
  page_limit integer not null check (page_limit >= 0),
  -- bumped by every (re-)crawl, so a stale crawl job can tell it is stale
  crawl_generation integer not null default 1,
  -- the language of the last translation request, for the history entry
  target_lang text check (target_lang in ('en', 'ar')),
  domain text check (domain in ('general', 'business', 'legal', 'ecommerce')),
  crawled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index websites_user_idx on websites (user_id, created_at desc);
