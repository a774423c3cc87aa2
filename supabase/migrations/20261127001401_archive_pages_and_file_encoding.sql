-- Files say their encoding (`utf8`, or `base64` for ASSET files), and the archive reads them a page at a time.

set check_function_bodies = off;

CREATE FUNCTION private.file_encoding(file_type text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select case when file_type = 'ASSET' then 'base64' else 'utf8' end $$;
GRANT EXECUTE ON FUNCTION private.file_encoding(file_type text) TO authenticated;
GRANT EXECUTE ON FUNCTION private.file_encoding(file_type text) TO service_role;

CREATE OR REPLACE FUNCTION api.save_project_files(project_id bigint, files jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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
           'type', s.type, 'encoding', private.file_encoding(s.type), 'updated_at', s.updated_at) order by s.path), '[]'::jsonb))
    into result
    from saved s;
  return result;
end
$$;

CREATE OR REPLACE FUNCTION api.list_project_files(project_id bigint, file_type text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from public.projects p where p.id = project_id) then
    perform private.project_not_found();
  end if;
  return json_build_object('data', coalesce((
    select json_agg(json_build_object('path', f.path, 'contents', f.contents, 'type', f.type,
             'encoding', private.file_encoding(f.type), 'updated_at', f.updated_at) order by f.path)
      from public.project_files f
     where f.project_id = list_project_files.project_id and (file_type is null or f.type = file_type)), '[]'))::text;
end
$$;

CREATE FUNCTION api.project_archive_page(project_id bigint, after_path text, max_bytes integer) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  project_name text;
begin
  select p.name into project_name from public.projects p where p.id = project_archive_page.project_id;
  if not found then
    perform private.project_not_found();
  end if;
  return json_build_object('name', project_name, 'files', coalesce((
    select json_agg(json_build_object('path', page.path, 'contents', page.contents, 'type', page.type,
             'encoding', private.file_encoding(page.type), 'updated_at', page.updated_at) order by page.path)
      from (select f.path, f.contents, f.type, f.updated_at,
                   sum(octet_length(f.contents)) over (order by f.path) - octet_length(f.contents) as before
              from public.project_files f
             where f.project_id = project_archive_page.project_id and (after_path is null or f.path > after_path)
             order by f.path) page
     where page.before = 0 or page.before + octet_length(page.contents) <= max_bytes), '[]'))::text;
end
$$;
GRANT EXECUTE ON FUNCTION api.project_archive_page(project_id bigint, after_path text, max_bytes integer) TO authenticated;
