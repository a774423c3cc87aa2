-- A project's files, their path rules and the per-project storage they count against.

-- The limits on files: the one definition the functions below enforce and the API documents (`npm run
-- types` writes them to supabase/functions/_contract/limits.gen.ts). The quota is the default of the
-- setting `storage_quota_bytes`.
CREATE FUNCTION private.file_limits() RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  return jsonb_build_object(
    'path_chars', 512,
    'files_per_request', 100,
    'bytes_per_file', 512 * 1024,
    'bytes_per_request', 4 * 1024 * 1024,
    'files_per_project', 500,
    'bytes_per_project', 20 * 1024 * 1024,
    'default_storage_quota_bytes', 100 * 1024 * 1024);
end
$$;
GRANT EXECUTE ON FUNCTION private.file_limits() TO authenticated;
GRANT EXECUTE ON FUNCTION private.file_limits() TO service_role;

-- The reason a file path is refused, or null when it is fine. One definition for the table's CHECK and
-- for the per-file errors of `PUT /projects/{id}/files`. NUL never reaches SQL (text cannot hold it).
CREATE FUNCTION private.file_path_problem(path text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  return case
    when path is null or path = '' then 'empty'
    when length(path) > (private.file_limits() ->> 'path_chars')::int then 'too_long'
    when left(path, 1) = '/' then 'absolute'
    when strpos(path, E'\\') > 0 then 'backslash'
    when path ~ '[\u0001-\u001f\u007f-\u009f]' then 'control_character'
    when path ~ '[\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]'
      then 'invisible_character'
    when strpos(path, ':') > 0 then 'colon'
    when '..' = any (string_to_array(path, '/')) then 'parent_segment'
    when '.' = any (string_to_array(path, '/')) then 'dot_segment'
    when '' = any (string_to_array(path, '/')) then 'empty_segment'
    when exists (
      select from unnest(string_to_array(path, '/')) as s
       where lower(rtrim(s, '. ') collate "C") in ('.git', 'git~1')
    ) then 'git_segment'
  end;
end
$$;
GRANT EXECUTE ON FUNCTION private.file_path_problem(path text) TO authenticated;
GRANT EXECUTE ON FUNCTION private.file_path_problem(path text) TO service_role;

-- How a file's contents are spelled in the text column: ASSET files are binary, stored as base64.
CREATE FUNCTION private.file_encoding(file_type text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select case when file_type = 'ASSET' then 'base64' else 'utf8' end $$;
GRANT EXECUTE ON FUNCTION private.file_encoding(file_type text) TO authenticated;
GRANT EXECUTE ON FUNCTION private.file_encoding(file_type text) TO service_role;

-- A file's content address: the sha-256 of its contents as stored (UTF-8 text; ASSET files' base64).
CREATE FUNCTION private.blob_address(contents text) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  return sha256(convert_to(contents, 'UTF8'));
end
$$;
GRANT EXECUTE ON FUNCTION private.blob_address(contents text) TO authenticated;
GRANT EXECUTE ON FUNCTION private.blob_address(contents text) TO service_role;

CREATE TABLE public.project_files (
    project_id bigint NOT NULL,
    -- Byte order, so "ordered by path" means the same on every database.
    path text NOT NULL COLLATE pg_catalog."C",
    contents text NOT NULL,
    type text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    sha256 bytea GENERATED ALWAYS AS (private.blob_address(contents)) STORED NOT NULL,
    CONSTRAINT project_files_path_valid CHECK ((private.file_path_problem(path) IS NULL)),
    CONSTRAINT project_files_type_format CHECK ((type ~ '^[A-Za-z0-9_-]{1,32}$'::text))
);
ALTER TABLE ONLY public.project_files
    ADD CONSTRAINT project_files_pkey PRIMARY KEY (project_id, path);
CREATE INDEX project_files_type ON public.project_files USING btree (project_id, type, path);
ALTER TABLE ONLY public.project_files
    ADD CONSTRAINT project_files_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
ALTER TABLE public.project_files ENABLE ROW LEVEL SECURITY;
GRANT SELECT,DELETE ON TABLE public.project_files TO authenticated;
GRANT ALL ON TABLE public.project_files TO service_role;
GRANT INSERT(project_id) ON TABLE public.project_files TO authenticated;
GRANT INSERT(path) ON TABLE public.project_files TO authenticated;
GRANT INSERT(contents),UPDATE(contents) ON TABLE public.project_files TO authenticated;
GRANT INSERT(type),UPDATE(type) ON TABLE public.project_files TO authenticated;

CREATE TABLE private.project_storage (
    project_id bigint NOT NULL,
    user_id uuid NOT NULL,
    files integer DEFAULT 0 NOT NULL,
    bytes bigint DEFAULT 0 NOT NULL
);
ALTER TABLE ONLY private.project_storage
    ADD CONSTRAINT project_storage_pkey PRIMARY KEY (project_id);
CREATE INDEX project_storage_user ON private.project_storage USING btree (user_id);
ALTER TABLE ONLY private.project_storage
    ADD CONSTRAINT project_storage_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
ALTER TABLE private.project_storage ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE private.project_storage IS 'Files and bytes of contents per project, kept by the project_files triggers; read for the storage limits.';

-- PUT /projects/{id}/files: the limits, then the project's next version with these files changed (one
-- upsert keyed by (project, path) of the current files). Returns the saved files. Owner only, checked here.
--   the files per request, bytes per file and per request, and files per project of private.file_limits().
CREATE FUNCTION api.save_project_files(project_id bigint, files jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  limits constant jsonb := private.file_limits();
  max_files_per_request constant int := (limits ->> 'files_per_request')::int;
  max_file_bytes constant int := (limits ->> 'bytes_per_file')::int;
  max_request_bytes constant int := (limits ->> 'bytes_per_request')::int;
  max_project_files constant int := (limits ->> 'files_per_project')::int;
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
        format('File paths are relative, at most %s characters, without "." or ".." segments, backslashes or control characters.',
               limits ->> 'path_chars'),
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
  perform private.commit_version(save_project_files.project_id, null,
    (select jsonb_agg(jsonb_build_object('path', r.path, 'contents', r.contents, 'type', r.type))
       from jsonb_to_recordset(files) as r(path text, contents text, type text)), null);
  select jsonb_build_object('data', coalesce(jsonb_agg(jsonb_build_object('path', f.path, 'contents', f.contents,
           'type', f.type, 'encoding', private.file_encoding(f.type), 'updated_at', f.updated_at) order by f.path), '[]'::jsonb))
    into result
    from public.project_files f
   where f.project_id = save_project_files.project_id and f.path = any (seen);
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.save_project_files(project_id bigint, files jsonb) TO authenticated;

-- GET /projects/{id}/files: for whoever may see the project, ordered by path, optionally one type.
CREATE FUNCTION api.list_project_files(project_id bigint, file_type text) RETURNS text
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
GRANT EXECUTE ON FUNCTION api.list_project_files(project_id bigint, file_type text) TO authenticated;

-- GET /projects/{id}/archive, one page at a time: the files after `after_path` (by path), as many as fit in
-- max_bytes of contents but at least one, so the archive is built without the whole project in memory. The
-- current files, or those of the version `version_id` (the owner's only: another project's version, or a
-- version of a project shared with the caller, is 404 version_not_found), dated when it was made. The
-- project's name comes along for the download's file name.
CREATE FUNCTION api.project_archive_page(project_id bigint, version_id uuid, after_path text, max_bytes integer) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  project_name text;
  made_at timestamptz;
begin
  select p.name into project_name from public.projects p where p.id = project_archive_page.project_id;
  if not found then
    perform private.project_not_found();
  end if;
  if version_id is not null then
    select v.created_at into made_at from public.project_versions v
     where v.id = version_id and v.project_id = project_archive_page.project_id;
    if not found then
      perform private.raise_api_error(404, 'version_not_found', 'No such version of this project.');
    end if;
  end if;
  return json_build_object('name', project_name, 'files', coalesce((
    select json_agg(json_build_object('path', page.path, 'contents', page.contents, 'type', page.type,
             'encoding', private.file_encoding(page.type), 'updated_at', page.updated_at) order by page.path)
      from (select f.path, f.contents, f.type, f.updated_at, sum(f.bytes) over (order by f.path) - f.bytes as before, f.bytes
              from (select c.path, c.contents, c.type, c.updated_at, octet_length(c.contents) as bytes
                      from public.project_files c
                     where version_id is null and c.project_id = project_archive_page.project_id
                       and (after_path is null or c.path > after_path)
                    union all
                    select vf.path, b.contents, vf.type, made_at, b.bytes
                      from public.version_files vf
                      join public.file_blobs b on b.user_id = vf.user_id and b.sha256 = vf.sha256
                     where vf.version_id = project_archive_page.version_id
                       and (after_path is null or vf.path > after_path)) f
             order by f.path) page
     where page.before = 0 or page.before + page.bytes <= max_bytes), '[]'))::text;
end
$$;
GRANT EXECUTE ON FUNCTION api.project_archive_page(project_id bigint, version_id uuid, after_path text, max_bytes integer) TO authenticated;

-- Applies per-project changes `[{project_id, files, bytes}]` to the totals, then refuses (413) a statement
-- that grew a project past its limits. Shrinking always passes. The owner's quota counts stored contents
-- (private.file_blobs_added, versions.sql).
CREATE FUNCTION private.change_project_storage(changes jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  limits constant jsonb := private.file_limits();
  max_project_files constant int := (limits ->> 'files_per_project')::int;
  max_project_bytes constant bigint := (limits ->> 'bytes_per_project')::bigint;
  over record;
begin
  -- Each change looks its project up by key (a lateral subquery with a limit is never made a hash join,
  -- which the planner chose over every project while the table was small, the changes counted as 100).
  insert into private.project_storage as s (project_id, user_id, files, bytes)
  select c.project_id, p.user_id, c.files, c.bytes
    from jsonb_to_recordset(changes) as c(project_id bigint, files int, bytes bigint)
    cross join lateral (select p.user_id from public.projects p where p.id = c.project_id limit 1) p
  on conflict (project_id) do update set files = s.files + excluded.files, bytes = s.bytes + excluded.bytes;

  select s.project_id, s.files, s.bytes, c.files as added_files, c.bytes as added_bytes into over
    from jsonb_to_recordset(changes) as c(project_id bigint, files int, bytes bigint)
    cross join lateral (select s.files, s.bytes, s.project_id from private.project_storage s
                         where s.project_id = c.project_id limit 1) s
   where (c.files > 0 and s.files > max_project_files) or (c.bytes > 0 and s.bytes > max_project_bytes)
   order by s.project_id
   limit 1;
  if found and over.added_files > 0 and over.files > max_project_files then
    perform private.raise_api_error(413, 'too_many_project_files',
      format('A project holds at most %s files.', max_project_files),
      jsonb_build_object('project_id', over.project_id, 'max_files', max_project_files));
  elsif found then
    perform private.raise_api_error(413, 'project_too_large',
      format('A project holds at most %s bytes of file contents.', max_project_bytes),
      jsonb_build_object('project_id', over.project_id, 'max_bytes', max_project_bytes));
  end if;
end
$$;

CREATE FUNCTION private.project_files_inserted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  changes jsonb := (
    select jsonb_agg(jsonb_build_object('project_id', n.project_id, 'files', n.files, 'bytes', n.bytes))
      from (select project_id, count(*) as files, sum(octet_length(contents)) as bytes
              from new_rows group by project_id) n);
begin
  if changes is not null then
    perform private.change_project_storage(changes);
  end if;
  return null;
end
$$;

CREATE FUNCTION private.project_files_updated() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  changes jsonb := (
    select jsonb_agg(jsonb_build_object('project_id', d.project_id, 'files', d.files, 'bytes', d.bytes))
      from (select x.project_id, sum(x.files) as files, sum(x.bytes) as bytes
              from (select project_id, 1 as files, octet_length(contents)::bigint as bytes from new_rows
                    union all
                    select project_id, -1, -octet_length(contents)::bigint from old_rows) x
             group by x.project_id
            having sum(x.files) <> 0 or sum(x.bytes) <> 0) d);
begin
  if changes is not null then
    perform private.change_project_storage(changes);
  end if;
  return null;
end
$$;

CREATE FUNCTION private.project_files_deleted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  changes jsonb := (
    select jsonb_agg(jsonb_build_object('project_id', o.project_id, 'files', -o.files, 'bytes', -o.bytes))
      from (select project_id, count(*) as files, sum(octet_length(contents)) as bytes
              from old_rows group by project_id) o);
begin
  if changes is not null then
    perform private.change_project_storage(changes);
  end if;
  return null;
end
$$;

CREATE POLICY project_files_delete_own ON public.project_files FOR DELETE TO authenticated USING ((EXISTS ( SELECT 1
   FROM public.projects p
  WHERE ((p.id = project_files.project_id) AND (p.user_id = ( SELECT auth.uid() AS uid))))));

CREATE POLICY project_files_insert_own ON public.project_files FOR INSERT TO authenticated WITH CHECK ((EXISTS ( SELECT 1
   FROM public.projects p
  WHERE ((p.id = project_files.project_id) AND (p.user_id = ( SELECT auth.uid() AS uid))))));

-- Readable wherever the project is: the projects policy decides (owner, shared, blocks).
CREATE POLICY project_files_select ON public.project_files FOR SELECT TO authenticated USING ((EXISTS ( SELECT 1
   FROM public.projects p
  WHERE (p.id = project_files.project_id))));

CREATE POLICY project_files_update_own ON public.project_files FOR UPDATE TO authenticated USING ((EXISTS ( SELECT 1
   FROM public.projects p
  WHERE ((p.id = project_files.project_id) AND (p.user_id = ( SELECT auth.uid() AS uid)))))) WITH CHECK ((EXISTS ( SELECT 1
   FROM public.projects p
  WHERE ((p.id = project_files.project_id) AND (p.user_id = ( SELECT auth.uid() AS uid))))));

CREATE TRIGGER project_files_touch BEFORE UPDATE ON public.project_files FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();

CREATE TRIGGER project_files_storage_insert AFTER INSERT ON public.project_files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.project_files_inserted();

CREATE TRIGGER project_files_storage_update AFTER UPDATE ON public.project_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.project_files_updated();

CREATE TRIGGER project_files_storage_delete AFTER DELETE ON public.project_files REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.project_files_deleted();
