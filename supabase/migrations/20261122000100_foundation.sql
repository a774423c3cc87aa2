-- Ground rules for everything that follows: nothing is executable or readable by API roles unless a
-- later migration grants it explicitly, and the three schemas of the house plan exist.
--   public  : tables, row-level security on every one
--   api     : functions the edge functions call as the user (security invoker where RLS suffices)
--   private : functions no user may call (security definer, search_path = '')

alter default privileges for role postgres revoke execute on functions from public;
alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated;
alter default privileges for role postgres in schema public revoke all on sequences from anon, authenticated;
alter default privileges for role postgres in schema public revoke all on functions from anon, authenticated;

create schema if not exists api;
create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
grant usage on schema api to authenticated, service_role;
grant usage on schema private to service_role;
alter default privileges for role postgres in schema api revoke execute on functions from public, anon;
alter default privileges for role postgres in schema private revoke execute on functions from public, anon, authenticated;

-- Raises a contract error: SQLSTATE PT<status>, message `<code>: <text>`, DETAIL a JSON object.
-- The edge functions map it to `{code, message, details}` with that status.
create or replace function private.raise_api_error(status int, code text, message text, details jsonb default null)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    errcode = 'PT' || status::text,
    message = code || ': ' || message,
    detail = coalesce(details::text, '');
end
$$;
grant execute on function private.raise_api_error(int, text, text, jsonb) to authenticated, service_role;
grant usage on schema private to authenticated;

-- Keeps `updated_at` honest on every table that has one.
create or replace function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
