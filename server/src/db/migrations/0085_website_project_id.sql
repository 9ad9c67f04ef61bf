-- Each website is a translation-history project (type "website"): the entry's project_id.
alter table websites add column project_id uuid not null default gen_random_uuid();
alter table websites add constraint websites_project_id_key unique (project_id);
