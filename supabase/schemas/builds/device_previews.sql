-- Device previews: the build worker runs the Expo dev server (Metro) for a project's newest version, so that a
-- phone's Expo Go opens the app from an exp:// address (and its QR code). A user has at most one preview that
-- is not over: asking for another stops the one before. The worker takes them from this table under
-- `for update skip locked`, as its own role, and reports `starting` → `ready` or `failed`, and `stopped` when
-- nobody used it for its idle time. A preview whose worker stops renewing its lease (every sync) fails.

CREATE TABLE public.device_previews (
    id bigint NOT NULL,
    project_id bigint NOT NULL,
    user_id uuid NOT NULL,
    -- The version it runs: the project's newest when it was asked for.
    version_id uuid,
    status text DEFAULT 'queued'::text NOT NULL,
    worker_id text,
    lease_token uuid,
    -- Renewed by the worker's every sync: a preview whose worker stopped answering fails when it runs out.
    lease_expires_at timestamp with time zone,
    -- What the worker reports once Metro answers: the exp:// address and its QR code (SVG, and PNG base64).
    url text,
    qr_svg text,
    qr_png text,
    error text,
    stop_reason text,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    started_at timestamp with time zone,
    ready_at timestamp with time zone,
    stopped_at timestamp with time zone,
    CONSTRAINT device_previews_status CHECK ((status = ANY (ARRAY['queued'::text, 'starting'::text, 'ready'::text, 'failed'::text, 'stopped'::text]))),
    CONSTRAINT device_previews_stop_reason CHECK ((stop_reason = ANY (ARRAY['replaced'::text, 'deleted'::text, 'idle'::text]))),
    CONSTRAINT device_previews_url CHECK ((url ~ '^exp://[^/\s]+:[0-9]+$'::text)),
    CONSTRAINT device_previews_error_length CHECK ((length(error) <= 4000)),
    CONSTRAINT device_previews_qr_length CHECK (((length(qr_svg) <= 65536) AND (length(qr_png) <= 65536)))
);
ALTER TABLE public.device_previews ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.device_previews_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY public.device_previews
    ADD CONSTRAINT device_previews_pkey PRIMARY KEY (id);
-- At most one live preview per user: a new request stops the one before (api.request_device_preview).
CREATE UNIQUE INDEX device_previews_one_per_user ON public.device_previews USING btree (user_id) WHERE (status = ANY (ARRAY['queued'::text, 'starting'::text, 'ready'::text]));
CREATE INDEX device_previews_queue ON public.device_previews USING btree (id) WHERE (status = 'queued'::text);
-- The reaper reads only the live previews.
CREATE INDEX device_previews_live ON public.device_previews USING btree (lease_expires_at) WHERE (status = ANY (ARRAY['starting'::text, 'ready'::text]));
CREATE INDEX device_previews_project ON public.device_previews USING btree (project_id, id DESC);
ALTER TABLE ONLY public.device_previews
    ADD CONSTRAINT device_previews_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.device_previews
    ADD CONSTRAINT device_previews_version_id_fkey FOREIGN KEY (version_id) REFERENCES public.project_versions(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.device_previews
    ADD CONSTRAINT device_previews_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;
ALTER TABLE public.device_previews ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.device_previews TO authenticated;
GRANT ALL ON TABLE public.device_previews TO service_role;

CREATE POLICY device_previews_select_own ON public.device_previews FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

-- The DevicePreview resource; the PNG as a data URL, ready for an <img>.
CREATE FUNCTION private.device_preview_json(d public.device_previews) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', d.id, 'project_id', d.project_id, 'version_id', d.version_id,
    'status', d.status, 'url', d.url,
    'qr_svg', d.qr_svg, 'qr_png', case when d.qr_png is not null then 'data:image/png;base64,' || d.qr_png end,
    'error', d.error, 'stop_reason', d.stop_reason, 'created_at', d.created_at, 'ready_at', d.ready_at,
    'stopped_at', d.stopped_at)
$$;
GRANT EXECUTE ON FUNCTION private.device_preview_json(d public.device_previews) TO authenticated;

