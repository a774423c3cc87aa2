-- Builds: every saved version of a project is built by the build worker (install, tsc --noEmit, expo
-- export), which takes them from this table as a queue under leases and serves each web export as a preview.

-- The worker's role, build_worker, is made with the schemas (foundation/schemas.sql).

CREATE TABLE public.builds (
    id bigint NOT NULL,
    project_id bigint NOT NULL,
    user_id uuid NOT NULL,
    -- The generation that saved the version, when one did.
    job_id uuid,
    -- The version built: its files, whatever the project holds by the time the worker starts. Null only for a
    -- project without a version.
    version_id uuid,
    reason text NOT NULL,
    status text DEFAULT 'queued'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    worker_id text,
    lease_token uuid,
    lease_expires_at timestamp with time zone,
    -- What was built: md5 over the paths and contents the worker read.
    files_digest text,
    steps jsonb DEFAULT '[]'::jsonb NOT NULL,
    errors jsonb DEFAULT '[]'::jsonb NOT NULL,
    log text DEFAULT ''::text NOT NULL,
    log_truncated boolean DEFAULT false NOT NULL,
    artifacts jsonb DEFAULT '{}'::jsonb NOT NULL,
    -- The unguessable path segment of the build's preview (/p/<token>/) and the errors it may report.
    preview_token text DEFAULT encode(extensions.gen_random_bytes(24), 'hex'::text) NOT NULL,
    preview_url text,
    -- The preview's first screen as a PNG (private.record_build_thumbnail); null until the worker made one.
    preview_image_url text,
    preview_errors_window timestamp with time zone,
    preview_errors_in_window integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    CONSTRAINT builds_reason CHECK ((reason = ANY (ARRAY['generation'::text, 'files'::text, 'manual'::text]))),
    CONSTRAINT builds_status CHECK ((status = ANY (ARRAY['queued'::text, 'running'::text, 'succeeded'::text, 'failed'::text, 'canceled'::text]))),
    CONSTRAINT builds_log_length CHECK ((length(log) <= 65536)),
    CONSTRAINT builds_errors_count CHECK ((jsonb_array_length(errors) <= 100))
);
ALTER TABLE public.builds ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.builds_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY public.builds
    ADD CONSTRAINT builds_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.builds
    ADD CONSTRAINT builds_preview_token UNIQUE (preview_token);
-- One queued build per project: a later request joins it and names the version it builds.
CREATE UNIQUE INDEX builds_one_queued ON public.builds USING btree (project_id) WHERE (status = 'queued'::text);
CREATE INDEX builds_queue ON public.builds USING btree (created_at, id) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]));
CREATE INDEX builds_project_page ON public.builds USING btree (project_id, id DESC);
CREATE INDEX builds_job ON public.builds USING btree (job_id) WHERE (job_id IS NOT NULL);
-- A project's versions go with it, and each takes its builds.
CREATE INDEX builds_version ON public.builds USING btree (version_id);
ALTER TABLE ONLY public.builds
    ADD CONSTRAINT builds_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.builds
    ADD CONSTRAINT builds_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.builds
    ADD CONSTRAINT builds_version_id_fkey FOREIGN KEY (version_id) REFERENCES public.project_versions(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.builds
    ADD CONSTRAINT builds_job_id_fkey FOREIGN KEY (job_id) REFERENCES public.jobs(id) ON DELETE SET NULL;
ALTER TABLE public.builds ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.builds TO authenticated;
GRANT ALL ON TABLE public.builds TO service_role;

CREATE POLICY builds_select_own ON public.builds FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

-- The Build resource; the log only where one build is read (`with_log`).
CREATE FUNCTION private.build_json(b public.builds, with_log boolean) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', b.id, 'project_id', b.project_id, 'job_id', b.job_id, 'version_id', b.version_id,
    'reason', b.reason,
    'status', b.status, 'attempts', b.attempts, 'files_digest', b.files_digest, 'steps', b.steps,
    'errors', b.errors, 'artifacts', b.artifacts, 'preview_url', b.preview_url,
    'preview_image_url', b.preview_image_url, 'created_at', b.created_at,
    'started_at', b.started_at, 'finished_at', b.finished_at)
    || case when with_log then jsonb_build_object('log', b.log, 'log_truncated', b.log_truncated) else '{}' end
