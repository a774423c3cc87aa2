-- Server-side settings read by SQL (the workers' addresses and shared secret, limits). They live in
-- the private schema: no user can read or change them. Set them with private.set_setting, e.g. on hosted
-- Supabase, once, in the SQL editor:
--   select private.set_setting('runner_url', 'https://<ref>.supabase.co/functions/v1/job-runner');
--   select private.set_setting('push_worker_url', 'https://<ref>.supabase.co/functions/v1/push-worker');
--   select private.set_setting('worker_secret', '<the WORKER_SECRET function secret>');
create table private.settings (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);
alter table private.settings enable row level security;
comment on table private.settings is 'Server configuration read by SQL functions; see private.set_setting.';

create or replace function private.set_setting(setting_key text, setting_value text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.settings (key, value) values (setting_key, setting_value)
  on conflict (key) do update set value = excluded.value, updated_at = now();
$$;

-- The setting's value, or `fallback` when it is not set.
create or replace function private.setting(setting_key text, fallback text default null)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select value from private.settings where key = setting_key), fallback);
$$;
grant execute on function private.setting(text, text) to service_role;
