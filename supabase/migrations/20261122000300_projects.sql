-- Projects and everything that hangs from one: files, preview errors, the repository-host and
-- database-host links. Visibility is row-level security: owners see their own, everybody sees shared
-- projects (the moderation migration narrows that for blocked users).

-- The reason a file path is refused, or null when it is fine. One definition for the table's CHECK and
-- for the per-file errors of `PUT /projects/{id}/files`. NUL never reaches SQL (text cannot hold it).
create or replace function private.file_path_problem(path text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when path is null or path = '' then 'empty'
    when length(path) > 512 then 'too_long'
    when left(path, 1) = '/' then 'absolute'
    when strpos(path, E'\\') > 0 then 'backslash'
    when path ~ '[[:cntrl:]]' then 'control_character'
    when '..' = any (string_to_array(path, '/')) then 'parent_segment'
    when '.' = any (string_to_array(path, '/')) then 'dot_segment'
    when '' = any (string_to_array(path, '/')) then 'empty_segment'
  end
$$;
-- Evaluated by the CHECK below whenever a user writes a file.
grant execute on function private.file_path_problem(text) to authenticated, service_role;

create table public.projects (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  name text not null constraint projects_name_format check (length(name) between 1 and 100 and name ~ '\S'),
  description text not null default ''
    constraint projects_description_length check (length(description) <= 1000),
  icon_url text constraint projects_icon_url_format
    check (icon_url is null or (icon_url ~ '^https?://' and length(icon_url) <= 2048)),
  shared boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- 'simple': names and descriptions are in any language, so no stemming or stop words.
  search tsvector generated always as (to_tsvector('simple', name || ' ' || description)) stored
);
comment on table public.projects is 'Generated apps. icon_url is written only by private.set_project_icon.';

-- Pages walk (created_at desc, id desc): one index for "mine", one for the shared rows of "all".
create index projects_owner_page on public.projects (user_id, created_at desc, id desc);
create index projects_shared_page on public.projects (created_at desc, id desc) where shared;
create index projects_search on public.projects using gin (search);

create trigger projects_touch before update on public.projects
  for each row execute function private.touch_updated_at();

alter table public.projects enable row level security;
create policy projects_select on public.projects for select to authenticated
  using (user_id = (select auth.uid()) or shared);
create policy projects_insert_own on public.projects for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy projects_update_own on public.projects for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy projects_delete_own on public.projects for delete to authenticated
  using (user_id = (select auth.uid()));
grant select, delete on public.projects to authenticated;
-- The owner is always the caller (the column default) and the icon is the service's.
grant insert (name, description, shared), update (name, description, shared) on public.projects to authenticated;
grant all on public.projects to service_role;

create table public.project_files (
  project_id bigint not null references public.projects (id) on delete cascade,
  -- Byte order, so "ordered by path" means the same on every database.
  path text collate "C" not null constraint project_files_path_valid check (private.file_path_problem(path) is null),
  contents text not null,
  type text not null constraint project_files_type_format check (type ~ '^[A-Za-z0-9_-]{1,32}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (project_id, path)
);
create index project_files_type on public.project_files (project_id, type, path);

create trigger project_files_touch before update on public.project_files
  for each row execute function private.touch_updated_at();

alter table public.project_files enable row level security;
-- Readable wherever the project is: the projects policy decides (owner, shared, blocks).
create policy project_files_select on public.project_files for select to authenticated
  using (exists (select 1 from public.projects p where p.id = project_files.project_id));
create policy project_files_insert_own on public.project_files for insert to authenticated
  with check (exists (select 1 from public.projects p
                       where p.id = project_files.project_id and p.user_id = (select auth.uid())));
create policy project_files_update_own on public.project_files for update to authenticated
  using (exists (select 1 from public.projects p
                  where p.id = project_files.project_id and p.user_id = (select auth.uid())))
  with check (exists (select 1 from public.projects p
                       where p.id = project_files.project_id and p.user_id = (select auth.uid())));
create policy project_files_delete_own on public.project_files for delete to authenticated
  using (exists (select 1 from public.projects p
                  where p.id = project_files.project_id and p.user_id = (select auth.uid())));
grant select, delete on public.project_files to authenticated;
grant insert (project_id, path, contents, type), update (contents, type) on public.project_files to authenticated;
grant all on public.project_files to service_role;

create table public.preview_errors (
  id bigint generated always as identity primary key,
  project_id bigint not null references public.projects (id) on delete cascade,
  message text not null constraint preview_errors_message_length check (length(message) between 1 and 2000),
  stack text constraint preview_errors_stack_length check (stack is null or length(stack) <= 16000),
  created_at timestamptz not null default now()
);
create index preview_errors_project on public.preview_errors (project_id, created_at, id);

alter table public.preview_errors enable row level security;
create policy preview_errors_select_own on public.preview_errors for select to authenticated
  using (exists (select 1 from public.projects p
                  where p.id = preview_errors.project_id and p.user_id = (select auth.uid())));
create policy preview_errors_insert_own on public.preview_errors for insert to authenticated
  with check (exists (select 1 from public.projects p
                       where p.id = preview_errors.project_id and p.user_id = (select auth.uid())));
create policy preview_errors_delete_own on public.preview_errors for delete to authenticated
  using (exists (select 1 from public.projects p
                  where p.id = preview_errors.project_id and p.user_id = (select auth.uid())));
grant select, delete on public.preview_errors to authenticated;
grant insert (project_id, message, stack) on public.preview_errors to authenticated;
grant all on public.preview_errors to service_role;

-- Written by the repository-host integration's private functions; users read their own.
create table public.repohost_links (
  project_id bigint primary key references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  repohost_installation_id bigint not null,
  repohost_repository_name text not null,
  repohost_last_sync timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index repohost_links_user on public.repohost_links (user_id);
create trigger repohost_links_touch before update on public.repohost_links
  for each row execute function private.touch_updated_at();
alter table public.repohost_links enable row level security;
create policy repohost_links_select_own on public.repohost_links for select to authenticated
  using (user_id = (select auth.uid()));
grant select on public.repohost_links to authenticated;
grant all on public.repohost_links to service_role;

-- Written by the database-host integration's private functions. The anon key is stored sealed (the
-- service's AES-GCM format, a text value) and is not even selectable by `authenticated`: the column grant
-- below leaves it out.
create table public.dbhost_links (
  project_id bigint primary key references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  dbhost_project_ref text not null unique,
  dbhost_project_name text not null,
  api_url text not null,
  anon_key_encrypted text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index dbhost_links_user on public.dbhost_links (user_id);
create trigger dbhost_links_touch before update on public.dbhost_links
  for each row execute function private.touch_updated_at();
alter table public.dbhost_links enable row level security;
create policy dbhost_links_select_own on public.dbhost_links for select to authenticated
  using (user_id = (select auth.uid()));
grant select (project_id, user_id, dbhost_project_ref, dbhost_project_name, api_url, created_at, updated_at)
  on public.dbhost_links to authenticated;
grant all on public.dbhost_links to service_role;

-- Icons are public objects; on hosted projects the bucket is created here, locally the blob store
-- adapter needs none.
do $$
begin
  if to_regclass('storage.buckets') is not null then
    insert into storage.buckets (id, name, public) values ('icons', 'icons', true) on conflict (id) do nothing;
  end if;
end
$$;

-- Cursor signing key: a cursor is only accepted back when this database issued it for the same query.
create table private.cursor_keys (
  id int primary key default 1 constraint cursor_keys_single check (id = 1),
  secret bytea not null default extensions.gen_random_bytes(32)
);
alter table private.cursor_keys enable row level security;
insert into private.cursor_keys default values;

create or replace function private.base64url(data bytea)
returns text
language sql
immutable
set search_path = ''
as $$
  select translate(encode(data, 'base64'), E'+/=\n', '-_')
$$;

create or replace function private.cursor_mac(payload text, scope text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select private.base64url(substr(extensions.hmac(convert_to(payload || '|' || scope, 'UTF8'), k.secret, 'sha256'), 1, 16))
    from private.cursor_keys k
$$;

-- An opaque page position: base64url("<created_at in epoch microseconds>:<id>") "." a MAC over it and the
-- scope (caller, visibility, query), so an edited cursor or one from another query is refused.
create or replace function private.encode_cursor(created_at timestamptz, id bigint, scope text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select private.base64url(convert_to(x.payload, 'UTF8')) || '.' || private.cursor_mac(x.payload, scope)
    from (select (extract(epoch from created_at) * 1000000)::bigint::text || ':' || id::text as payload) x
$$;

create or replace function private.decode_cursor(cursor text, scope text, out created_at timestamptz, out id bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  parts text[] := regexp_match(cursor, '^([A-Za-z0-9_-]{4,64})\.([A-Za-z0-9_-]{22})$');
  payload text;
  fields text[];
begin
  if parts is not null then
    begin
      payload := convert_from(decode(rpad(translate(parts[1], '-_', '+/'), (length(parts[1]) + 3) / 4 * 4, '='),
        'base64'), 'UTF8');
    exception when others then
      payload := null;
    end;
    -- Only the canonical encoding is accepted: base64 ignores the spare bits of its last character.
    if payload is not null and private.base64url(convert_to(payload, 'UTF8')) = parts[1]
       and private.cursor_mac(payload, scope) = parts[2] then
      fields := regexp_match(payload, '^(-?[0-9]{1,17}):([0-9]{1,18})$');
    end if;
  end if;
  if fields is null then
    perform private.raise_api_error(400, 'invalid_cursor',
      'The cursor is not one this listing issued; start again without it.');
  end if;
  created_at := 'epoch'::timestamptz + fields[1]::bigint * interval '1 microsecond';
  id := fields[2]::bigint;
end
$$;
grant execute on function private.encode_cursor(timestamptz, bigint, text),
  private.decode_cursor(text, text) to authenticated;

-- The public face of a profile, as GET /users/{id} and every embedded author show it.
create or replace function api.public_profile_json(p public.profiles)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('id', p.id, 'username', p.username, 'avatar_url', p.avatar_url,
    'is_supporter', p.is_supporter, 'created_at', p.created_at, 'updated_at', p.updated_at)
$$;

create or replace function api.get_public_profile(user_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  result jsonb;
begin
  select api.public_profile_json(p) into result from public.profiles p where p.id = get_public_profile.user_id;
  if result is null then
    perform private.raise_api_error(404, 'user_not_found', 'No such user.');
  end if;
  return result;
end
$$;

-- The Project resource; the author comes from the caller's join, so a page costs one query.
create or replace function api.project_json(p public.projects, author public.profiles)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('id', p.id, 'name', p.name, 'description', p.description, 'icon_url', p.icon_url,
    'shared', p.shared, 'created_at', p.created_at, 'updated_at', p.updated_at,
    'author', api.public_profile_json(author))
$$;

create or replace function private.project_not_found()
returns void
language sql
set search_path = ''
as $$
  select private.raise_api_error(404, 'project_not_found', 'No such project.')
$$;
grant execute on function private.project_not_found() to authenticated, service_role;

-- The caller's own project, or 404 `project_not_found` — the same answer whether the project is
-- missing, private to someone else or shared by someone else, so ids reveal nothing.
create or replace function api.require_own_project(project_id bigint)
returns public.projects
language plpgsql
stable
set search_path = ''
as $$
declare
  p public.projects;
begin
  select * into p from public.projects where id = project_id and user_id = (select auth.uid());
  if not found then
    perform private.project_not_found();
  end if;
  return p;
end
$$;

-- GET /projects. Newest first with id as tie-break, so a keyset page never repeats or skips a row while
-- others are inserted; RLS adds the visibility rules (shared, blocks).
create or replace function api.list_projects(page_size int, page_cursor text, visibility text, q text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  scope text := uid::text || '|' || visibility || '|' || coalesce(q, '');
  after_created_at timestamptz;
  after_id bigint;
  result jsonb;
begin
  if page_size not between 1 and 100 or visibility not in ('mine', 'all') then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100 and visibility mine or all.');
  end if;
  if page_cursor is not null then
    select c.created_at, c.id into after_created_at, after_id from private.decode_cursor(page_cursor, scope) c;
  end if;
  with page as (
    select api.project_json(p, a) as project, p.created_at, p.id,
           row_number() over (order by p.created_at desc, p.id desc) as n
      from public.projects p
      join public.profiles a on a.id = p.user_id
     where (visibility = 'all' or p.user_id = uid)
       and (q is null or p.search @@ websearch_to_tsquery('simple', q))
       and (after_id is null or (p.created_at, p.id) < (after_created_at, after_id))
     order by p.created_at desc, p.id desc
     limit page_size + 1
  )
  select jsonb_build_object(
           'data', coalesce(jsonb_agg(project order by n) filter (where n <= page_size), '[]'::jsonb),
           'next_cursor', (select private.encode_cursor(l.created_at, l.id, scope) from page l
                            where l.n = page_size and exists (select 1 from page m where m.n > page_size)))
    into result
    from page;
  return result;
end
$$;

create or replace function api.get_project(project_id bigint)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  result jsonb;
begin
  select api.project_json(p, a) into result
    from public.projects p join public.profiles a on a.id = p.user_id
   where p.id = project_id;
  if result is null then
    perform private.project_not_found();
  end if;
  return result;
end
$$;

-- PUT /projects/{id}/files: the limits, then one upsert keyed by (project, path). Returns the saved files.
--   at most 100 files and 4 MiB of contents per request, 512 KiB per file, 500 files per project.
create or replace function api.save_project_files(project_id bigint, files jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  max_files_per_request constant int := 100;
  max_file_bytes constant int := 512 * 1024;
  max_request_bytes constant int := 4 * 1024 * 1024;
  max_project_files constant int := 500;
  file jsonb;
  problem text;
  total_bytes bigint := 0;
  seen text[] := '{}'::text[];
  existing int;
  result jsonb;
begin
  -- Checks ownership and takes the row lock that serializes concurrent saves against the project limit.
  perform from public.projects p
   where p.id = save_project_files.project_id and p.user_id = (select auth.uid())
     for no key update;
  if not found then
    perform private.project_not_found();
  end if;
  if jsonb_array_length(files) > max_files_per_request then
    perform private.raise_api_error(413, 'too_many_files',
      format('At most %s files per request.', max_files_per_request),
      jsonb_build_object('path', files -> max_files_per_request ->> 'path', 'max_files', max_files_per_request));
  end if;
  for file in select value from jsonb_array_elements(files) loop
    problem := private.file_path_problem(file ->> 'path');
    if problem is not null then
      perform private.raise_api_error(400, 'invalid_file_path',
        'File paths are relative, at most 512 characters, without "." or ".." segments, backslashes or control characters.',
        jsonb_build_object('path', file ->> 'path', 'reason', problem));
    end if;
    if (file ->> 'path') = any (seen) then
      perform private.raise_api_error(400, 'duplicate_file_path', 'A path appears twice in the request.',
        jsonb_build_object('path', file ->> 'path'));
    end if;
    seen := seen || (file ->> 'path');
    if octet_length(file ->> 'contents') > max_file_bytes then
      perform private.raise_api_error(413, 'file_too_large', format('A file holds at most %s bytes.', max_file_bytes),
        jsonb_build_object('path', file ->> 'path', 'max_bytes', max_file_bytes));
    end if;
    total_bytes := total_bytes + octet_length(file ->> 'contents');
    if total_bytes > max_request_bytes then
      perform private.raise_api_error(413, 'request_too_large',
        format('A request holds at most %s bytes of contents.', max_request_bytes),
        jsonb_build_object('path', file ->> 'path', 'max_bytes', max_request_bytes));
    end if;
  end loop;
  select count(*) into existing from public.project_files f where f.project_id = save_project_files.project_id;
  if existing + (select count(*) from unnest(seen) s(path)
                  where not exists (select 1 from public.project_files f
                                     where f.project_id = save_project_files.project_id and f.path = s.path))
     > max_project_files then
    perform private.raise_api_error(413, 'too_many_project_files',
      format('A project holds at most %s files.', max_project_files),
      jsonb_build_object('path', (select s.path from unnest(seen) with ordinality s(path, n)
                                   where not exists (select 1 from public.project_files f
                                                      where f.project_id = save_project_files.project_id
                                                        and f.path = s.path)
                                   order by s.n offset greatest(max_project_files - existing, 0) limit 1),
        'max_files', max_project_files));
  end if;
  with saved as (
    insert into public.project_files as f (project_id, path, contents, type)
    select save_project_files.project_id, r.path, r.contents, r.type
      from jsonb_to_recordset(files) as r(path text, contents text, type text)
    on conflict on constraint project_files_pkey do update set contents = excluded.contents, type = excluded.type
    returning f.path, f.contents, f.type, f.updated_at
  )
  select jsonb_build_object('data', coalesce(jsonb_agg(jsonb_build_object('path', s.path, 'contents', s.contents,
           'type', s.type, 'updated_at', s.updated_at) order by s.path), '[]'::jsonb))
    into result
    from saved s;
  return result;
end
$$;

-- POST /projects: the project and its template files in one transaction.
create or replace function api.create_project(name text, description text, shared boolean, files jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  p public.projects;
begin
  if not exists (select 1 from public.profiles where id = (select auth.uid())) then
    perform private.raise_api_error(404, 'profile_not_found', 'No profile exists for this account.');
  end if;
  begin
    insert into public.projects (name, description, shared)
    values (create_project.name, coalesce(create_project.description, ''), coalesce(create_project.shared, false))
    returning * into p;
  exception when check_violation then
    perform private.raise_api_error(400, 'invalid_request', 'The project is not valid.',
      jsonb_build_object('constraint', 'projects'));
  end;
  perform api.save_project_files(p.id, files);
  return api.get_project(p.id);
end
$$;

-- PATCH /projects/{id}: the keys present in `changes` (name, shared); owner only.
create or replace function api.update_project(project_id bigint, changes jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
begin
  begin
    update public.projects p
       set name = case when changes ? 'name' then changes ->> 'name' else p.name end,
           shared = case when changes ? 'shared' then (changes ->> 'shared')::boolean else p.shared end
     where p.id = project_id and p.user_id = (select auth.uid());
  exception when check_violation or not_null_violation then
    perform private.raise_api_error(400, 'invalid_request', 'The project change is not valid.',
      jsonb_build_object('constraint', 'projects'));
  end;
  if not found then
    perform private.project_not_found();
  end if;
  return api.get_project(project_id);
end
$$;

-- DELETE /projects/{id}: files, preview errors and links go with it by cascade; owner only.
create or replace function api.delete_project(project_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
begin
  delete from public.projects p where p.id = project_id and p.user_id = (select auth.uid());
  if not found then
    perform private.project_not_found();
  end if;
end
$$;

-- GET /projects/{id}/files: for whoever may see the project, ordered by path, optionally one type.
create or replace function api.list_project_files(project_id bigint, file_type text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (select 1 from public.projects p where p.id = project_id) then
    perform private.project_not_found();
  end if;
  return jsonb_build_object('data', coalesce((
    select jsonb_agg(jsonb_build_object('path', f.path, 'contents', f.contents, 'type', f.type,
             'updated_at', f.updated_at) order by f.path)
      from public.project_files f
     where f.project_id = list_project_files.project_id and (file_type is null or f.type = file_type)), '[]'::jsonb));
end
$$;

-- The icon generator's write: only the service sets icon_url. Returns the URL it replaced, or null when
-- the project is gone (the caller then drops the object it stored).
create or replace function private.set_project_icon(project_id bigint, icon_url text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous text;
begin
  select p.icon_url into previous from public.projects p where p.id = project_id for update;
  if not found then
    return null;
  end if;
  update public.projects p set icon_url = set_project_icon.icon_url where p.id = project_id;
  return jsonb_build_object('previous_icon_url', previous);
end
$$;
grant execute on function private.set_project_icon(bigint, text) to service_role;

create or replace function api.preview_error_json(e public.preview_errors)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('id', e.id, 'message', e.message, 'stack', e.stack, 'created_at', e.created_at)
$$;

-- GET /projects/{id}/preview-errors: the ten oldest, owner only, nothing consumed.
create or replace function api.list_preview_errors(project_id bigint)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform api.require_own_project(project_id);
  return jsonb_build_object('data', coalesce((
    select jsonb_agg(x.error order by x.created_at, x.id)
      from (select api.preview_error_json(e) as error, e.created_at, e.id
              from public.preview_errors e
             where e.project_id = list_preview_errors.project_id
             order by e.created_at, e.id limit 10) x), '[]'::jsonb));
end
$$;

-- POST /projects/{id}/preview-errors: a preview records what went wrong; owner only.
create or replace function api.record_preview_error(project_id bigint, message text, stack text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  e public.preview_errors;
begin
  perform api.require_own_project(project_id);
  begin
    insert into public.preview_errors (project_id, message, stack)
    values (record_preview_error.project_id, record_preview_error.message, record_preview_error.stack)
    returning * into e;
  exception when check_violation then
    perform private.raise_api_error(400, 'invalid_request', 'message is 1..2000 and stack at most 16000 characters.');
  end;
  return api.preview_error_json(e);
end
$$;

-- DELETE /projects/{id}/preview-errors: all of them; a second call deletes nothing and still succeeds.
create or replace function api.clear_preview_errors(project_id bigint)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  deleted int;
begin
  perform api.require_own_project(project_id);
  delete from public.preview_errors e where e.project_id = clear_preview_errors.project_id;
  get diagnostics deleted = row_count;
  return jsonb_build_object('deleted_count', deleted);
end
$$;

-- GET /projects/{id}/dbhost-link: the safe columns only; the anon key is not even selectable.
create or replace function api.get_dbhost_link(project_id bigint)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform api.require_own_project(project_id);
  select jsonb_build_object('project_id', l.project_id, 'dbhost_project_ref', l.dbhost_project_ref,
           'dbhost_project_name', l.dbhost_project_name, 'api_url', l.api_url,
           'created_at', l.created_at, 'updated_at', l.updated_at)
    into result
    from public.dbhost_links l
   where l.project_id = get_dbhost_link.project_id;
  if result is null then
    perform private.raise_api_error(404, 'dbhost_link_not_found', 'This project is not linked to a database.');
  end if;
  return result;
end
$$;

-- POST /projects/{id}/pushes: the caller's project and its repository link, or the contract's 404s.
create or replace function api.get_repohost_link(project_id bigint)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform api.require_own_project(project_id);
  select jsonb_build_object('project_id', l.project_id, 'repohost_installation_id', l.repohost_installation_id,
           'repohost_repository_name', l.repohost_repository_name, 'repohost_last_sync', l.repohost_last_sync)
    into result
    from public.repohost_links l
   where l.project_id = get_repohost_link.project_id;
  if result is null then
    perform private.raise_api_error(404, 'repository_not_linked', 'This project is not linked to a repository.');
  end if;
  return result;
end
$$;

-- DELETE /me: the ids whose icon objects go once the account is gone.
create or replace function api.own_project_ids()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(p.id), '[]'::jsonb) from public.projects p where p.user_id = (select auth.uid())
$$;

grant execute on function
  api.own_project_ids(),
  api.public_profile_json(public.profiles),
  api.project_json(public.projects, public.profiles),
  api.require_own_project(bigint),
  api.preview_error_json(public.preview_errors),
  api.list_projects(int, text, text, text),
  api.get_project(bigint),
  api.save_project_files(bigint, jsonb),
  api.create_project(text, text, boolean, jsonb),
  api.update_project(bigint, jsonb),
  api.delete_project(bigint),
  api.list_project_files(bigint, text),
  api.list_preview_errors(bigint),
  api.record_preview_error(bigint, text, text),
  api.clear_preview_errors(bigint),
  api.get_dbhost_link(bigint),
  api.get_repohost_link(bigint)
  to authenticated;
