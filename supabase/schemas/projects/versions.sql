-- A project's versions: every job that writes files and every file save makes an immutable version, a tree
-- of paths to content-addressed blobs. A blob is stored once per owner however many versions and projects
-- hold it, and the owner's storage quota counts each blob once. public.project_files stays the current
-- files (the newest version's), read as fast as ever.

CREATE TABLE public.file_blobs (
    user_id uuid NOT NULL,
    sha256 bytea NOT NULL,
    contents text NOT NULL,
    bytes integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
ALTER TABLE ONLY public.file_blobs
    ADD CONSTRAINT file_blobs_pkey PRIMARY KEY (user_id, sha256);
ALTER TABLE ONLY public.file_blobs
    ADD CONSTRAINT file_blobs_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.file_blobs ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.file_blobs IS 'File contents by sha-256, once per owner; written only by the project_files triggers.';
GRANT SELECT ON TABLE public.file_blobs TO authenticated;
GRANT ALL ON TABLE public.file_blobs TO service_role;

CREATE POLICY file_blobs_select_own ON public.file_blobs FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

-- The bytes of an owner's blobs: what the storage quota counts.
CREATE TABLE private.blob_storage (
    user_id uuid NOT NULL,
    bytes bigint DEFAULT 0 NOT NULL
);
ALTER TABLE ONLY private.blob_storage
    ADD CONSTRAINT blob_storage_pkey PRIMARY KEY (user_id);
ALTER TABLE ONLY private.blob_storage
    ADD CONSTRAINT blob_storage_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE private.blob_storage ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.project_versions (
    id uuid DEFAULT private.uuid_v7() NOT NULL,
    project_id bigint NOT NULL,
    user_id uuid NOT NULL,
    number integer NOT NULL,
    parent_id uuid,
    -- The job that made it and its prompt; null for a file save or a restore.
    job_id uuid,
    prompt text,
    restored_from uuid,
    -- The git commit a pull or a repository's push brought it from.
    pulled_commit text,
    -- The app spec its app.spec.json holds (null when it has none, or not JSON).
    spec jsonb,
    files integer NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT project_versions_pulled_commit_format CHECK (((pulled_commit IS NULL) OR (pulled_commit ~ '^[0-9a-f]{40}$'::text)))
);
ALTER TABLE ONLY public.project_versions
    ADD CONSTRAINT project_versions_pkey PRIMARY KEY (id);
-- The head (the highest number) and the list, newest first, are index ranges.
ALTER TABLE ONLY public.project_versions
    ADD CONSTRAINT project_versions_number UNIQUE (project_id, number);
ALTER TABLE ONLY public.project_versions
    ADD CONSTRAINT project_versions_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
ALTER TABLE public.project_versions ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.project_versions IS 'Immutable versions of a project''s files, numbered per project; made only by private.commit_version.';
GRANT SELECT ON TABLE public.project_versions TO authenticated;
GRANT ALL ON TABLE public.project_versions TO service_role;

CREATE POLICY project_versions_select_own ON public.project_versions FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TABLE public.version_files (
    version_id uuid NOT NULL,
    path text NOT NULL COLLATE pg_catalog."C",
    type text NOT NULL,
    user_id uuid NOT NULL,
    sha256 bytea NOT NULL
);
ALTER TABLE ONLY public.version_files
    ADD CONSTRAINT version_files_pkey PRIMARY KEY (version_id, path);
-- Whether any version still holds a blob, when a project goes.
CREATE INDEX version_files_blob ON public.version_files USING btree (user_id, sha256);
ALTER TABLE public.version_files ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.version_files TO authenticated;
GRANT ALL ON TABLE public.version_files TO service_role;

CREATE POLICY version_files_select_own ON public.version_files FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

-- A version's files go with it. A statement trigger rather than a foreign key: only private.commit_version
-- writes version_files, always for the version it just made, and a foreign key would check each of a
-- version's files against project_versions one by one at every job.
CREATE FUNCTION private.forget_version_files() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from public.version_files f using old_rows o where f.version_id = o.id;
  return null;
end
$$;

-- Every write of current files stores its contents as the owner's blobs (once each), whoever writes.
CREATE FUNCTION private.store_file_blobs() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- Each row's project by key, never a hash of every project (see private.change_project_storage).
  insert into public.file_blobs (user_id, sha256, contents, bytes)
  select distinct on (p.user_id, n.sha256) p.user_id, n.sha256, n.contents, octet_length(n.contents)
    from new_rows n
    cross join lateral (select p.user_id from public.projects p where p.id = n.project_id limit 1) p
  on conflict do nothing;
  return null;
end
$$;

-- New blobs count against their owner's quota: a statement that takes an owner past it is refused (413).
-- The owner's wallet row is the per-user lock every money path takes first, so taking it here keeps one
-- lock order; the total is read after the lock, so it includes every concurrent writer that committed.
CREATE FUNCTION private.file_blobs_added() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  quota bigint := private.setting('storage_quota_bytes', private.file_limits() ->> 'default_storage_quota_bytes')::bigint;
  added record;
  used bigint;
begin
  for added in select n.user_id, sum(n.bytes) as bytes from new_rows n group by n.user_id order by n.user_id loop
    perform from public.wallets w where w.user_id = added.user_id for update;
    insert into private.blob_storage as s (user_id, bytes) values (added.user_id, added.bytes)
    on conflict (user_id) do update set bytes = s.bytes + excluded.bytes
    returning s.bytes into used;
    if added.bytes > 0 and used > quota then
      perform private.raise_api_error(413, 'storage_quota_exceeded',
        format('An account''s projects hold at most %s bytes of file contents in all, with their versions.', quota),
        jsonb_build_object('quota_bytes', quota, 'used_bytes', used));
    end if;
  end loop;
  return null;
end
$$;

CREATE FUNCTION private.file_blobs_removed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update private.blob_storage s set bytes = s.bytes - o.bytes
    from (select user_id, sum(bytes) as bytes from old_rows group by user_id) o
   where s.user_id = o.user_id;
  return null;
end
$$;

-- A deleted project's blobs that no version and no current file of its owner holds any more are removed,
-- which gives their bytes back to the quota: the owner's blobs are read once, each looked up in the
-- versions' index and against the owner's current files (only theirs: the planner may hash them once).
CREATE FUNCTION private.forget_project_blobs() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from public.file_blobs b
   where b.user_id in (select o.user_id from old_rows o)
     and not exists (select from public.version_files v where v.user_id = b.user_id and v.sha256 = b.sha256)
     and not exists (select from public.projects p join public.project_files f on f.project_id = p.id
                      where p.user_id in (select o.user_id from old_rows o)
                        and p.user_id = b.user_id and f.sha256 = b.sha256);
  return null;
end
$$;

-- The app spec a tree's app.spec.json holds, or null when it has none or it is not JSON (a user's edit).
CREATE FUNCTION private.spec_of(contents text) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  return contents::jsonb;
exception when invalid_text_representation then
  return null;
end
$$;

-- Three-way merge of JSON values changed on two sides: a member or element changed by one side only takes
-- that side; changed by both, objects and arrays merge member by member, anything else must agree. Arrays
-- of objects that all carry a `key` (or all an `id`) merge by it, in the newer side's order with the other
-- side's additions after; other arrays merge when both only appended to the base. Null: a conflict.
CREATE FUNCTION private.merge_json(base jsonb, ours jsonb, theirs jsonb) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  merged jsonb;
  k text;
  b jsonb;
  o jsonb;
  t jsonb;
  v jsonb;
  id_field text;
  n int;
begin
  if ours is not distinct from theirs or theirs is not distinct from base then
    return ours;
  elsif ours is not distinct from base then
    return theirs;
  elsif jsonb_typeof(ours) = 'object' and jsonb_typeof(theirs) = 'object' then
    base := case when jsonb_typeof(base) = 'object' then base else '{}' end;
    merged := '{}';
    for k in select jsonb_object_keys(base) union select jsonb_object_keys(ours) union select jsonb_object_keys(theirs) loop
      b := base -> k;
      o := ours -> k;
      t := theirs -> k;
      if o is not distinct from t or t is not distinct from b then
        v := o;
      elsif o is not distinct from b then
        v := t;
      elsif o is null or t is null then
        return null;
      else
        v := private.merge_json(b, o, t);
        if v is null then
          return null;
        end if;
      end if;
      if v is not null then
        merged := merged || jsonb_build_object(k, v);
      end if;
    end loop;
    return merged;
  elsif jsonb_typeof(ours) = 'array' and jsonb_typeof(theirs) = 'array' then
    base := case when jsonb_typeof(base) = 'array' then base else '[]' end;
    select f into id_field from unnest(array['key', 'id']) f
     where not exists (select from jsonb_array_elements(base || ours || theirs) e
                        where jsonb_typeof(e -> f) is distinct from 'string')
     limit 1;
    if id_field is not null and jsonb_array_length(ours) > 0 and jsonb_array_length(theirs) > 0 then
      merged := '[]';
      for k in
        select x.id from (
          select e ->> id_field as id, i as pos from jsonb_array_elements(theirs) with ordinality a(e, i)
          union all
          select e ->> id_field, 1000000 + i from jsonb_array_elements(ours) with ordinality a(e, i)
        ) x
         group by x.id order by min(x.pos)
      loop
        b := (select e from jsonb_array_elements(base) e where e ->> id_field = k limit 1);
        o := (select e from jsonb_array_elements(ours) e where e ->> id_field = k limit 1);
        t := (select e from jsonb_array_elements(theirs) e where e ->> id_field = k limit 1);
        if o is not distinct from t or t is not distinct from b then
          v := o;
        elsif o is not distinct from b then
          v := t;
        elsif o is null or t is null then
          return null;
        else
          v := private.merge_json(b, o, t);
          if v is null then
            return null;
          end if;
        end if;
        if v is not null then
          merged := merged || jsonb_build_array(v);
        end if;
      end loop;
      return merged;
    end if;
    n := jsonb_array_length(base);
    if (select jsonb_agg(e order by i) from jsonb_array_elements(ours) with ordinality a(e, i) where i <= n)
         is not distinct from nullif(base, '[]')
       and (select jsonb_agg(e order by i) from jsonb_array_elements(theirs) with ordinality a(e, i) where i <= n)
         is not distinct from nullif(base, '[]') then
      return theirs || coalesce((select jsonb_agg(e order by i) from jsonb_array_elements(ours) with ordinality a(e, i) where i > n), '[]');
    end if;
  end if;
  return null;
end
$$;

-- Makes the project's next version from `changes` (`[{path, contents, type}]`, or `{path, deleted: true}`)
-- made against version `base` (null: against the newest). When another version was made since `base`, the
-- changes are merged by file: a file the newer versions did not change takes this change; one they changed
-- to other contents conflicts, unless both sides are JSON that private.merge_json merges. A conflict keeps
-- nothing and answers {conflict: [paths]}; otherwise the current files take the merged changes (their
-- triggers enforce the limits and store the blobs) and become the new version: {version}. The project's
-- row lock serializes versions. `origin`: {job_id, prompt}, {restored_from} or {pulled_commit}.
CREATE FUNCTION private.commit_version(project_id bigint, base_id uuid, changes jsonb, origin jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  owner uuid;
  head public.project_versions;
  made public.project_versions;
  conflicts jsonb;
begin
  select p.user_id into owner from public.projects p where p.id = commit_version.project_id for no key update;
  if not found then
    perform private.project_not_found();
  end if;
  select * into head from public.project_versions v
   where v.project_id = commit_version.project_id order by v.number desc limit 1;

  if base_id is not null and base_id is distinct from head.id then
    -- A path the newer versions changed (base → head) that this change sets otherwise conflicts, unless
    -- both sides' JSON merges.
    select jsonb_agg(r.path order by r.path) filter (where r.conflict),
           jsonb_agg(jsonb_build_object('path', r.path, 'contents', r.contents, 'type', r.type, 'deleted', r.deleted))
      into conflicts, changes
      from (
        select c.path, c.type, c.deleted, t.theirs is not null and t.json is null as conflict,
               case when t.json is null then c.contents else jsonb_pretty(t.json) || E'\n' end as contents
          from jsonb_to_recordset(changes) as c(path text, contents text, type text, deleted boolean)
          left join lateral (
            select true as theirs,
                   case when not coalesce(c.deleted, false) and hf.path is not null and c.path like '%.json'
                        then private.merge_json(private.spec_of(bb.contents), private.spec_of(c.contents),
                                                private.spec_of(hb.contents)) end as json
              from (select) one
              left join public.version_files bf on bf.version_id = base_id and bf.path = c.path
              left join public.version_files hf on hf.version_id = head.id and hf.path = c.path
              left join public.file_blobs bb on bb.user_id = owner and bb.sha256 = bf.sha256
              left join public.file_blobs hb on hb.user_id = owner and hb.sha256 = hf.sha256
             where (bf.sha256, bf.type) is distinct from (hf.sha256, hf.type)
               and (case when coalesce(c.deleted, false) then null else private.blob_address(c.contents) end,
                    case when coalesce(c.deleted, false) then null else coalesce(c.type, 'CODE') end)
                   is distinct from (hf.sha256, hf.type)
          ) t on true
      ) r;
    if conflicts is not null then
      return jsonb_build_object('conflict', conflicts);
    end if;
  end if;

  delete from public.project_files f
   where f.project_id = commit_version.project_id
     and f.path in (select c.path from jsonb_to_recordset(changes) as c(path text, deleted boolean) where c.deleted);
  insert into public.project_files as f (project_id, path, contents, type)
  select commit_version.project_id, c.path, c.contents, coalesce(c.type, 'CODE')
    from jsonb_to_recordset(changes) as c(path text, contents text, type text, deleted boolean)
   where not coalesce(c.deleted, false)
  on conflict on constraint project_files_pkey do update set contents = excluded.contents, type = excluded.type
    where (f.contents, f.type) is distinct from (excluded.contents, excluded.type);

  insert into public.project_versions (project_id, user_id, number, parent_id, job_id, prompt, restored_from,
                                      pulled_commit, spec, files)
  select commit_version.project_id, owner, coalesce(head.number, 0) + 1, head.id, (origin ->> 'job_id')::uuid,
         origin ->> 'prompt', (origin ->> 'restored_from')::uuid, origin ->> 'pulled_commit',
         (select private.spec_of(f.contents) from public.project_files f
           where f.project_id = commit_version.project_id and f.path = 'app.spec.json'),
         -- The count the storage triggers keep (files.sql) rather than a count of the files again.
         coalesce((select s.files from private.project_storage s where s.project_id = commit_version.project_id), 0)
  returning * into made;
  insert into public.version_files (version_id, path, type, user_id, sha256)
  select made.id, f.path, f.type, owner, f.sha256 from public.project_files f where f.project_id = commit_version.project_id;
  return jsonb_build_object('version', private.version_json(made));
end
$$;

-- What a push to a git repository carries: the versions made after `pushed_id` (the last one pushed there;
-- null: none yet), oldest first, each one commit: {version_id, message, date, files, deleted}. The first
-- one's `files` are complete, each later one's only those changed since the one before, with the paths it
-- removed. At most 20 versions per push: beyond that the newest 20 go, and the first of them, holding the
-- older ones' changes too, says so in its message. Nothing made since: the newest version alone (a push
-- that changes nothing commits nothing). Invoker: reads the caller's versions under RLS.
CREATE FUNCTION private.push_snapshots(project_id bigint, pushed_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- The newest 21 versions after the pushed one, read backwards on (project_id, number) whatever their count:
  -- a 21st says older ones are held by the first commit (numbers are consecutive, so they start right after
  -- the pushed one).
  with pushed as (
    select coalesce((select p.number from public.project_versions p
                      where p.id = pushed_id and p.project_id = push_snapshots.project_id), 0) as number
  ),
  since as (
    select v.* from public.project_versions v
     where v.project_id = push_snapshots.project_id and v.number > (select number from pushed)
     order by v.number desc limit 21
  ),
  picked as (
    select * from (select * from since order by number desc limit 20) s
    union all
    select * from (select v.* from public.project_versions v where v.project_id = push_snapshots.project_id
                    order by v.number desc limit 1) h
     where not exists (select from since)
  ),
  chain as (
    select p.*, lag(p.id) over (order by p.number) as previous, row_number() over (order by p.number) as k
      from picked p
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'version_id', c.id,
           'date', c.created_at,
           'message', coalesce(c.prompt,
                        'Pull ' || c.pulled_commit,
                        'Restore version ' || (select r.number from public.project_versions r where r.id = c.restored_from),
                        'Save files')
                      || case when c.k = 1 and (select count(*) from since) > 20
                           then format(E'\n\nAlso holds versions %s to %s: a push writes at most 20 versions as commits.',
                                       (select number + 1 from pushed), c.number - 1)
                           else '' end,
           'files', coalesce((select jsonb_agg(jsonb_build_object('path', f.path, 'contents', b.contents,
                                               'encoding', private.file_encoding(f.type)) order by f.path)
                                from public.version_files f
                                join public.file_blobs b on b.user_id = f.user_id and b.sha256 = f.sha256
                                left join public.version_files o on o.version_id = c.previous and o.path = f.path
                               where f.version_id = c.id and (o.sha256, o.type) is distinct from (f.sha256, f.type)),
                             '[]'::jsonb),
           'deleted', coalesce((select jsonb_agg(o.path order by o.path) from public.version_files o
                                 where o.version_id = c.previous
                                   and not exists (select from public.version_files f
                                                    where f.version_id = c.id and f.path = o.path)), '[]'::jsonb))
         order by c.number), '[]'::jsonb)
    from chain c