-- POST /projects/{id}/device-previews: stops the caller's live preview, if any, and queues one of this
-- project. Definer, so that the table stays closed to direct writes; the owner check is its first line. The
-- caller's profile row is locked first, so two requests at once queue one after the other.
CREATE FUNCTION api.request_device_preview(project_id bigint) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  uid uuid := (select auth.uid());
  d public.device_previews;
begin
  perform from public.projects p where p.id = request_device_preview.project_id and p.user_id = uid;
  if not found then
    perform private.project_not_found();
  end if;
  perform from public.profiles where id = uid for update;
  update public.device_previews
     set status = 'stopped', stop_reason = 'replaced', stopped_at = clock_timestamp(), lease_token = null
   where user_id = uid and status in ('queued', 'starting', 'ready');
  insert into public.device_previews (project_id, user_id, version_id)
  values (request_device_preview.project_id, uid,
          private.newest_version(request_device_preview.project_id))
  returning * into d;
  perform pg_notify('device_previews', d.id::text);
  return private.device_preview_json(d);
end
$$;
GRANT EXECUTE ON FUNCTION api.request_device_preview(project_id bigint) TO authenticated;

-- GET /device-previews/{id}: the owner's, else 404 device_preview_not_found.
CREATE FUNCTION api.get_device_preview(preview_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  result jsonb;
begin
  select private.device_preview_json(d) into result from public.device_previews d where d.id = preview_id;
  if result is null then
    perform private.raise_api_error(404, 'device_preview_not_found', 'No such device preview.');
  end if;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.get_device_preview(preview_id bigint) TO authenticated;

-- A project's newest device preview that is not over, or null (the MCP tool get_preview).
CREATE FUNCTION api.project_device_preview(project_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.device_preview_json(d) from public.device_previews d
   where d.project_id = project_device_preview.project_id and d.status in ('queued', 'starting', 'ready')
   order by d.id desc limit 1
$$;
GRANT EXECUTE ON FUNCTION api.project_device_preview(project_id bigint) TO authenticated;

-- DELETE /device-previews/{id}: stops the owner's preview (its worker stops Metro); one already over stays as
-- it is. Else 404 device_preview_not_found.
CREATE FUNCTION api.stop_device_preview(preview_id bigint) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform from public.device_previews d where d.id = preview_id and d.user_id = (select auth.uid()) for update;
  if not found then
    perform private.raise_api_error(404, 'device_preview_not_found', 'No such device preview.');
  end if;
  update public.device_previews
     set status = 'stopped', stop_reason = 'deleted', stopped_at = clock_timestamp(), lease_token = null
   where id = preview_id and status in ('queued', 'starting', 'ready');
  if found then
    perform pg_notify('device_previews', preview_id::text);
  end if;
end
$$;
GRANT EXECUTE ON FUNCTION api.stop_device_preview(preview_id bigint) TO authenticated;

-- The worker's calls. A claim takes the oldest queued preview under `for update skip locked` (concurrent
-- workers never take the same one), marks it `starting`, and answers it with its version's files.
CREATE FUNCTION private.claim_device_preview(worker text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  d public.device_previews;
begin
  update public.device_previews
     set status = 'starting', worker_id = worker, lease_token = gen_random_uuid(), started_at = clock_timestamp(),
         lease_expires_at = clock_timestamp() + private.device_preview_lease()
   where id = (select x.id from public.device_previews x where x.status = 'queued' order by x.id limit 1
                  for update skip locked)
  returning * into d;
  if not found then
    return null;
  end if;
  return jsonb_build_object('id', d.id, 'project_id', d.project_id, 'lease_token', d.lease_token,
    'files', private.version_file_set(d.version_id) -> 'files');
end
$$;
GRANT EXECUTE ON FUNCTION private.claim_device_preview(worker text) TO build_worker;

-- What the worker saw: {status: ready, url, qr_svg, qr_png} once Metro answers, {status: failed, error}, or
-- {status: stopped} after its idle time. 409 preview_stopped when the preview is no longer the worker's (it
-- was replaced or deleted): the worker stops Metro.
CREATE FUNCTION private.report_device_preview(preview_id bigint, lease uuid, outcome jsonb) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  d public.device_previews;
  next_status text := outcome ->> 'status';
begin
  select * into d from public.device_previews x where x.id = preview_id and x.lease_token = lease for update;
  if not found or d.status not in ('starting', 'ready') then
    perform private.raise_api_error(409, 'preview_stopped', 'The device preview is no longer this worker''s.');
  end if;
  if next_status = 'ready' and d.status = 'starting' and outcome ->> 'url' is not null
     and outcome ->> 'qr_svg' is not null and outcome ->> 'qr_png' is not null then
    update public.device_previews
       set status = 'ready', url = outcome ->> 'url', qr_svg = outcome ->> 'qr_svg', qr_png = outcome ->> 'qr_png',
           ready_at = clock_timestamp()
     where id = d.id;
  elsif next_status = 'failed' then
    update public.device_previews
       set status = 'failed', error = left(coalesce(outcome ->> 'error', 'The dev server failed.'), 4000),
           stopped_at = clock_timestamp(), lease_token = null
     where id = d.id;
  elsif next_status = 'stopped' and d.status = 'ready' then
    update public.device_previews
       set status = 'stopped', stop_reason = 'idle', stopped_at = clock_timestamp(), lease_token = null
     where id = d.id;
  else
    perform private.raise_api_error(400, 'invalid_outcome',
      'A starting preview becomes ready (with url, qr_svg and qr_png) or failed (with error); a ready one failed or stopped.');
  end if;
  return next_status;
end
$$;
GRANT EXECUTE ON FUNCTION private.report_device_preview(preview_id bigint, lease uuid, outcome jsonb) TO build_worker;

-- How long a claimed preview lives without its worker's sync: `device_preview_lease_seconds` (default 60;
-- the worker syncs every BUILD_POLL_SECONDS, 10 by default).
CREATE FUNCTION private.device_preview_lease() RETURNS interval
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$ select make_interval(secs => private.setting('device_preview_lease_seconds', '60')::int) $$;

