-- A job's event log (status changes, progress, and the build of the version it made) as the API pages it.

CREATE TABLE public.job_events (
    id bigint NOT NULL,
    job_id uuid NOT NULL,
    user_id uuid NOT NULL,
    type text NOT NULL,
    data jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT job_events_type CHECK ((type = ANY (ARRAY['status'::text, 'progress'::text, 'build'::text])))
);
ALTER TABLE public.job_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.job_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY public.job_events
    ADD CONSTRAINT job_events_pkey PRIMARY KEY (id);
CREATE INDEX job_events_job ON public.job_events USING btree (job_id, id);
CREATE INDEX job_events_user ON public.job_events USING btree (user_id);
ALTER TABLE ONLY public.job_events
    ADD CONSTRAINT job_events_job_id_fkey FOREIGN KEY (job_id) REFERENCES public.jobs(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.job_events
    ADD CONSTRAINT job_events_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.job_events ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.job_events IS 'What happened to a job, in order; written only by triggers and private functions.';
GRANT SELECT ON TABLE public.job_events TO authenticated;
GRANT ALL ON TABLE public.job_events TO service_role;

-- A status event carries the job as the contract shows it.
CREATE FUNCTION private.log_job_status() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.job_events (job_id, user_id, type, data)
  values (new.id, new.user_id, 'status', private.job_json(new));
  return null;
end
$$;

-- The runner's progress: {phase, files_written, tokens_so_far}, appended only while it holds the job
-- (false otherwise), under the job's row lock.
CREATE FUNCTION private.record_job_progress(job_id uuid, runner uuid, progress jsonb) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  j public.jobs;
begin
  select * into j from public.jobs where id = job_id and status = 'running' and runner_id = runner for update;
  if not found then
    return false;
  end if;
  insert into public.job_events (job_id, user_id, type, data)
  values (j.id, j.user_id, 'progress', jsonb_build_object(
    'phase', progress ->> 'phase',
    'files_written', coalesce((progress ->> 'files_written')::int, 0),
    'tokens_so_far', coalesce((progress ->> 'tokens_so_far')::bigint, 0)));
  return true;
end
$$;
GRANT EXECUTE ON FUNCTION private.record_job_progress(job_id uuid, runner uuid, progress jsonb) TO service_role;

-- GET /jobs/{id}/events, one poll: the caller's job's status and up to `max_events` events after
-- `after_id`, read in one snapshot, and `done`: the job is terminal and no build of it is queued or running,
-- so `done` with fewer events than asked means the log is complete. Another user's job is as missing as an
-- unknown one.
CREATE FUNCTION api.job_events(job_id uuid, after_id bigint, max_events integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  job_status text;
begin
  select j.status into job_status from public.jobs j where j.id = job_id;
  if not found then
    perform private.raise_api_error(404, 'job_not_found', 'No such job.');
  end if;
  return jsonb_build_object('status', job_status,
    'done', job_status in ('succeeded', 'failed', 'canceled')
            and not exists (select from public.builds b where b.job_id = job_events.job_id and b.status in ('queued', 'running')),
    'events', coalesce((
    select jsonb_agg(jsonb_build_object('id', e.id, 'type', e.type, 'data', e.data) order by e.id)
      from (select * from public.job_events e
             where e.job_id = job_events.job_id and e.id > coalesce(after_id, 0)
             order by e.id
             limit max_events) e), '[]'::jsonb));
end
$$;
GRANT EXECUTE ON FUNCTION api.job_events(job_id uuid, after_id bigint, max_events integer) TO authenticated;

CREATE POLICY job_events_select_own ON public.job_events FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER jobs_log_created AFTER INSERT ON public.jobs FOR EACH ROW EXECUTE FUNCTION private.log_job_status();

CREATE TRIGGER jobs_log_status AFTER UPDATE OF status, cancel_requested_at ON public.jobs FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.cancel_requested_at IS DISTINCT FROM new.cancel_requested_at))) EXECUTE FUNCTION private.log_job_status();