$$;
GRANT EXECUTE ON FUNCTION private.push_snapshots(project_id bigint, pushed_id uuid) TO authenticated;
GRANT EXECUTE ON FUNCTION private.push_snapshots(project_id bigint, pushed_id uuid) TO service_role;

-- A project's newest version; null when it has none.
CREATE FUNCTION private.newest_version(project bigint) RETURNS uuid
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return (select v.id from public.project_versions v where v.project_id = project order by v.number desc limit 1);
end
$$;
GRANT EXECUTE ON FUNCTION private.newest_version(project bigint) TO service_role;

-- A version's files as a build or a dev server reads them (ASSET contents base64), in path order, with their
-- digest.
CREATE FUNCTION private.version_file_set(version uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
           'digest', md5(coalesce(string_agg(md5(f.path) || md5(c.contents), '' order by f.path), '')),
           'files', coalesce(jsonb_agg(jsonb_build_object('path', f.path, 'contents', c.contents,
                      'encoding', private.file_encoding(f.type)) order by f.path), '[]'::jsonb))
    from public.version_files f
    join public.file_blobs c on c.user_id = f.user_id and c.sha256 = f.sha256
   where f.version_id = version
$$;

-- A version as the contract shows it.
CREATE FUNCTION private.version_json(v public.project_versions) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return jsonb_build_object('id', v.id, 'project_id', v.project_id, 'number', v.number, 'parent_id', v.parent_id,
    'job_id', v.job_id, 'prompt', v.prompt, 'restored_from', v.restored_from, 'files', v.files,
    'spec', v.spec, 'created_at', v.created_at);
