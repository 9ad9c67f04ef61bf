-- Per-site translation memory: a segment translated once (by an engine or a reviewer via
-- XLIFF) is reused on every page and every re-translation of that site.
create table website_segments (
  website_id bigint not null references websites (id) on delete cascade,
  target_lang text not null check (target_lang in ('en', 'ar')),
  domain text not null,
  source_hash text not null,
  source text not null,
  target text not null,
  origin text not null check (origin in ('engine', 'review')),
  updated_at timestamptz not null default now(),
  primary key (website_id, target_lang, domain, source_hash)
);
