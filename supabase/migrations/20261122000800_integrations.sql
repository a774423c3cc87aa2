-- The repository-host (a GitHub App) and database-host (the Supabase Management API) integrations:
-- installations, database-host connections, pending OAuth authorizations and webhook deliveries, and the
-- functions behind `/repohost/*`, `/integrations/dbhost/*` and `POST /projects/{id}/pushes`.
--
-- Every upstream credential (a user's GitHub token, OAuth access and refresh tokens, a PKCE verifier, an anon
-- key) is sealed by the edge functions before it gets here (AES-GCM, `v1.<key id>.<iv>.<ciphertext>`, with
-- the row it belongs to bound in as additional data), lives in a `*_encrypted` column that only service_role
-- may select, and no function reachable by `authenticated` returns one.

-- A sealed value as the edge functions write it; a CHECK with it keeps a plaintext token out by mistake.
create or replace function private.is_sealed(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value ~ '^v1\.[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$'
$$;
grant execute on function private.is_sealed(text) to service_role;

alter table public.dbhost_links add constraint dbhost_links_anon_key_sealed
  check (private.is_sealed(anon_key_encrypted));
-- GitHub's rule for repository names.
alter table public.repohost_links add constraint repohost_links_repository_name_format
  check (repohost_repository_name ~ '^[A-Za-z0-9._-]{1,100}$' and repohost_repository_name not in ('.', '..'));
create index repohost_links_installation on public.repohost_links (repohost_installation_id);

-- GitHub App installations the users saved after installing the app. An id belongs to the first user who
-- saves it: nobody takes over another user's installation.
create table public.repohost_installations (
  id bigint primary key constraint repohost_installations_id_positive check (id > 0),
  user_id uuid not null references auth.users (id) on delete cascade,
  login text not null constraint repohost_installations_login_length check (length(login) between 1 and 100),
  avatar text constraint repohost_installations_avatar_format
    check (avatar is null or (avatar ~ '^https?://' and length(avatar) <= 2048)),
  name text constraint repohost_installations_name_length check (name is null or length(name) <= 255),
  -- The user's GitHub token: write-only, sealed for `repohost_installation:<id>:ghu`.
  ghu_encrypted text not null constraint repohost_installations_ghu_sealed check (private.is_sealed(ghu_encrypted)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index repohost_installations_user on public.repohost_installations (user_id);
create trigger repohost_installations_touch before update on public.repohost_installations
  for each row execute function private.touch_updated_at();
alter table public.repohost_installations enable row level security;
create policy repohost_installations_select_own on public.repohost_installations for select to authenticated
  using (user_id = (select auth.uid()));
grant select (id, user_id, login, avatar, name, created_at, updated_at)
  on public.repohost_installations to authenticated;
grant all on public.repohost_installations to service_role;

-- Handled webhook deliveries by GitHub's delivery id, so a replayed delivery changes nothing. Kept 90 days.
create table public.repohost_webhook_deliveries (
  delivery_id text primary key constraint repohost_webhook_deliveries_id_length
    check (length(delivery_id) between 1 and 100),
  event text not null,
  action text,
  received_at timestamptz not null default now()
);
create index repohost_webhook_deliveries_received on public.repohost_webhook_deliveries (received_at);
alter table public.repohost_webhook_deliveries enable row level security;
grant all on public.repohost_webhook_deliveries to service_role;

-- A user's connection to their database-host account: one per user, tokens sealed for
-- `dbhost_connection:<user id>:access_token` and `…:refresh_token`.
create table public.dbhost_connections (
  user_id uuid primary key references auth.users (id) on delete cascade,
  dbhost_user_id text not null,
  dbhost_username text not null,
  access_token_encrypted text not null
    constraint dbhost_connections_access_sealed check (private.is_sealed(access_token_encrypted)),
  refresh_token_encrypted text not null
    constraint dbhost_connections_refresh_sealed check (private.is_sealed(refresh_token_encrypted)),
  access_token_expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger dbhost_connections_touch before update on public.dbhost_connections
  for each row execute function private.touch_updated_at();
alter table public.dbhost_connections enable row level security;
create policy dbhost_connections_select_own on public.dbhost_connections for select to authenticated
  using (user_id = (select auth.uid()));
grant select (user_id, dbhost_user_id, dbhost_username, access_token_expires_at, created_at, updated_at)
  on public.dbhost_connections to authenticated;
grant all on public.dbhost_connections to service_role;

-- Pending database-host authorizations. The OAuth state itself is never stored, only its SHA-256 (hex), so
-- reading this table does not let anyone finish someone else's flow. The PKCE verifier, when the client gave
-- it, is sealed for `dbhost_authorization:<state hash>:code_verifier`. Single-use and short-lived.
create table public.dbhost_authorizations (
  state_hash text primary key constraint dbhost_authorizations_state_hash_format check (state_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  code_verifier_encrypted text constraint dbhost_authorizations_verifier_sealed
    check (code_verifier_encrypted is null or private.is_sealed(code_verifier_encrypted)),
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index dbhost_authorizations_user on public.dbhost_authorizations (user_id, created_at desc);
create index dbhost_authorizations_expiry on public.dbhost_authorizations (expires_at);
alter table public.dbhost_authorizations enable row level security;
grant all on public.dbhost_authorizations to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Repository host

create or replace function api.repohost_installation_json(id bigint, login text, avatar text, name text,
  created_at timestamptz, updated_at timestamptz)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('id', id, 'login', login, 'avatar', avatar, 'name', name,
    'created_at', created_at, 'updated_at', updated_at)
$$;

create or replace function api.repohost_link_json(l public.repohost_links)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('project_id', l.project_id, 'repohost_installation_id', l.repohost_installation_id,
    'repohost_repository_name', l.repohost_repository_name, 'repohost_last_sync', l.repohost_last_sync)
$$;

-- GET /repohost/installations: the caller's, safe columns only (RLS and the column grant).
create or replace function api.list_repohost_installations()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('data', coalesce(jsonb_agg(
           api.repohost_installation_json(i.id, i.login, i.avatar, i.name, i.created_at, i.updated_at)
           order by i.created_at, i.id), '[]'::jsonb))
    from public.repohost_installations i
   where i.user_id = (select auth.uid())
$$;

-- POST /repohost/installations: upsert by id for the caller. The sealed token comes from the edge function,
-- which has checked with GitHub that the caller's token reaches the installation. An id another user saved
-- is 409 `installation_taken`, decided by the upsert itself, so two users saving one id at once cannot both
-- win. Definer: users have no write grant on the table.
create or replace function api.save_repohost_installation(installation_id bigint, login text, avatar text,
  name text, ghu_sealed text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  i public.repohost_installations;
begin
  if uid is null then
    perform private.raise_api_error(401, 'unauthorized', 'Sign in to save an installation.');
  end if;
  begin
    insert into public.repohost_installations as t (id, user_id, login, avatar, name, ghu_encrypted)
    values (installation_id, uid, login, avatar, name, ghu_sealed)
    on conflict on constraint repohost_installations_pkey do update
      set login = excluded.login, avatar = excluded.avatar, name = excluded.name,
          ghu_encrypted = excluded.ghu_encrypted
      where t.user_id = excluded.user_id
    returning * into i;
  exception when check_violation then
    perform private.raise_api_error(400, 'invalid_request', 'The installation is not valid.',
      jsonb_build_object('constraint', 'repohost_installations'));
  end;
  if i.id is null then
    perform private.raise_api_error(409, 'installation_taken',
      'Another account of this service already saved this installation.');
  end if;
  return api.repohost_installation_json(i.id, i.login, i.avatar, i.name, i.created_at, i.updated_at);
end
$$;

-- GET /repohost/repositories: the caller's links.
create or replace function api.list_repohost_links()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('data', coalesce(jsonb_agg(api.repohost_link_json(l) order by l.project_id), '[]'::jsonb))
    from public.repohost_links l
   where l.user_id = (select auth.uid())
$$;

-- POST /repohost/repositories: links the caller's project to a repository of the caller's installation,
-- upserting by project. The name defaults to `<prefix>-<project id>`. Moving a link to another repository
-- forgets its last sync.
create or replace function api.link_repohost_repository(project_id bigint, installation_id bigint,
  repository_name text, default_prefix text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  repo text := coalesce(repository_name, default_prefix || '-' || project_id::text);
  l public.repohost_links;
begin
  perform api.require_own_project(project_id);
  if not exists (select 1 from public.repohost_installations i
                  where i.id = installation_id and i.user_id = uid) then
    perform private.raise_api_error(404, 'installation_not_found', 'No such installation of yours.');
  end if;
  begin
    insert into public.repohost_links as t (project_id, user_id, repohost_installation_id, repohost_repository_name)
    values (link_repohost_repository.project_id, uid, installation_id, repo)
    on conflict on constraint repohost_links_pkey do update
      set repohost_installation_id = excluded.repohost_installation_id,
          repohost_repository_name = excluded.repohost_repository_name,
          repohost_last_sync = case
            when (t.repohost_installation_id, t.repohost_repository_name)
                 = (excluded.repohost_installation_id, excluded.repohost_repository_name)
            then t.repohost_last_sync end
    returning * into l;
  exception when check_violation then
    perform private.raise_api_error(400, 'invalid_repository_name',
      'A repository name is 1..100 of letters, digits, ".", "-" and "_", and not "." or "..".',
      jsonb_build_object('repohost_repository_name', repo));
  end;
  return api.repohost_link_json(l);
end
$$;

-- DELETE /repohost/repositories/{projectId}: idempotent; only the caller's link goes.
create or replace function api.unlink_repohost_repository(project_id bigint)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.repohost_links l
   where l.project_id = unlink_repohost_repository.project_id and l.user_id = (select auth.uid())
$$;

-- POST /projects/{id}/pushes: the contract's 404s (api.get_repohost_link), then what the push needs.
create or replace function api.repohost_push_source(project_id bigint)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  link jsonb := api.get_repohost_link(project_id);
begin
  return jsonb_build_object(
    'link', link,
    'project_name', (select p.name from public.projects p where p.id = repohost_push_source.project_id),
    'files', coalesce((select jsonb_agg(jsonb_build_object('path', f.path, 'contents', f.contents) order by f.path)
                         from public.project_files f where f.project_id = repohost_push_source.project_id),
                      '[]'::jsonb));
end
$$;

-- After a push succeeded: the link's last sync, unless it was moved or removed meanwhile (then null).
create or replace function private.record_repohost_sync(project_id bigint, installation_id bigint,
  repository_name text)
returns timestamptz
language sql
security definer
set search_path = ''
as $$
  update public.repohost_links l set repohost_last_sync = now()
   where l.project_id = record_repohost_sync.project_id and l.repohost_installation_id = installation_id
     and l.repohost_repository_name = repository_name
  returning l.repohost_last_sync
$$;

-- POST /repohost/webhooks, after the signature was verified: `installation.created` refreshes the stored
-- profile fields of a saved installation, `installation.deleted` removes it with its links; anything else is
-- ignored. A delivery id seen before is a replay and changes nothing. Answers 'applied', 'duplicate' or
-- 'ignored'.
create or replace function private.apply_repohost_webhook(delivery_id text, event text, action text,
  installation_id bigint, login text, avatar text, name text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  if event is distinct from 'installation' or action not in ('created', 'deleted') then
    return 'ignored';
  end if;
  if delivery_id is not null then
    insert into public.repohost_webhook_deliveries (delivery_id, event, action)
    values (apply_repohost_webhook.delivery_id, event, action)
    on conflict on constraint repohost_webhook_deliveries_pkey do nothing;
    if not found then
      return 'duplicate';
    end if;
    delete from public.repohost_webhook_deliveries d where d.received_at < now() - interval '90 days';
  end if;
  if action = 'created' then
    update public.repohost_installations i
       set login = apply_repohost_webhook.login,
           avatar = coalesce(apply_repohost_webhook.avatar, i.avatar),
           name = coalesce(apply_repohost_webhook.name, i.name)
     where i.id = installation_id;
  else
    delete from public.repohost_links l where l.repohost_installation_id = installation_id;
    delete from public.repohost_installations i where i.id = installation_id;
  end if;
  return 'applied';
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Database host

-- POST /integrations/dbhost/authorizations: a pending authorization of the caller for 10 minutes. Expired
-- ones go, and a caller keeps at most 5 pending (the newest).
create or replace function api.start_dbhost_authorization(state_hash text, code_verifier_sealed text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  expires timestamptz := now() + interval '10 minutes';
begin
  if uid is null then
    perform private.raise_api_error(401, 'unauthorized', 'Sign in to connect a database host.');
  end if;
  delete from public.dbhost_authorizations a where a.expires_at <= now();
  delete from public.dbhost_authorizations a
   where a.user_id = uid
     and a.state_hash not in (select b.state_hash from public.dbhost_authorizations b
                               where b.user_id = uid order by b.created_at desc limit 4);
  insert into public.dbhost_authorizations (state_hash, user_id, code_verifier_encrypted, expires_at)
  values (start_dbhost_authorization.state_hash, uid, code_verifier_sealed, expires);
  return jsonb_build_object('expires_at', expires);
end
$$;

-- The OAuth callback: the pending authorization the state's hash names, consumed by the very statement that
-- reads it, so a state works once. Unknown or already used: 400 `invalid_state`. Past its expiry: 400
-- `state_expired` (the error undoes the delete; the row is pruned later and can never succeed).
create or replace function private.consume_dbhost_authorization(state_hash text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.dbhost_authorizations;
begin
  delete from public.dbhost_authorizations d where d.state_hash = consume_dbhost_authorization.state_hash
  returning * into a;
  if a.state_hash is null then
    perform private.raise_api_error(400, 'invalid_state',
      'This authorization is unknown or was already used; start the connection again.');
  end if;
  if a.expires_at <= now() then
    perform private.raise_api_error(400, 'state_expired',
      'This authorization has expired; start the connection again.');
  end if;
  return jsonb_build_object('user_id', a.user_id, 'code_verifier_encrypted', a.code_verifier_encrypted);
end
$$;

-- The connection the callback made (replacing an earlier one).
create or replace function private.save_dbhost_connection(user_id uuid, dbhost_user_id text,
  dbhost_username text, access_sealed text, refresh_sealed text, expires_at timestamptz)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.dbhost_connections (user_id, dbhost_user_id, dbhost_username, access_token_encrypted,
    refresh_token_encrypted, access_token_expires_at)
  values (user_id, dbhost_user_id, dbhost_username, access_sealed, refresh_sealed, expires_at)
  on conflict on constraint dbhost_connections_pkey do update
    set dbhost_user_id = excluded.dbhost_user_id, dbhost_username = excluded.dbhost_username,
        access_token_encrypted = excluded.access_token_encrypted,
        refresh_token_encrypted = excluded.refresh_token_encrypted,
        access_token_expires_at = excluded.access_token_expires_at
$$;

-- The user's sealed tokens, with the row locked until the transaction ends: refresh tokens are single-use,
-- so concurrent requests must take turns to refresh. 404 `not_connected` without a connection.
create or replace function private.lock_dbhost_connection(user_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  c public.dbhost_connections;
begin
  select * into c from public.dbhost_connections x where x.user_id = lock_dbhost_connection.user_id for update;
  if not found then
    perform private.raise_api_error(404, 'not_connected', 'No database host account is connected; connect one first.');
  end if;
  return jsonb_build_object('access_token_encrypted', c.access_token_encrypted,
    'refresh_token_encrypted', c.refresh_token_encrypted, 'access_token_expires_at', c.access_token_expires_at);
end
$$;

-- A refreshed token pair.
create or replace function private.store_dbhost_tokens(user_id uuid, access_sealed text, refresh_sealed text,
  expires_at timestamptz)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.dbhost_connections c
     set access_token_encrypted = access_sealed, refresh_token_encrypted = refresh_sealed,
         access_token_expires_at = expires_at
   where c.user_id = store_dbhost_tokens.user_id
$$;

-- The host no longer honours the grant: the connection goes. With `access_sealed`, only while the row still
-- holds that access token, so a pair another request has just refreshed is not thrown away.
create or replace function private.forget_dbhost_connection(user_id uuid, access_sealed text default null)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.dbhost_connections c
   where c.user_id = forget_dbhost_connection.user_id
     and (access_sealed is null or c.access_token_encrypted = access_sealed)
$$;

-- GET /integrations/dbhost/connection.
create or replace function api.get_dbhost_connection()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select jsonb_build_object('connected', true, 'dbhost_user_id', c.dbhost_user_id,
              'dbhost_username', c.dbhost_username)
       from public.dbhost_connections c where c.user_id = (select auth.uid())),
    jsonb_build_object('connected', false))
$$;

-- GET /integrations/dbhost/projects: the host's projects as listed, each with the caller's app project it
-- backs (null when none of the caller's does).
create or replace function api.dbhost_projects_result(projects jsonb, organizations jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'projects', coalesce((
      select jsonb_agg(jsonb_build_object('ref', p.value ->> 'ref', 'name', p.value ->> 'name',
               'region', p.value ->> 'region', 'created_at', p.value ->> 'created_at',
               'organization_id', p.value ->> 'organization_id', 'linked_project_id', l.project_id) order by p.n)
        from jsonb_array_elements(projects) with ordinality as p(value, n)
        left join public.dbhost_links l
          on l.dbhost_project_ref = p.value ->> 'ref' and l.user_id = (select auth.uid())), '[]'::jsonb),
    'organizations', organizations)
$$;

-- POST /integrations/dbhost/links, after the edge function checked with the host that the project is the
-- caller's and fetched its anon key: upsert by app project. One database project backs one app: a ref
-- linked to another project (anyone's) is 409 `already_linked`.
create or replace function api.link_dbhost_project(project_id bigint, dbhost_ref text, dbhost_name text,
  api_url text, anon_key_sealed text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
begin
  perform api.require_own_project(project_id);
  begin
    insert into public.dbhost_links as t (project_id, user_id, dbhost_project_ref, dbhost_project_name, api_url,
      anon_key_encrypted)
    values (link_dbhost_project.project_id, uid, dbhost_ref, dbhost_name, link_dbhost_project.api_url,
      anon_key_sealed)
    on conflict on constraint dbhost_links_pkey do update
      set dbhost_project_ref = excluded.dbhost_project_ref, dbhost_project_name = excluded.dbhost_project_name,
          api_url = excluded.api_url, anon_key_encrypted = excluded.anon_key_encrypted;
  exception when unique_violation then
    perform private.raise_api_error(409, 'already_linked', 'That database project already backs another app.',
      jsonb_build_object('dbhost_ref', dbhost_ref));
  end;
  return api.get_dbhost_link(project_id);
end
$$;

-- DELETE /integrations/dbhost/links/{projectId}: idempotent; only the caller's link goes.
create or replace function api.unlink_dbhost_project(project_id bigint)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.dbhost_links l
   where l.project_id = unlink_dbhost_project.project_id and l.user_id = (select auth.uid())
$$;

grant execute on function
  api.repohost_installation_json(bigint, text, text, text, timestamptz, timestamptz),
  api.repohost_link_json(public.repohost_links),
  api.list_repohost_installations(),
  api.save_repohost_installation(bigint, text, text, text, text),
  api.list_repohost_links(),
  api.link_repohost_repository(bigint, bigint, text, text),
  api.unlink_repohost_repository(bigint),
  api.repohost_push_source(bigint),
  api.start_dbhost_authorization(text, text),
  api.get_dbhost_connection(),
  api.dbhost_projects_result(jsonb, jsonb),
  api.link_dbhost_project(bigint, text, text, text, text),
  api.unlink_dbhost_project(bigint)
  to authenticated;
grant execute on function
  private.record_repohost_sync(bigint, bigint, text),
  private.apply_repohost_webhook(text, text, text, bigint, text, text, text),
  private.consume_dbhost_authorization(text),
  private.save_dbhost_connection(uuid, text, text, text, text, timestamptz),
  private.lock_dbhost_connection(uuid),
  private.store_dbhost_tokens(uuid, text, text, timestamptz),
  private.forget_dbhost_connection(uuid, text)
  to service_role;
