-- Hand-written: what the diff of supabase/schemas cannot carry (extensions, default privileges, schema
-- privileges), word for word as supabase/schemas/foundation/schemas.sql declares it.

-- On hosted Supabase these are enabled here; on the embedded stack they are already present.
create extension if not exists pg_cron with schema pg_catalog;
do $$
begin
  if not exists (select from pg_namespace where nspname = 'net') then
    create extension pg_net with schema extensions;
  end if;
end
$$;

alter default privileges for role postgres revoke execute on functions from public;
alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated;
alter default privileges for role postgres in schema public revoke all on sequences from anon, authenticated;
alter default privileges for role postgres in schema public revoke all on functions from anon, authenticated;

create schema if not exists api;
create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
grant usage on schema api to authenticated, service_role;
grant usage on schema private to service_role, authenticated;
alter default privileges for role postgres in schema api revoke execute on functions from public, anon;
alter default privileges for role postgres in schema private revoke execute on functions from public, anon, authenticated;

-- The build worker's own role (builds/builds.sql): it may execute the worker functions granted to it there
-- and nothing else. A deployment gives it LOGIN and a password (docs/builds.md).
do $$
begin
  if not exists (select from pg_roles where rolname = 'build_worker') then
    create role build_worker nologin noinherit;
  end if;
end
$$;
grant usage on schema private to build_worker;

-- What the API roles may do, narrowed to what they use: no CREATE in public (tables come from here), and
-- nothing of pg_net: only the service's own definer functions send requests, as their owner. pg_net's
-- grants belong to whoever made them: where another role made them (hosted Supabase's extension set-up
-- does so as its own administrator) the revoke cannot take them back, and a warning names what is left.
revoke create on schema public from public, anon, authenticated;
do $$
declare
  f regprocedure;
  remaining text[];
begin
  if to_regnamespace('net') is null then
    return;
  end if;
  for f in select p.oid::regprocedure from pg_proc p where p.pronamespace = 'net'::regnamespace loop
    execute format('revoke execute on function %s from public, anon, authenticated', f);
  end loop;
  revoke usage on schema net from public, anon, authenticated;
  select array_agg(r.rolname || ': ' || p.oid::regprocedure::text) into remaining
    from pg_proc p cross join pg_roles r
   where p.pronamespace = 'net'::regnamespace and r.rolname in ('anon', 'authenticated')
     and has_function_privilege(r.oid, p.oid, 'execute') and has_schema_privilege(r.oid, 'net', 'usage');
  if remaining is not null then
    raise warning 'pg_net is still callable by API roles (granted by another role): %', remaining;
  end if;
end
$$;