$$;
GRANT EXECUTE ON FUNCTION private.build_json(b public.builds, with_log boolean) TO authenticated;

-- A build's news on the job that made its version (GET /jobs/{id}/events, type `build`): {id, status, step?,
-- preview_url?, errors?}. Nothing for a build no job asked for.
CREATE FUNCTION private.log_build_event(b public.builds, news jsonb) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if b.job_id is not null then
    insert into public.job_events (job_id, user_id, type, data)
    values (b.job_id, b.user_id, 'build', jsonb_build_object('id', b.id, 'status', b.status) || news);
  end if;
end
$$;

-- Queues a build of the project's version `build_version_id` (null: its newest), or makes the one already
-- queued build that version instead. Wakes the workers (LISTEN build_queued) when the transaction commits.
CREATE FUNCTION private.queue_build(build_project_id bigint, build_reason text, build_job_id uuid, build_version_id uuid) RETURNS public.builds
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.builds;
begin
  insert into public.builds as q (project_id, user_id, reason, job_id, version_id)
  select p.id, p.user_id, build_reason, build_job_id,
         coalesce(build_version_id, private.newest_version(p.id))
    from public.projects p where p.id = build_project_id
  on conflict (project_id) where status = 'queued'
  do update set reason = excluded.reason, job_id = coalesce(excluded.job_id, q.job_id), version_id = excluded.version_id
  returning * into b;
  if found then
    perform pg_notify('build_queued', b.id::text);
    if build_job_id is not null then
      perform private.log_build_event(b, '{}');
    end if;
  end if;
  return b;
end
$$;

-- Keeps each project's `builds_kept_per_project` (default 20) newest builds, logs and all, and always the
-- one whose preview the project shows; only finished builds go.
CREATE FUNCTION private.prune_builds() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  kept int := private.setting('builds_kept_per_project', '20')::int;
  project bigint;
begin
  for project in select distinct a.project_id from added a order by 1 loop
    delete from public.builds b
     where b.project_id = project
       and b.status in ('succeeded', 'failed', 'canceled')
       and b.preview_url is distinct from (select p.preview_url from public.projects p where p.id = project)
       and b.id not in (select k.id from public.builds k where k.project_id = project
                         order by k.project_id, k.id desc limit kept);
  end loop;
  return null;
end
$$;

CREATE TRIGGER builds_keep_newest AFTER INSERT ON public.builds REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION private.prune_builds();

-- Every saved version is built unless the setting `build_versions` is 'false' (a deployment without a
-- worker; the test stack, whose tests ask for their builds).
CREATE FUNCTION private.build_versions() RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return private.setting('build_versions', 'true') <> 'false';
end
$$;