end
$$;
GRANT EXECUTE ON FUNCTION private.version_json(v public.project_versions) TO authenticated;

-- The caller's version `version_id` of the caller's project: a project that is not the caller's is
-- 404 project_not_found, a version not of it 404 version_not_found.
CREATE FUNCTION private.own_version(project_id bigint, version_id uuid) RETURNS public.project_versions
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v public.project_versions;
begin
  if not exists (select from public.projects p where p.id = own_version.project_id and p.user_id = (select auth.uid())) then
    perform private.project_not_found();
  end if;
  select * into v from public.project_versions pv where pv.id = version_id and pv.project_id = own_version.project_id;
  if not found then
    perform private.raise_api_error(404, 'version_not_found', 'No such version of this project.');
  end if;
  return v;
end
$$;
GRANT EXECUTE ON FUNCTION private.own_version(project_id bigint, version_id uuid) TO authenticated;

-- GET /projects/{id}/versions: the owner's versions, newest first; the cursor is the last one's number.
CREATE FUNCTION api.list_versions(project_id bigint, page_size integer, page_cursor text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  below int;
  result jsonb;
begin
  if page_size is null or page_size not between 1 and 100 then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100.');
  end if;
  if page_cursor is not null and page_cursor !~ '^[1-9][0-9]{0,8}$' then
    perform private.raise_api_error(400, 'invalid_cursor', 'cursor must be the next_cursor of a page.');
  end if;
  below := page_cursor::int;
  if not exists (select from public.projects p where p.id = list_versions.project_id and p.user_id = (select auth.uid())) then
    perform private.project_not_found();
  end if;
  with page as (
    select v, row_number() over (order by v.number desc) as k
      from public.project_versions v
     where v.project_id = list_versions.project_id and (below is null or v.number < below)
     order by v.number desc
     limit page_size + 1
  )
  select jsonb_build_object(
           'data', coalesce(jsonb_agg(private.version_json(v) order by k) filter (where k <= page_size), '[]'::jsonb),
           'next_cursor', case when count(*) > page_size
                            then (array_agg((v).number::text) filter (where k = page_size))[1] end)
    into result
    from page;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.list_versions(project_id bigint, page_size integer, page_cursor text) TO authenticated;

-- The pages of a version's files and of a diff: at most `page_files` files, and no more than `page_bytes` of
-- contents unless one file alone holds more.
CREATE FUNCTION private.version_limits() RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('page_files', 500, 'page_bytes', 1024 * 1024)
$$;
GRANT EXECUTE ON FUNCTION private.version_limits() TO authenticated;
GRANT EXECUTE ON FUNCTION private.version_limits() TO service_role;

-- A page's `page_size` (1..page_files) and `after_path` cursor.
CREATE FUNCTION private.check_file_page(page_size integer, after_path text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  max_files constant int := (private.version_limits() ->> 'page_files')::int;
begin
  if page_size is null or page_size not between 1 and max_files then
    perform private.raise_api_error(400, 'invalid_request', format('limit must be 1..%s.', max_files));
  end if;
  if after_path = '' or length(after_path) > 512 then
    perform private.raise_api_error(400, 'invalid_cursor', 'cursor must be the next_cursor of a page.');
  end if;
end
$$;
GRANT EXECUTE ON FUNCTION private.check_file_page(page_size integer, after_path text) TO authenticated;

-- GET /projects/{id}/versions/{v}: the version and a page of its files by path (optionally one type), within
-- private.version_limits(), as JSON text.
CREATE FUNCTION api.get_version(project_id bigint, version_id uuid, file_type text, after_path text, page_size integer) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  max_bytes constant int := (private.version_limits() ->> 'page_bytes')::int;
  v public.project_versions := private.own_version(project_id, version_id);
  result text;
begin
  perform private.check_file_page(page_size, after_path);
  with candidates as (
    select f.path, f.type, f.user_id, f.sha256, b.bytes
      from public.version_files f
      join public.file_blobs b on b.user_id = f.user_id and b.sha256 = f.sha256
     where f.version_id = v.id and (file_type is null or f.type = file_type) and (after_path is null or f.path > after_path)
     order by f.path
     limit page_size + 1
  ),
  page as (
    select c.*, row_number() over (order by c.path) as k, sum(c.bytes) over (order by c.path) as upto
      from candidates c
  ),
  kept as (select * from page where k <= page_size and (k = 1 or upto <= max_bytes))
  select json_build_object('version', private.version_json(v),
           'data', coalesce(json_agg(json_build_object('path', k.path, 'contents', b.contents, 'type', k.type,
                     'encoding', private.file_encoding(k.type)) order by k.path), '[]'),
           'next_cursor', case when (select count(*) from candidates) > count(*) then max(k.path) end)::text
    into result
    from kept k join public.file_blobs b on b.user_id = k.user_id and b.sha256 = k.sha256;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.get_version(project_id bigint, version_id uuid, file_type text, after_path text, page_size integer) TO authenticated;

-- GET /projects/{id}/versions/{v}/diff: a page of the files that differ between `against` (default: v's
-- parent; none for the first version) and v, by path, each `added`, `removed` or `changed` with both
-- contents, within private.version_limits(). `against` not a version of the project
-- is 400 invalid_against.
CREATE FUNCTION api.diff_versions(project_id bigint, version_id uuid, against uuid, after_path text, page_size integer) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  max_bytes constant int := (private.version_limits() ->> 'page_bytes')::int;
  v public.project_versions := private.own_version(project_id, version_id);
  a public.project_versions;
  result text;
begin
  perform private.check_file_page(page_size, after_path);
  if against is not null then
    select * into a from public.project_versions pv where pv.id = against and pv.project_id = diff_versions.project_id;
    if not found then
      perform private.raise_api_error(400, 'invalid_against', 'against must be a version of this project.',
        jsonb_build_object('against', against));
    end if;
  elsif v.parent_id is not null then
    select * into a from public.project_versions pv where pv.id = v.parent_id;
  end if;
  with candidates as (
    select coalesce(n.path, o.path) as path, o.type as old_type, n.type as new_type, o.user_id,
           o.sha256 as old_sha, n.sha256 as new_sha
      from (select * from public.version_files f where f.version_id = a.id and (after_path is null or f.path > after_path)) o
      full join (select * from public.version_files f where f.version_id = v.id and (after_path is null or f.path > after_path)) n
        on n.path = o.path
     where (o.sha256, o.type) is distinct from (n.sha256, n.type)
     order by 1
     limit page_size + 1
  ),
  page as (
    select c.*, row_number() over (order by c.path) as k,
           sum(coalesce(ob.bytes, 0) + coalesce(nb.bytes, 0)) over (order by c.path) as upto
      from candidates c
      left join public.file_blobs ob on ob.user_id = v.user_id and ob.sha256 = c.old_sha
      left join public.file_blobs nb on nb.user_id = v.user_id and nb.sha256 = c.new_sha
  ),
  kept as (select * from page where k <= page_size and (k = 1 or upto <= max_bytes))
  select json_build_object('version', private.version_json(v),
           'against', case when a.id is not null then private.version_json(a) end,
           'data', coalesce(json_agg(json_build_object(
             'path', k.path,
             'status', case when k.old_type is null then 'added' when k.new_type is null then 'removed' else 'changed' end,
             'type', coalesce(k.new_type, k.old_type), 'old_type', k.old_type,
             'old_contents', ob.contents, 'new_contents', nb.contents) order by k.path), '[]'),
           'next_cursor', case when (select count(*) from candidates) > count(*) then max(k.path) end)::text
    into result
    from kept k
    left join public.file_blobs ob on ob.user_id = v.user_id and ob.sha256 = k.old_sha
    left join public.file_blobs nb on nb.user_id = v.user_id and nb.sha256 = k.new_sha;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.diff_versions(project_id bigint, version_id uuid, against uuid, after_path text, page_size integer) TO authenticated;

-- POST /projects/{id}/versions/{v}/restore: a new version whose files (app spec included) are v's. Owner only.
CREATE FUNCTION api.restore_version(project_id bigint, version_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v public.project_versions := private.own_version(project_id, version_id);
begin
  return private.commit_version(project_id, null, (
    select jsonb_agg(case when r.path is null then jsonb_build_object('path', f.path, 'deleted', true)
                          else jsonb_build_object('path', r.path, 'contents', b.contents, 'type', r.type) end)
      from (select * from public.version_files x where x.version_id = v.id) r
      full join (select * from public.project_files y where y.project_id = restore_version.project_id) f on f.path = r.path
      left join public.file_blobs b on b.user_id = r.user_id and b.sha256 = r.sha256
     where (r.sha256, r.type) is distinct from (f.sha256, f.type)),
    jsonb_build_object('restored_from', v.id)) -> 'version';
end
$$;
GRANT EXECUTE ON FUNCTION api.restore_version(project_id bigint, version_id uuid) TO authenticated;

CREATE TRIGGER project_files_blobs_insert AFTER INSERT ON public.project_files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.store_file_blobs();

CREATE TRIGGER project_files_blobs_update AFTER UPDATE ON public.project_files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.store_file_blobs();

CREATE TRIGGER file_blobs_storage_insert AFTER INSERT ON public.file_blobs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.file_blobs_added();

CREATE TRIGGER file_blobs_storage_delete AFTER DELETE ON public.file_blobs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.file_blobs_removed();

CREATE TRIGGER project_versions_forget_files AFTER DELETE ON public.project_versions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.forget_version_files();

CREATE TRIGGER projects_forget_blobs AFTER DELETE ON public.projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.forget_project_blobs();
