-- Websites added before they had history entries get one each (state as the screens show it).
-- As the websites module keeps them: source = the other language of the target (before any
-- translate request, the start page's), title = the site's name, preview = its address.
insert into history_entries (project_id, user_id, type, source_lang, target_lang, domain, title, preview, search_text, state, created_at, updated_at)
select w.project_id, w.user_id, 'website',
  case w.target_lang when 'ar' then 'en' when 'en' then 'ar' else
    coalesce((select p.lang from website_pages p where p.website_id = w.id and p.lang is not null order by p.depth, p.id limit 1), 'auto') end,
  coalesce(w.target_lang, 'auto'),
  coalesce(w.domain, 'general'),
  left(case when w.title = '' then w.url else w.title end, 120),
  left(w.url, 200),
  left(w.url, 1000),
  case
    when w.state in ('crawling', 'failed') then w.state
    when exists (select 1 from website_pages p where p.website_id = w.id and p.status = 'Pending') then 'translating'
    when exists (select 1 from website_pages p where p.website_id = w.id and p.status = 'Active') then 'done'
    else 'ready'
  end,
  w.created_at, w.updated_at
from websites w
on conflict (project_id) do nothing;
