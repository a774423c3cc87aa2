-- Attachment uploads: which stored paths a user may reference, and the sweep of abandoned ones.
-- pg_cron runs private.sweep_attachments() every ten minutes (supabase/migrations/*_schedules_and_rows.sql).

-- True only for a one-dimensional array whose every element is a path of the owner's upload.
CREATE FUNCTION private.attachment_paths_ok(owner uuid, upload_key uuid, paths text[]) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(array_ndims(paths) = 1, false)
     and not exists (select from unnest(paths) p
                      where not coalesce(private.attachment_path_ok(owner, upload_key, p), false));
$$;

CREATE TABLE public.attachment_uploads (
    user_id uuid NOT NULL,
    upload_key uuid NOT NULL,
    paths text[] NOT NULL,
    -- The job that names the upload; its runner removes the objects once the job is finalized.
    job_id uuid,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    stored_paths text[] NOT NULL,
    CONSTRAINT attachment_uploads_paths CHECK (((cardinality(paths) BETWEEN 1 AND 3) AND private.attachment_paths_ok(user_id, upload_key, paths))),
    CONSTRAINT attachment_uploads_stored_paths CHECK (((cardinality(stored_paths) BETWEEN 1 AND 9) AND private.attachment_paths_ok(user_id, upload_key, stored_paths) AND (stored_paths @> paths)))
);
ALTER TABLE ONLY public.attachment_uploads
    ADD CONSTRAINT attachment_uploads_pkey PRIMARY KEY (user_id, upload_key);
CREATE INDEX attachment_uploads_job ON public.attachment_uploads USING btree (job_id);
CREATE INDEX attachment_uploads_pending ON public.attachment_uploads USING btree (created_at) WHERE (job_id IS NULL);
ALTER TABLE ONLY public.attachment_uploads
    ADD CONSTRAINT attachment_uploads_job_id_fkey FOREIGN KEY (job_id) REFERENCES public.jobs(id) ON DELETE SET NULL;
ALTER TABLE ONLY public.attachment_uploads
    ADD CONSTRAINT attachment_uploads_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;
ALTER TABLE public.attachment_uploads ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.attachment_uploads IS 'Uploaded job attachments; written only by api.record_attachment_upload and api.create_job.';
COMMENT ON COLUMN public.attachment_uploads.stored_paths IS 'Every path recorded under the key, including those a later upload with the same key replaced: what the sweep removes.';
GRANT SELECT ON TABLE public.attachment_uploads TO authenticated;
GRANT ALL ON TABLE public.attachment_uploads TO service_role;

-- The only shape an attachment path has: the owner's id, the upload's key, the file's number and type.
CREATE FUNCTION private.attachment_path_ok(owner uuid, upload_key uuid, path text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select path ~ ('^' || owner::text || '/' || upload_key::text || '/[1-3]\.(png|jpg|webp)$');
$_$;

-- POST /jobs/attachments, before the objects are stored: the caller's upload (the same key replaces it,
-- and the replaced paths stay in stored_paths for the sweep).
-- 404 profile_not_found without a profile; 409 too_many_pending_attachments over the cap, counted under
-- the profile's row lock so concurrent uploads cannot pass it together.
CREATE FUNCTION api.record_attachment_upload(upload_key uuid, paths text[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION api.record_attachment_upload(upload_key uuid, paths text[]) TO authenticated;
GRANT EXECUTE ON FUNCTION api.record_attachment_upload(upload_key uuid, paths text[]) TO service_role;

-- The runner's sweep: uploads no job used within the TTL, and those of finished jobs (whose objects the
-- runner normally removed already; removing them again is harmless). `paths` is every object stored under
-- the key. Returns [{user_id, upload_key, paths, created_at}].
CREATE FUNCTION private.expired_attachment_uploads(max_rows integer) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION private.expired_attachment_uploads(max_rows integer) TO service_role;

-- After the sweep removed their objects: the uploads go, unless one was recorded again meanwhile (a new
-- created_at), whose objects may be stored after the removal.
CREATE FUNCTION private.forget_attachment_uploads(uploads jsonb) RETURNS integer
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with gone as (
    delete from public.attachment_uploads a
     using jsonb_to_recordset(uploads) as u(user_id uuid, upload_key uuid, created_at timestamptz)
     where a.user_id = u.user_id and a.upload_key = u.upload_key and a.created_at = u.created_at
    returning 1
  )
  select count(*)::int from gone;
$$;
GRANT EXECUTE ON FUNCTION private.forget_attachment_uploads(uploads jsonb) TO service_role;

-- pg_cron's wake-up: asks the runner to sweep when something is due.
CREATE FUNCTION private.sweep_attachments() RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  url text := private.setting('runner_url');
begin
  if url is null or private.expired_attachment_uploads(1) = '[]'::jsonb then
    return null;
  end if;
  return net.http_post(
    url := url || '/attachments/sweep',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json',
                                  'Authorization', 'Bearer ' || coalesce(private.setting('worker_secret'), '')),
    timeout_milliseconds := private.setting('dispatch_timeout_ms', '5000')::int
  );
end
$$;
GRANT EXECUTE ON FUNCTION private.sweep_attachments() TO service_role;

CREATE POLICY attachment_uploads_select_own ON public.attachment_uploads FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));
