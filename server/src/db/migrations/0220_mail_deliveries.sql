-- Issue 17 item 10: each run of a `mail-send` job records its attempt here before it talks to
-- the SMTP server, and the delivery once the server has accepted the message. A run that
-- finds the mail delivered (the process died after the server's "250 OK", before pg-boss
-- heard that the job completed) does not send it again; every attempt of one job carries
-- the same Message-ID. Rows are purged after 30 days (the history-auto-delete job).
create table mail_deliveries (
  job_id uuid primary key,
  message_id text not null,
  attempts integer not null default 1,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);

create index mail_deliveries_created_at on mail_deliveries (created_at);
