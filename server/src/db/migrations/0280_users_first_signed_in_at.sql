-- When the account's first session began: its sign-up, its first sign-in, or (an admin made at first start
-- from ADMIN_EMAIL) whenever that admin first signs in. The dashboard greets "Welcome," in the hour after it and
-- "Welcome back," later; the account's created_at said "Welcome back," to an admin who signs in a day after the
-- server first started. Null until the account has had a session.
alter table users add column first_signed_in_at timestamptz;
-- Accounts made before this column: their earliest session still kept, else their creation (the time the greeting
-- was measured from until now), so no returning user is greeted as new. Only an account made in the last hour with
-- no session yet (a fresh install's admin, an account whose sign-up session has not begun) is left to its first one.
update users u
set first_signed_in_at = coalesce(
  (select min(s.created_at) from sessions s where s.user_id = u.id),
  case when u.created_at < now() - interval '1 hour' then u.created_at end
);
