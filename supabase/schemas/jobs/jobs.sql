-- Generation jobs: the table, its status machine and the jobs API.

CREATE TABLE public.jobs (
    id uuid DEFAULT private.uuid_v7() NOT NULL,
    user_id uuid NOT NULL,
    project_id bigint,
    type text DEFAULT 'prompt'::text NOT NULL,
    status text DEFAULT 'queued'::text NOT NULL,
    input jsonb NOT NULL,
    attachments jsonb,
    result jsonb,
    error jsonb,
    idempotency_key uuid,
    attempts integer DEFAULT 0 NOT NULL,
    runner_id uuid,
    lease_expires_at timestamp with time zone,
    -- When the job was last sent to the runner: the insert trigger sends it at once.
    dispatched_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    updated_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    held_credits bigint DEFAULT 0 NOT NULL,
    cancel_requested_at timestamp with time zone,
    -- The project's version the runner read, and the version the job made.
    base_version_id uuid,
    version_id uuid,
    -- Set while the job waits for the build of the version it made (a model's run, where versions are
    -- built): {result, usage, model, provider, cost_eur (what its runs cost so far), repairs_left}, and
    -- build_errors once that build failed and the job is queued again for a repair round.
    awaiting_build jsonb,
    CONSTRAINT jobs_held_credits CHECK ((held_credits >= 0)),
    CONSTRAINT jobs_status CHECK ((status = ANY (ARRAY['queued'::text, 'running'::text, 'succeeded'::text, 'failed'::text, 'canceled'::text]))),
    CONSTRAINT jobs_type CHECK ((type = 'prompt'::text))
);
ALTER TABLE ONLY public.jobs
    ADD CONSTRAINT jobs_idempotency UNIQUE (user_id, idempotency_key);
ALTER TABLE ONLY public.jobs
    ADD CONSTRAINT jobs_pkey PRIMARY KEY (id);
-- For the foreign keys: deleting a project's versions finds the jobs that name them.
CREATE INDEX jobs_base_version_id ON public.jobs USING btree (base_version_id);
CREATE INDEX jobs_version_id ON public.jobs USING btree (version_id);
CREATE INDEX jobs_leases ON public.jobs USING btree (lease_expires_at) WHERE (status = 'running'::text);
CREATE INDEX jobs_open ON public.jobs USING btree (user_id) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]));
CREATE INDEX jobs_project_created_at ON public.jobs USING btree (project_id, created_at);

-- The dispatcher's two scans: queued jobs nobody claimed, running jobs whose lease ran out.
CREATE INDEX jobs_queued ON public.jobs USING btree (dispatched_at) WHERE (status = 'queued'::text);

-- The unfiltered walk, and what the trigger promises.
CREATE UNIQUE INDEX jobs_user_created_at ON public.jobs USING btree (user_id, created_at);

