-- Dispatch: queued jobs are sent to the job-runner function through pg_net.
-- pg_cron runs private.dispatch_jobs() every few seconds (supabase/migrations/*_schedules_and_rows.sql).

-- Sends one job to the runner through pg_net; the request leaves after the transaction commits.
-- Without a configured runner the job waits queued until one is set (the dispatcher retries).
CREATE FUNCTION private.dispatch_job(job_id uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  url text;
  secret text;
  timeout int;
begin
  select max(s.value) filter (where s.key = 'runner_url'),
         coalesce(max(s.value) filter (where s.key = 'worker_secret'), ''),
         coalesce(max(s.value) filter (where s.key = 'dispatch_timeout_ms'), '5000')::int
    into url, secret, timeout
    from private.settings s
   where s.key in ('runner_url', 'worker_secret', 'dispatch_timeout_ms');
  if url is null then
    return null;
  end if;
  return net.http_post(
    url := url,
    body := jsonb_build_object('job_id', job_id),
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || secret),
    timeout_milliseconds := timeout
  );
end
$$;

CREATE FUNCTION private.dispatch_new_job() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.dispatch_job(new.id);
  return null;
end
$$;

-- The dispatcher, as before, except that a running job whose cancel was asked for and whose runner
-- stopped answering is canceled rather than requeued (charged only the runs of a job that waited for its
-- build, as a job given up is).
CREATE FUNCTION private.dispatch_jobs() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  j public.jobs;
  touched int := 0;
  sent int;
  due uuid[];
  stale uuid[];
  max_attempts int := private.setting('job_max_attempts', '3')::int;
  redispatch_after interval := make_interval(secs => private.setting('job_redispatch_seconds', '20')::int);
  start_seconds int := private.setting('job_start_seconds', '600')::int;
  batch int := private.setting('dispatch_batch', '200')::int;
  url text := private.setting('runner_url');
  headers jsonb := jsonb_build_object('Content-Type', 'application/json',
                                      'Authorization', 'Bearer ' || coalesce(private.setting('worker_secret'), ''));
  timeout int := private.setting('dispatch_timeout_ms', '5000')::int;
begin
  for j in
    select * from public.jobs
     where status = 'running' and lease_expires_at < clock_timestamp()
     order by lease_expires_at
     limit 200
       for update skip locked
  loop
    if j.cancel_requested_at is not null then
      perform private.finish_spent_job(j, 'canceled', null,
        jsonb_build_object('code', 'canceled', 'message', 'The job was canceled while it ran.'));
    elsif j.attempts >= max_attempts then
      perform private.finish_spent_job(j, 'failed', null,
        jsonb_build_object('code', 'runner_lost', 'message',
          format('The runner stopped responding %s times; the job was given up.', j.attempts)));
    else
      update public.jobs
         set status = 'queued', runner_id = null, lease_expires_at = null, dispatched_at = clock_timestamp()
       where id = j.id;
      perform private.dispatch_job(j.id);
    end if;
    touched := touched + 1;
  end loop;
  -- The due jobs, longest waiting first, locked: those no runner took within job_start_seconds fail, the
  -- rest are sent.
  select coalesce(array_agg(d.id) filter (where not d.stale), '{}'), coalesce(array_agg(d.id) filter (where d.stale), '{}')
    into due, stale
    from (select q.id, q.attempts = 0 and q.created_at < clock_timestamp() - make_interval(secs => start_seconds) as stale
            from public.jobs q
           where q.status = 'queued' and q.dispatched_at < clock_timestamp() - redispatch_after
           order by q.dispatched_at
           limit batch
             for update skip locked) d;
  for j in select * from public.jobs where id = any (stale) loop
    perform private.finish_job(j, 'failed', null,
      jsonb_build_object('code', 'not_started', 'message',
        format('No runner started the job within %s seconds; nothing was charged.', start_seconds)));
    touched := touched + 1;
  end loop;
  -- Without a runner_url the jobs are stamped and wait, as private.dispatch_job leaves them.
  with stamped as (
    update public.jobs q set dispatched_at = clock_timestamp() where q.id = any (due) returning q.id
  )
  select count(*) filter (where url is null
                             or net.http_post(url := url, body := jsonb_build_object('job_id', s.id),
                                              headers := headers, timeout_milliseconds := timeout) is not null)
    into sent
    from stamped s;
  return touched + sent;
end
$$;
GRANT EXECUTE ON FUNCTION private.dispatch_jobs() TO service_role;

CREATE TRIGGER jobs_dispatch AFTER INSERT ON public.jobs FOR EACH ROW EXECUTE FUNCTION private.dispatch_new_job();