-- A worker's sync: the leases of the previews it runs are renewed, the previews whose worker stopped renewing
-- fail (whichever worker syncs, and the schedule `reap-device-previews`), and the ids among its own that are
-- over (replaced, deleted, their project or account gone) are answered, so that it stops their Metro.
CREATE FUNCTION private.sync_device_previews(ids bigint[]) RETURNS bigint[]
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.device_previews d set lease_expires_at = clock_timestamp() + private.device_preview_lease()
   where d.id = any(ids) and d.status in ('starting', 'ready');
  perform private.reap_device_previews();
  return (select coalesce(array_agg(i), '{}') from unnest(ids) i
           where not exists (select from public.device_previews d
                              where d.id = i and d.status in ('queued', 'starting', 'ready')));
end
$$;
GRANT EXECUTE ON FUNCTION private.sync_device_previews(ids bigint[]) TO build_worker;

-- Previews whose worker stopped renewing their lease fail, and their user may ask for another.
CREATE FUNCTION private.reap_device_previews() RETURNS integer
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with reaped as (
    update public.device_previews
       set status = 'failed', error = 'The build worker running it stopped answering.', lease_token = null,
           stopped_at = clock_timestamp()
     where status in ('starting', 'ready') and lease_expires_at < clock_timestamp()
    returning 1
  )
  select count(*)::int from reaped
$$;

-- What an agent shows of a project's previews (the MCP tools get_preview and start_device_preview): its web
-- preview_url, its newest build, and its device preview that is not over. The owner's project, else 404.
CREATE FUNCTION api.get_preview(project_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  p public.projects := api.require_own_project(project_id);
begin
  return jsonb_build_object('project_id', p.id, 'preview_url', p.preview_url,
    'latest_build', (select private.build_json(b, false) from public.builds b where b.project_id = p.id
                      order by b.project_id, b.id desc limit 1),
    'device_preview', api.project_device_preview(p.id));
end
$$;
GRANT EXECUTE ON FUNCTION api.get_preview(project_id bigint) TO authenticated;
