-- Local demo data for `npm start` only (never for tests): one demo account. Idempotent.
insert into auth.users (id, email, email_confirmed_at)
values ('00000000-0000-4000-8000-000000000001', 'demo@example.com', now())
on conflict (id) do nothing;
