-- Two ways an upload row made the sweep miss objects, the second for every user at once:
-- * Re-sending an upload's key replaces its paths, but the objects of the earlier upload stay in storage
--   under the same key (three files, then one: 2 and 3 remain; png, then jpg: the png remains). The sweep
--   removed only the current paths, so those objects were never removed and counted against no cap.
--   `stored_paths` keeps every path ever recorded under the key (at most 9: three numbers, three types), and
--   the sweep removes them all; a row is forgotten only if it was not recorded again since it was listed.
-- * The paths CHECK let a NULL element or a two-dimensional array through (a CHECK passes on NULL, and
--   `paths[2]` of a 2-D array is NULL), so `api.record_attachment_upload(key, array[null])`, called directly
--   by any user, left a row whose paths the runner cannot remove: the sweep failed on it every time, oldest
--   first, and nobody's attachments were swept again. Every element is now checked, NULL is refused.

-- True only for a one-dimensional array whose every element is a path of the owner's upload.
create or replace function private.attachment_paths_ok(owner uuid, upload_key uuid, paths text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_ndims(paths) = 1, false)
     and not exists (select from unnest(paths) p
                      where not coalesce(private.attachment_path_ok(owner, upload_key, p), false));
$$;
revoke execute on function private.attachment_paths_ok(uuid, uuid, text[]) from public, anon, authenticated;

-- Rows no upload through the API can make (only a direct call could); nothing was stored for them.
delete from public.attachment_uploads a where not private.attachment_paths_ok(a.user_id, a.upload_key, a.paths);
alter table public.attachment_uploads drop constraint attachment_uploads_paths,
  add constraint attachment_uploads_paths check (
    cardinality(paths) between 1 and 3 and private.attachment_paths_ok(user_id, upload_key, paths));

alter table public.attachment_uploads add column stored_paths text[];
update public.attachment_uploads set stored_paths = paths;
alter table public.attachment_uploads alter column stored_paths set not null,
  add constraint attachment_uploads_stored_paths check (
    cardinality(stored_paths) between 1 and 9 and private.attachment_paths_ok(user_id, upload_key, stored_paths)
    and stored_paths @> paths);
comment on column public.attachment_uploads.stored_paths is
  'Every path recorded under the key, including those a later upload with the same key replaced: what the sweep removes.';

-- POST /jobs/attachments, before the objects are stored: the caller's upload (the same key replaces it,
-- and the replaced paths stay in stored_paths for the sweep).
-- 404 profile_not_found without a profile; 409 too_many_pending_attachments over the cap, counted under
-- the profile's row lock so concurrent uploads cannot pass it together.
create or replace function api.record_attachment_upload(upload_key uuid, paths text[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  cap int := private.setting('attachment_pending_limit', '10')::int;
begin
  perform from public.profiles p where p.id = uid for update;
  if not found then
    perform private.raise_api_error(404, 'profile_not_found', 'No profile exists for this account.');
  end if;
  if (select count(*) from public.attachment_uploads a
       where a.user_id = uid and a.job_id is null and a.upload_key <> record_attachment_upload.upload_key) >= cap then
    perform private.raise_api_error(409, 'too_many_pending_attachments',
      format('At most %s uploads may wait for a job; use or let them expire first.', cap),
      jsonb_build_object('limit', cap));
  end if;
  begin
    insert into public.attachment_uploads as a (user_id, upload_key, paths, stored_paths)
    values (uid, record_attachment_upload.upload_key, record_attachment_upload.paths, record_attachment_upload.paths)
    on conflict on constraint attachment_uploads_pkey do update
      set paths = excluded.paths, job_id = null, created_at = clock_timestamp(),
          stored_paths = array(select distinct p from unnest(a.stored_paths || excluded.paths) p order by p);
  exception when check_violation or not_null_violation then
    perform private.raise_api_error(400, 'invalid_attachments', 'Attachment paths are <user id>/<key>/<1..3>.<ext>.');
  end;
end
$$;

-- The runner's sweep: uploads no job used within the TTL, and those of finished jobs (whose objects the
-- runner normally removed already; removing them again is harmless). `paths` is every object stored under
-- the key. Returns [{user_id, upload_key, paths, created_at}].
create or replace function private.expired_attachment_uploads(max_rows int)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('user_id', a.user_id, 'upload_key', a.upload_key,
                                               'paths', a.stored_paths, 'created_at', a.created_at)), '[]')
    from (select a.* from public.attachment_uploads a
           left join public.jobs j on j.id = a.job_id
          where (a.job_id is null and a.created_at < clock_timestamp()
                   - make_interval(secs => private.setting('attachment_ttl_seconds', '86400')::int))
             or j.status in ('succeeded', 'failed', 'canceled')
          order by a.created_at
          limit max_rows) a;
$$;

-- After the sweep removed their objects: the uploads go, unless one was recorded again meanwhile (a new
-- created_at), whose objects may be stored after the removal.
create or replace function private.forget_attachment_uploads(uploads jsonb)
returns int
language sql
security definer
set search_path = ''
as $$
  with gone as (
    delete from public.attachment_uploads a
     using jsonb_to_recordset(uploads) as u(user_id uuid, upload_key uuid, created_at timestamptz)
     where a.user_id = u.user_id and a.upload_key = u.upload_key and a.created_at = u.created_at
    returning 1
  )
  select count(*)::int from gone;
$$;