-- The walk filtered by status, and by project (a project's jobs are all its owner's; also serves the
-- foreign key's `on delete set null`).
CREATE INDEX jobs_user_status_created_at ON public.jobs USING btree (user_id, status, created_at);
ALTER TABLE ONLY public.jobs
    ADD CONSTRAINT jobs_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE SET NULL;
ALTER TABLE ONLY public.jobs
    ADD CONSTRAINT jobs_base_version_id_fkey FOREIGN KEY (base_version_id) REFERENCES public.project_versions(id) ON DELETE SET NULL;
ALTER TABLE ONLY public.jobs
    ADD CONSTRAINT jobs_version_id_fkey FOREIGN KEY (version_id) REFERENCES public.project_versions(id) ON DELETE SET NULL;
ALTER TABLE ONLY public.jobs
    ADD CONSTRAINT jobs_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.jobs ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.jobs IS 'Async generation jobs; status changes only through private functions.';
COMMENT ON COLUMN public.jobs.held_credits IS 'Credits held against the floor while the job is queued or running.';
GRANT SELECT ON TABLE public.jobs TO authenticated;
GRANT ALL ON TABLE public.jobs TO service_role;

-- A job never leaves a terminal state, whoever tries. Deleting its project only unlinks it from the project
-- and its versions (the foreign keys' ON DELETE SET NULL, one update each), which a finished job takes.
CREATE FUNCTION private.guard_job_transition() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  links constant text[] := array['project_id', 'base_version_id', 'version_id', 'updated_at'];
begin
  if old.status in ('succeeded', 'failed', 'canceled')
     and not ((new.project_id is null or new.base_version_id is null or new.version_id is null)
              and (new.project_id is null or new.project_id = old.project_id)
              and (new.base_version_id is null or new.base_version_id = old.base_version_id)
              and (new.version_id is null or new.version_id = old.version_id)
              and to_jsonb(new) - links = to_jsonb(old) - links) then
    perform private.raise_api_error(409, 'job_terminal', 'The job is already ' || old.status || '.',
      jsonb_build_object('job_id', old.id, 'status', old.status));
  end if;
  if not (old.status = new.status
       or (old.status = 'queued' and new.status in ('running', 'canceled', 'failed'))
       or (old.status = 'running' and new.status in ('queued', 'succeeded', 'failed', 'canceled'))) then
    perform private.raise_api_error(409, 'invalid_transition',
      format('A job cannot go from %s to %s.', old.status, new.status));
  end if;
  return new;
end
$$;

-- The job as the contract shows it, with `cancel_requested_at` once a cancel was asked for, the project's
-- versions it read and made once there are, and the newest build of the version it made once one is queued.
CREATE FUNCTION private.job_json(j public.jobs) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return jsonb_strip_nulls(jsonb_build_object(
    'id', j.id, 'type', j.type, 'status', j.status, 'input', j.input,
    'created_at', j.created_at, 'updated_at', j.updated_at, 'result', j.result, 'error', j.error,
    'cancel_requested_at', j.cancel_requested_at, 'base_version_id', j.base_version_id, 'version_id', j.version_id
  )) || jsonb_build_object('project_id', j.project_id)
     || coalesce((select jsonb_build_object('build', jsonb_build_object('id', b.id, 'status', b.status,
                                                                        'preview_url', b.preview_url))
                    from public.builds b where b.job_id = j.id order by b.id desc limit 1), '{}');
end
$$;
GRANT EXECUTE ON FUNCTION private.job_json(j public.jobs) TO authenticated;
GRANT EXECUTE ON FUNCTION private.job_json(j public.jobs) TO service_role;

-- POST /jobs, second step, after the prompt was judged usable: the admission's hold moves to the job,
-- sized for the evaluated tier (an admission that expired meanwhile holds again under the floor);
-- creates the project when none is given (with the template's files and the evaluated app name), folds
-- the top-level fields into `input` (top level wins), mirrors the attachments' paths into
-- `input.attachment_refs` — which must be paths of an upload the caller recorded, named by the manifest's
-- key (400 invalid_attachments otherwise) — and inserts the job queued; the insert trigger dispatches it and
-- the upload is marked as the job's. A concurrent request with the same idempotency key gets the job the
-- first one created. Returns {job, created, project_created}.
-- `admitted`: api.submit_job has admitted the request under this transaction's lock on the wallet, so no
-- admission holds credits and the credit floor was checked.
CREATE FUNCTION private.create_job(request jsonb, admitted boolean) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  uid uuid := (select auth.uid());
  key uuid := (request ->> 'idempotency_key')::uuid;
  target bigint := (request ->> 'project_id')::bigint;
  admission uuid := (request ->> 'admission')::uuid;
  hold bigint := private.job_hold_credits(request -> 'verdict' ->> 'model');
  w public.wallets;
  existing public.jobs;
  created public.jobs;
  job_input jsonb;
  refs jsonb;
  upload public.attachment_uploads;
  project_name text;
begin
  if key is not null then
    -- Serializes requests that share a key, so exactly one creates the job.
    perform pg_advisory_xact_lock(hashtextextended(uid::text || key::text, 0));
    select * into existing from public.jobs j where j.user_id = uid and j.idempotency_key = key;
    if found then
      delete from public.job_admissions a where a.id = admission and a.user_id = uid;
      return jsonb_build_object('job', private.job_json(existing), 'created', false, 'project_created', false);
    end if;
  end if;
  refs := coalesce((select jsonb_agg(f ->> 'path') from jsonb_array_elements(request -> 'attachments' -> 'files') f), '[]');
  if jsonb_array_length(refs) > 0 then
    select * into upload from public.attachment_uploads a
     where a.user_id = uid and a.upload_key::text = request -> 'attachments' ->> 'idempotency_key';
    if not found or exists (select from jsonb_array_elements_text(refs) r where not (r = any (upload.paths))) then
      perform private.raise_api_error(400, 'invalid_attachments', 'The attachments were not uploaded by this account.');
    end if;
  end if;
  if not admitted then
    select * into w from public.wallets where user_id = uid for update;
    if not found then
      perform private.raise_api_error(404, 'profile_not_found', 'No wallet exists for this account.');
    end if;
    delete from public.job_admissions a
     where a.id = admission and a.user_id = uid and a.expires_at > clock_timestamp();
    if not found then
      perform private.check_credit_floor(w);
    end if;
  end if;
  if target is null then
    target := (api.create_project(request -> 'verdict' ->> 'appName', '', false, request -> 'template_files') ->> 'id')::bigint;
  else
    select p.name into project_name from public.projects p where p.id = target and p.user_id = uid;
    if not found then
      perform private.raise_api_error(404, 'project_not_found', 'No such project.');
    end if;
  end if;
  -- A follow-up the client named nothing for keeps its project's name.
  job_input := (request -> 'input')
    || jsonb_build_object('model', request -> 'verdict' ->> 'model',
                          'appName', coalesce(request -> 'verdict' ->> 'appName', project_name))
    || jsonb_strip_nulls(jsonb_build_object(
         'expo_push_token', request ->> 'expo_push_token',
         'live_activity_token', request ->> 'live_activity_token',
         'live_activity_user', request ->> 'live_activity_user',
         'dbhost_project_ref', request ->> 'dbhost_project_ref'))
    || case when jsonb_array_length(refs) > 0 then jsonb_build_object('attachment_refs', refs) else '{}' end;
  insert into public.jobs (user_id, project_id, type, input, attachments, idempotency_key, held_credits)
  values (uid, target, 'prompt', job_input, request -> 'attachments', key, hold)
  returning * into created;
  update public.attachment_uploads a set job_id = created.id
   where a.user_id = uid and a.upload_key = upload.upload_key;
  return jsonb_build_object('job', private.job_json(created), 'created', true,
    'project_created', (request ->> 'project_id') is null);
end
$$;
GRANT EXECUTE ON FUNCTION private.create_job(request jsonb, admitted boolean) TO service_role;

-- POST /jobs with a remote evaluator, second step (private.create_job after api.admit_job).
CREATE FUNCTION api.create_job(request jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return private.create_job(request, false);
end
$$;
GRANT EXECUTE ON FUNCTION api.create_job(request jsonb) TO service_role;

-- GET /jobs/{id}: the caller's job; anyone else's is as missing as an unknown id.
CREATE FUNCTION api.get_job(job_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  j public.jobs;
begin
  select * into j from public.jobs where id = job_id;
  if not found then
    perform private.raise_api_error(404, 'job_not_found', 'No such job.');
  end if;
  return private.job_json(j);
end
$$;
GRANT EXECUTE ON FUNCTION api.get_job(job_id uuid) TO authenticated;

-- POST /jobs/{id}/cancel, as the caller: queued → canceled at once; running → cancel requested (the
-- runner finalizes it), or canceled at once with its build when it waits for that build; canceled → the same job again; succeeded or failed → 409 job_terminal; another
-- user's job is as missing as an unknown one. Returns the job.
CREATE FUNCTION api.cancel_job(job_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  j public.jobs;
  b public.builds;
begin
  select * into j from public.jobs where id = job_id and user_id = (select auth.uid()) for update;
  if not found then
    perform private.raise_api_error(404, 'job_not_found', 'No such job.');
  end if;
  if j.status in ('succeeded', 'failed') then
    perform private.raise_api_error(409, 'job_terminal', 'The job is already ' || j.status || '.',
      jsonb_build_object('job_id', j.id, 'status', j.status));
  end if;
  if j.status = 'queued' and j.awaiting_build is null then
    j := private.finish_job(j, 'canceled', null,
      jsonb_build_object('code', 'canceled', 'message', 'The job was canceled before it started.'));
  elsif j.awaiting_build is not null and j.runner_id is null then
    -- No runner holds a job that waits for its build or its repair round: it ends now, its build with it,
    -- charged what its runs cost.
    j := private.finish_spent_job(j, 'canceled', null,
      jsonb_build_object('code', 'canceled', 'message', 'The job was canceled while it ran.'));
    for b in
      update public.builds x
         set status = 'canceled', finished_at = clock_timestamp(), lease_token = null, lease_expires_at = null
       where x.job_id = j.id and x.status in ('queued', 'running')
      returning *
    loop
      perform private.log_build_event(b, jsonb_build_object('preview_url', null, 'errors', '[]'::jsonb));
    end loop;
  elsif j.status = 'running' and j.cancel_requested_at is null then
    update public.jobs set cancel_requested_at = clock_timestamp() where id = j.id returning * into j;
  end if;
  return private.job_json(j);
end
$$;
GRANT EXECUTE ON FUNCTION api.cancel_job(job_id uuid) TO authenticated;

-- A page of the caller's jobs: `page_size` + 1 rows are read to learn whether another page exists; the
-- cursor is the last row's created_at (unique per user, so "<" is an exact position).
CREATE FUNCTION api.list_jobs(page_size integer, page_cursor text, job_status text, job_project_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  older_than timestamptz;
  result jsonb;
begin
  if page_size is null or page_size not between 1 and 100 then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100.');
  end if;
  older_than := private.timestamp_cursor(page_cursor);
  with page as (
    select j, row_number() over (order by j.created_at desc) as k
      from public.jobs j
     where j.user_id = (select auth.uid())
       and (older_than is null or j.created_at < older_than)
       and (job_status is null or j.status = job_status)
       and (job_project_id is null or j.project_id = job_project_id)
     order by j.created_at desc
     limit page_size + 1
  )
  select jsonb_build_object(
           'data', coalesce(jsonb_agg(private.job_json(j) order by k) filter (where k <= page_size), '[]'::jsonb),
           'next_cursor', case when count(*) > page_size
                            then (array_agg(private.utc_iso((j).created_at)) filter (where k = page_size))[1] end)
    into result
    from page;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.list_jobs(page_size integer, page_cursor text, job_status text, job_project_id bigint) TO authenticated;

CREATE POLICY jobs_select_own ON public.jobs FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER jobs_touch BEFORE UPDATE ON public.jobs FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();

CREATE TRIGGER jobs_guard BEFORE UPDATE ON public.jobs FOR EACH ROW EXECUTE FUNCTION private.guard_job_transition();

CREATE TRIGGER jobs_unique_created_at BEFORE INSERT ON public.jobs FOR EACH ROW EXECUTE FUNCTION private.unique_created_at('user_id');
