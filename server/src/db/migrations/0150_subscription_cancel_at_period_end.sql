-- Cancel at period end (issue 14): the subscription runs to the end of the paid period, then
-- ends instead of renewing; "resume" clears the flag before that.
alter table subscriptions add column cancel_at_period_end boolean not null default false;
