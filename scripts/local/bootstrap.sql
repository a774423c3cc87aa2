-- Supabase-compatible ground for the embedded local stack: the roles, the auth schema and the
-- extensions that hosted Supabase provides before any migration runs. Run once per cluster by the
-- bootstrap superuser `supabase_admin`; every statement is idempotent.

-- Roles as on Supabase: `postgres` owns the application schemas but is not a superuser.
do $$
begin
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres login createrole createdb replication bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole;
  end if;
end
$$;

-- The functions and the CLI sign in as `postgres` with the cluster's password (psql variable).
alter role postgres with login password :'cluster_password';
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres with admin option;

alter database postgres owner to postgres;
grant all on schema public to postgres, anon, authenticated, service_role;
alter schema public owner to postgres;

create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant execute on functions to postgres, anon, authenticated, service_role;
alter database postgres set search_path = "$user", public, extensions;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists pgtap with schema extensions;
create extension if not exists plpgsql_check with schema extensions;
create extension if not exists pg_cron with schema pg_catalog;
grant usage on schema cron to postgres;
grant all privileges on all tables in schema cron to postgres;
grant all privileges on all sequences in schema cron to postgres;

-- The auth schema, shaped like Supabase Auth's: the columns the service reads and writes.
create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  raw_app_meta_data jsonb default '{"provider": "email", "providers": ["email"]}',
  raw_user_meta_data jsonb default '{}',
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text unique,
  last_sign_in_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
alter table auth.users owner to supabase_auth_admin;
grant all on auth.users to postgres, service_role;

-- The claim helpers behave as Supabase's: PostgREST (and our edge functions) put the verified JWT
-- claims into `request.jwt.claims` for the transaction.
-- The local OAuth server's state (registered clients, grants, codes, refresh tokens, sign-in sessions),
-- kept in the database as Supabase Auth keeps its own, so a restart signs nobody out.
create table if not exists auth.oauth_provider_state (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  primary key (model, id)
);
create index if not exists oauth_provider_state_grant_id on auth.oauth_provider_state (grant_id)
  where grant_id is not null;
create index if not exists oauth_provider_state_uid on auth.oauth_provider_state (model, uid) where uid is not null;
alter table auth.oauth_provider_state owner to supabase_auth_admin;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to postgres, anon, authenticated, service_role;