-- Each new version (a save of the files, a generation's, a restore) queues its build; a generation's names
-- its job.
CREATE FUNCTION private.queue_build_of_version() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if private.build_versions() then
    perform private.queue_build(new.project_id, case when new.job_id is null then 'files' else 'generation' end,
      new.job_id, new.id);
  end if;
  return null;
end
$$;

CREATE TRIGGER project_versions_build AFTER INSERT ON public.project_versions FOR EACH ROW EXECUTE FUNCTION private.queue_build_of_version();

-- GET /projects/{id}/builds: newest first; the cursor is the last build's id.
CREATE FUNCTION api.list_builds(project_id bigint, page_size integer, page_cursor text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  below bigint;
  result jsonb;
begin
  perform api.require_own_project(project_id);
  if page_size is null or page_size not between 1 and 100 then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100.');
  end if;
  if page_cursor is not null then
    if page_cursor !~ '^[1-9][0-9]{0,18}$' then
      perform private.raise_api_error(400, 'invalid_cursor', 'cursor must be the next_cursor of a page.');
    end if;
    below := page_cursor::numeric;
  end if;
  with page as (
    select b, row_number() over (order by b.id desc) as k
      from public.builds b
     where b.project_id = list_builds.project_id and (below is null or b.id < below)
     -- In the order of builds_project_page, so that index is walked whatever share of all builds the project holds.
     order by b.project_id, b.id desc
     limit page_size + 1
  )
  select jsonb_build_object(
           'data', coalesce(jsonb_agg(private.build_json(b, false) order by k) filter (where k <= page_size), '[]'::jsonb),
           'next_cursor', case when count(*) > page_size then (array_agg((b).id::text) filter (where k = page_size))[1] end)
    into result
    from page;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.list_builds(project_id bigint, page_size integer, page_cursor text) TO authenticated;

-- GET /builds/{id}: the owner's build with its log, else 404 build_not_found.
CREATE FUNCTION api.get_build(build_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  result jsonb;
begin
  select private.build_json(b, true) into result from public.builds b where b.id = build_id;
  if result is null then
    perform private.raise_api_error(404, 'build_not_found', 'No such build.');
  end if;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.get_build(build_id bigint) TO authenticated;

-- POST /projects/{id}/builds: builds the version `version_id` (null: the newest) again; a build already
-- queued builds it instead. Definer, so that the queue stays closed to direct writes; the owner check (of the
-- project, and of the version: 404 version_not_found) is its first line.
CREATE FUNCTION api.request_build(project_id bigint, version_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform from public.projects p where p.id = request_build.project_id and p.user_id = (select auth.uid());
  if not found then
    perform private.project_not_found();
  end if;
  if version_id is not null then
    perform private.own_version(project_id, version_id);
  end if;
  return private.build_json(private.queue_build(project_id, 'manual', null, version_id), false);
end
$$;
GRANT EXECUTE ON FUNCTION api.request_build(project_id bigint, version_id uuid) TO authenticated;

-- The worker's calls. A claim takes the oldest queued build, or a running one whose lease expired (its
-- worker died), under `for update skip locked`, so concurrent workers never take the same build; a build
-- whose leases expired `build_max_attempts` times fails instead.
CREATE FUNCTION private.claim_build(worker text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  lease int := private.setting('build_lease_seconds', '120')::int;
  max_attempts int := private.setting('build_max_attempts', '3')::int;
  b public.builds;
begin
  for b in
    update public.builds
       set status = 'failed', finished_at = clock_timestamp(), lease_token = null, lease_expires_at = null,
           preview_url = null,
           errors = jsonb_build_array(jsonb_build_object('message',
             format('The build was started %s times and its worker stopped answering each time.', attempts)))
     where id in (select x.id from public.builds x
                   where x.status = 'running' and x.lease_expires_at < clock_timestamp() and x.attempts >= max_attempts
                   for update skip locked)
    returning *
  loop
    perform private.log_build_event(b, jsonb_build_object('preview_url', null, 'errors', b.errors));
    perform private.show_newest_preview(b.project_id);
  end loop;
  update public.builds
     set status = 'running', attempts = attempts + 1, worker_id = worker, lease_token = gen_random_uuid(),
         lease_expires_at = clock_timestamp() + make_interval(secs => lease), started_at = clock_timestamp()
   where id = (select x.id from public.builds x
                where x.status = 'queued' or (x.status = 'running' and x.lease_expires_at < clock_timestamp())
                order by x.created_at, x.id
                limit 1
                for update skip locked)
  returning * into b;
  if not found then
    return null;
  end if;
  return jsonb_build_object('id', b.id, 'project_id', b.project_id, 'lease_token', b.lease_token,
    'lease_seconds', lease, 'attempt', b.attempts, 'preview_token', b.preview_token);
end
$$;
GRANT EXECUTE ON FUNCTION private.claim_build(worker text) TO build_worker;

-- The running build the lease names, locked; 409 lease_lost when it is not (expired and taken, canceled,
-- its project deleted).
CREATE FUNCTION private.lock_leased_build(build_id bigint, lease uuid) RETURNS public.builds
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  b public.builds;
begin
  select * into b from public.builds x where x.id = build_id and x.status = 'running' and x.lease_token = lease
     for update;
  if not found then
    perform private.raise_api_error(409, 'lease_lost', 'The build is no longer leased to this worker.');
  end if;
  return b;
end
$$;

-- The files of the build's version as the build reads them (ASSET contents base64), and their digest recorded.
CREATE FUNCTION private.build_files(build_id bigint, lease uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.builds := private.lock_leased_build(build_id, lease);
  result jsonb := private.version_file_set(b.version_id);
begin
  update public.builds set files_digest = result ->> 'digest' where id = b.id;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION private.build_files(build_id bigint, lease uuid) TO build_worker;

-- Extends the lease, and with `step` (the step the build starts: install, typecheck, export_web,
-- export_android) tells the job that made its version. 'superseded' when a newer build of the project is
-- queued (the worker stops and finishes this one canceled).
CREATE FUNCTION private.heartbeat_build(build_id bigint, lease uuid, step text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.builds := private.lock_leased_build(build_id, lease);
begin
  if step is not null then
    if step not in ('install', 'typecheck', 'export_web', 'export_android') then
      perform private.raise_api_error(400, 'invalid_step', 'step is install, typecheck, export_web or export_android.');
    end if;
    perform private.log_build_event(b, jsonb_build_object('step', step));
  end if;
  update public.builds
     set lease_expires_at = clock_timestamp() + make_interval(secs => private.setting('build_lease_seconds', '120')::int)
   where id = b.id;
  if exists (select from public.builds q where q.project_id = b.project_id and q.status = 'queued' and q.id > b.id) then
    return 'superseded';
  end if;
  return 'ok';
end
$$;
GRANT EXECUTE ON FUNCTION private.heartbeat_build(build_id bigint, lease uuid, step text) TO build_worker;

-- The web export is published as soon as it is made, while the other exports run: the build and the project
-- show it at once (a user waits for the preview, not for the android bundle). Only an http(s) address.
CREATE FUNCTION private.publish_build_preview(build_id bigint, lease uuid, url text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.builds := private.lock_leased_build(build_id, lease);
begin
  if url is null or url !~ '^https?://' or length(url) > 2000 then
    perform private.raise_api_error(400, 'invalid_preview_url', 'The preview''s address is an http(s) URL.');
  end if;
  update public.builds set preview_url = url where id = b.id returning * into b;
  perform private.log_build_event(b, jsonb_build_object('step', 'preview', 'preview_url', url));
  perform private.show_newest_preview(b.project_id);
end
$$;
GRANT EXECUTE ON FUNCTION private.publish_build_preview(build_id bigint, lease uuid, url text) TO build_worker;

-- The project shows the newest preview of a build that has not failed: a running build's published web
-- export, else the newest succeeded build's (a build that fails after publishing gives its place back).
CREATE FUNCTION private.show_newest_preview(project bigint) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.projects p
     set preview_url = newest.url
    from (select (select n.preview_url from public.builds n
                   where n.project_id = project and n.preview_url is not null
                     and n.status in ('running', 'succeeded')
                   order by n.project_id, n.id desc limit 1) as url) newest
   where p.id = project and p.preview_url is distinct from newest.url
$$;

-- The worker's outcome: {status: succeeded|failed|canceled, steps, errors, log, artifacts, preview_url?}.
-- The log keeps its last 64 KiB. A succeeded build keeps the preview it published (or the outcome's); a
-- failed or canceled one drops it.
CREATE FUNCTION private.finish_build(build_id bigint, lease uuid, outcome jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.builds := private.lock_leased_build(build_id, lease);
  final_status text := outcome ->> 'status';
  full_log text := coalesce(outcome ->> 'log', '');
  max_log constant int := 65536;
begin
  if final_status is null or final_status not in ('succeeded', 'failed', 'canceled')
     or jsonb_typeof(coalesce(outcome -> 'steps', '[]')) <> 'array'
     or jsonb_typeof(coalesce(outcome -> 'errors', '[]')) <> 'array'
     or jsonb_typeof(coalesce(outcome -> 'artifacts', '{}')) <> 'object' then
    perform private.raise_api_error(400, 'invalid_outcome',
      'The outcome is succeeded, failed or canceled with steps and errors arrays and an artifacts object.');
  end if;
  update public.builds
     set status = final_status, finished_at = clock_timestamp(), lease_token = null, lease_expires_at = null,
         steps = coalesce(outcome -> 'steps', '[]'),
         errors = coalesce((select jsonb_agg(e) from (select e from jsonb_array_elements(outcome -> 'errors') e limit 100) x), '[]'),
         artifacts = coalesce(outcome -> 'artifacts', '{}'),
         log = right(full_log, max_log), log_truncated = length(full_log) > max_log,
         preview_url = case when final_status = 'succeeded' then coalesce(outcome ->> 'preview_url', b.preview_url) end
   where id = b.id
  returning * into b;
  perform private.log_build_event(b, jsonb_build_object('preview_url', b.preview_url,
    'errors', private.build_errors_brief(b.errors)));
  perform private.show_newest_preview(b.project_id);
  return private.build_json(b, false);
end
$$;
GRANT EXECUTE ON FUNCTION private.finish_build(build_id bigint, lease uuid, outcome jsonb) TO build_worker;

-- A build's errors where they travel beyond the build (a webhook, the job's events): at most 10 of at most
-- 1000 characters each, so a build that fails with a hundred long diagnostics stays a small message.
CREATE FUNCTION private.build_errors_brief(errors jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(case when x.e ? 'message'
                                 then jsonb_set(x.e, '{message}', to_jsonb(left(x.e ->> 'message', 1000)))
                                 else x.e end order by x.n), '[]')
    from jsonb_array_elements(errors) with ordinality x(e, n) where x.n <= 10
$$;

-- A finished build is delivered to the owner's endpoints subscribed to `build.succeeded` or `build.failed`:
-- the build as the list shows it, its errors brief.
CREATE FUNCTION private.webhook_build_finished() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if private.wants_webhook(new.user_id, 'build.' || new.status) then
    perform private.enqueue_webhook(new.user_id, 'build.' || new.status, private.build_json(new, false)
      || jsonb_build_object('errors', private.build_errors_brief(new.errors)));
  end if;
  return null;
end
$$;

CREATE TRIGGER builds_webhook AFTER UPDATE OF status ON public.builds FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) AND (new.status = ANY (ARRAY['succeeded'::text, 'failed'::text])))) EXECUTE FUNCTION private.webhook_build_finished();

-- The end of a build decides the job waiting for it (a model's run, jobs/runner.sql finalize_job): succeeded,
-- the job succeeds; failed with a repair round left, the job goes back to the runner (still running, no
-- runner, its lease the time one has to claim it, after which the dispatcher queues it again) for a repair
-- round fed the build's errors; otherwise (or canceled by a newer version of the project) it fails
-- `build_failed` with the build's errors; deleted unfinished (with its project), it fails `project_deleted`.
-- Any end is charged what the job's runs cost.
CREATE FUNCTION private.build_decides_job() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  j public.jobs;
begin
  select * into j from public.jobs x
   where x.id = (case when tg_op = 'DELETE' then old.job_id else new.job_id end)
     and x.status = 'running' and x.runner_id is null and x.awaiting_build is not null
     and not x.awaiting_build ? 'build_errors'
     for update;
  if not found then
    return null;
  end if;
  if tg_op = 'DELETE' then
    -- Unlinked first: the project and its versions are going in the same statement.
    update public.jobs set project_id = null, base_version_id = null, version_id = null where id = j.id
    returning * into j;
    perform private.finish_spent_job(j, 'failed', null,
      jsonb_build_object('code', 'project_deleted', 'message', 'The project was deleted during the run.'));
  elsif new.status = 'succeeded' then
    perform private.finish_spent_job(j, 'succeeded', j.awaiting_build -> 'result', null);
  elsif new.status = 'failed' and (j.awaiting_build ->> 'repairs_left')::int > 0 then
    update public.jobs
       set awaiting_build = awaiting_build || jsonb_build_object('build_errors', new.errors),
           lease_expires_at = clock_timestamp()
             + make_interval(secs => private.setting('job_redispatch_seconds', '20')::int)
     where id = j.id;
    perform private.dispatch_job(j.id);
  else
    perform private.finish_spent_job(j, 'failed', null, jsonb_build_object('code', 'build_failed',
      'message', case when new.status = 'canceled'
                      then 'The build of the generated version was canceled: a newer version of the project was saved.'
                      else 'The generated app does not build.' end,
      'details', jsonb_build_object('build_id', new.id, 'errors', private.build_errors_brief(new.errors))));
  end if;
  return null;
end
$$;

CREATE TRIGGER builds_deleted_decide_job AFTER DELETE ON public.builds FOR EACH ROW WHEN (((old.status = ANY (ARRAY['queued'::text, 'running'::text])) AND (old.job_id IS NOT NULL))) EXECUTE FUNCTION private.build_decides_job();

CREATE TRIGGER builds_decide_job AFTER UPDATE OF status ON public.builds FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) AND (new.status = ANY (ARRAY['succeeded'::text, 'failed'::text, 'canceled'::text])) AND (new.job_id IS NOT NULL))) EXECUTE FUNCTION private.build_decides_job();

-- A preview reports an error through the worker, which knows it only by the token in its path: recorded as
-- the project's preview error (GET /projects/{id}/preview-errors). At most `preview_errors_per_minute`
-- (default 10) per build a minute: 429 rate_limited.
CREATE FUNCTION private.record_build_preview_error(token text, message text, stack text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  per_minute int := private.setting('preview_errors_per_minute', '10')::int;
  b public.builds;
  e public.preview_errors;
begin
  select * into b from public.builds x where x.preview_token = token and x.status = 'succeeded' for update;
  if not found then
    perform private.raise_api_error(404, 'preview_not_found', 'No such preview.');
  end if;
  if b.preview_errors_window > clock_timestamp() - interval '1 minute' then
    if b.preview_errors_in_window >= per_minute then
      perform private.raise_api_error(429, 'rate_limited', 'Too many errors from this preview; try again in a minute.',
        jsonb_build_object('retry_after_seconds',
          ceil(extract(epoch from b.preview_errors_window + interval '1 minute' - clock_timestamp()))::int));
    end if;
    update public.builds set preview_errors_in_window = preview_errors_in_window + 1 where id = b.id;
  else
    update public.builds set preview_errors_window = clock_timestamp(), preview_errors_in_window = 1 where id = b.id;
  end if;
  begin
    insert into public.preview_errors (project_id, message, stack)
    values (b.project_id, record_build_preview_error.message, record_build_preview_error.stack)
    returning * into e;
  exception when check_violation then
    perform private.raise_api_error(400, 'invalid_request', 'message is 1..2000 and stack at most 16000 characters.');
  end;
  return api.preview_error_json(e);
end
$$;
GRANT EXECUTE ON FUNCTION private.record_build_preview_error(token text, message text, stack text) TO build_worker;

-- Of the previews a worker holds, those whose build still exists; it removes the others' files (the build was
-- pruned, or its project or account deleted), so a deleted project's preview stops being served.
CREATE FUNCTION private.live_previews(tokens text[]) RETURNS text[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(b.preview_token), '{}') from public.builds b where b.preview_token = any (tokens)
$$;
GRANT EXECUTE ON FUNCTION private.live_previews(tokens text[]) TO build_worker;
