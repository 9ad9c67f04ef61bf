-- Seats a team plan includes before any extra seat is bought (owner included).
alter table plans add column included_seats integer not null default 1 check (included_seats >= 1);
update plans set included_seats = 5 where slug = 'start-up';
update plans set included_seats = 10 where slug = 'pro';
update plans set included_seats = 50 where slug = 'enterprise';
