-- A user's default translation languages and domain (POST /api/user/settings).
alter table users
  add column source_lang text not null default 'auto' check (source_lang in ('auto', 'en', 'ar')),
  add column target_lang text not null default 'ar' check (target_lang in ('en', 'ar')),
  add column domain text not null default 'general' check (domain in ('general', 'business', 'legal', 'ecommerce'));
